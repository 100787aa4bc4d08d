/// The stable snake_case codes of every error a payload can produce (SPEC §3.5), each with
/// what it means and an example: the one place they are defined, which `convertd reference
/// errors` renders into the README's error table.
public enum ErrorCode: String, Sendable, Codable, CaseIterable {
    case badJSON = "bad_json"
    case emptyBody = "empty_body"
    case tooDeep = "too_deep"
    case typeMismatch = "type_mismatch"
    case missing
    case nullNotAllowed = "null_not_allowed"
    case invalidNumber = "invalid_number"
    case outOfRange = "out_of_range"
    case lossyConversion = "lossy_conversion"
    case invalidBool = "invalid_bool"
    case invalidDate = "invalid_date"
    case invalidURL = "invalid_url"
    case invalidBase64 = "invalid_base64"
    case invalidDuration = "invalid_duration"
    case invalidUUID = "invalid_uuid"
    case invalidEmail = "invalid_email"
    /// An address of the wrong syntax or family for an `ipv4`, `ipv6`, `ip` or `cidr`.
    case invalidIP = "invalid_ip"
    case invalidHostname = "invalid_hostname"
    case enumMismatch = "enum_mismatch"
    case belowMinimum = "below_minimum"
    case aboveMaximum = "above_maximum"
    case tooShort = "too_short"
    case tooLong = "too_long"
    case patternMismatch = "pattern_mismatch"
    case tooFewItems = "too_few_items"
    case tooManyItems = "too_many_items"
    case unknownKey = "unknown_key"
    case unknownDiscriminator = "unknown_discriminator"
    /// Two items of a `keyBy` or `pairs` list with the same key (SPEC §9, reshaping).
    case duplicateKey = "duplicate_key"
    /// Two elements of a `uniqueBy` array with the same value of that property.
    case duplicateItem = "duplicate_item"
    /// A model rule that does not hold; the rule's own `code` replaces this one when it has one.
    case ruleFailed = "rule_failed"
    /// A rule, `compute`, `transform` or `when` predicate whose evaluation raised a CEL error.
    case evaluationError = "evaluation_error"
    /// The document's expressions spent their run-time budget.
    case ruleCostExceeded = "rule_cost_exceeded"
    /// No `when` predicate of a discriminator holds, and it has no `fallback`.
    case noMatchingModel = "no_matching_model"
    /// An element of a streamed array (or a line of an NDJSON body) over the per-document size limit.
    case bodyTooLarge = "body_too_large"
    /// Stands after the first `maxErrors` errors of a document, with the total of all of them.
    case tooManyErrors = "too_many_errors"

    /// Whether the code is about the document as a whole, which is then not converted at all
    /// (it is not JSON, is empty, or nests too deep), rather than about one of its values.
    public var isSyntax: Bool {
        switch self {
        case .badJSON, .emptyBody, .tooDeep: true
        default: false
        }
    }

    /// What the code means, for the reference (Markdown).
    public var meaning: String {
        switch self {
        case .badJSON:
            "The body (or an NDJSON line, or a sample to infer from) is not JSON: the entry gives the `offset`, `line` and "
                + "`column` of the first mistake. Invalid UTF-8 and lone surrogate escapes are mistakes too."
        case .emptyBody: "The body is empty, or holds only white space."
        case .tooDeep: "The body nests arrays and objects deeper than `--max-depth`."
        case .typeMismatch:
            "The value's JSON type is not one the property's type takes: an object for a `string`, a string for a model. "
                + "Strict mode takes only the natural JSON type, so a `\"640\"` for an integer is one there. An externally tagged "
                + "object (`style: external`) must have exactly one member."
        case .missing:
            "A required property's key is absent (none of its `from` candidates is present), or the content beside an adjacent tag (`style: adjacent`)."
        case .nullNotAllowed:
            "`null` (or, in lax mode, a null word such as `\"nil\"`) where nothing may be null: a required property, or an "
                + "element of an array, set or map whose element type is not nullable."
        case .invalidNumber: "Text where a number is expected that is not a number."
        case .outOfRange: "A number outside the range of the property's integer type, or past the finite range of a `float` or `double`."
        case .lossyConversion:
            "A value the type cannot hold exactly: a fraction for an integer, more digits than a `float` or `double` keeps; "
                + "from `reverse`, a date that none of the property's `formats` writes exactly."
        case .invalidBool: "A value that is not one of the boolean words (`true false yes no on off t f y n`, any case) or 0 and 1."
        case .invalidDate:
            "A value in none of the date formats the property takes; for a `date` with a `timezone`, a local time the zone "
                + "skips (a daylight-saving gap). For a `localDate`, not a calendar date; for a `time`, not a time of day."
        case .invalidURL: "A string that is not an absolute URI (RFC 3986)."
        case .invalidBase64: "A string that is not base64, standard or URL-safe."
        case .invalidDuration:
            "A value that is not a duration (ISO 8601 `PT1H30M`; in lax mode also `90s`, `1h30m` and seconds), or one in "
                + "years or months, which have no fixed length; a negative one; one finer than a nanosecond or past about 292 "
                + "years (CEL's range)."
        case .invalidUUID: "A string that is not a UUID (in lax mode, also in braces, after `urn:uuid:`, or without hyphens)."
        case .invalidEmail:
            "A string that is not an email address: a dot-atom local part of at most 64 bytes, `@`, a hostname; 254 bytes in all."
        case .invalidIP:
            "A string that is not an address of the property's family (`ipv4`, `ipv6`, `ip`), or for a `cidr` not "
                + "`address/prefix` with no bit set past the prefix."
        case .invalidHostname: "A string that is not a hostname: dot-separated labels of letters, digits and `-` (RFC 1123)."
        case .enumMismatch: "A value that is not one of the property's `enum`, or not an input its `values` table maps."
        case .belowMinimum: "A number below the property's `minimum`, or not above its `exclusiveMinimum`."
        case .aboveMaximum: "A number above the property's `maximum`, or not below its `exclusiveMaximum`."
        case .tooShort: "A string with fewer characters than the property's `minLength` (for `data`, fewer bytes)."
        case .tooLong: "A string with more characters than the property's `maxLength` (for `data`, more bytes)."
        case .patternMismatch: "A string in which the property's `pattern` finds no match."
        case .tooFewItems: "An array, set or map with fewer elements than the property's `minItems`."
        case .tooManyItems: "An array, set or map with more elements than the property's `maxItems`."
        case .unknownKey: "A key no property reads, in a model with `unknownKeys: reject`; from `reverse`, a key the model does not write."
        case .unknownDiscriminator:
            "A discriminator tag that is not one of its `mapping`'s tags, and no `fallback` (a missing or null tag keeps the model that declares it)."
                + " From `reverse`, an object no mapped model of an external tag writes."
        case .duplicateKey:
            "Two items of a list read as a map (`keyBy`, `pairs`) have the same key: the message names the key and both "
                + "indexes; the entry points at the later one. (An object with a key twice is not this error: the last value wins.)"
        case .duplicateItem:
            "Two elements of a `uniqueBy` array or set have the same value of that property: the message names the value and "
                + "both indexes; the entry points at the later one."
        case .ruleFailed:
            "A model rule (`rules`) that does not hold for the converted object. The entry carries the `rule`; a rule with "
                + "its own `code` and `message` is reported with those, at its `path`."
        case .evaluationError:
            "A `rules`, `compute`, `transform` or discriminator `when` expression that raised an error as it ran: no such "
                + "key, integer overflow, division by zero, a conversion that does not parse."
        case .ruleCostExceeded:
            "The document's expressions ran past the per-document budget (`--max-rule-cost` steps)."
        case .noMatchingModel:
            "No `when` predicate of the discriminator holds for the object and it has no `fallback`: the message names each branch."
        case .bodyTooLarge:
            "One element of a streamed JSON array, or one NDJSON line, is larger than `--max-body-bytes`: it fails alone, at "
                + "its index, and the rest are converted."
        case .tooManyErrors:
            "Stands after the first `--max-errors` errors of a document, with their `total`; errors past the cap are "
                + "counted, not listed."
        }
    }

    /// A payload that gets this code, and the model it is converted to.
    public var example: ErrorExample {
        switch self {
        case .badJSON: .property("id: int64", payload: #"{"id": 1,}"#)
        case .emptyBody: .property("id: int64", payload: "")
        case .tooDeep: ErrorExample(schema: "\(ErrorExample.model):\n  properties:\n    grid: \"array<array<int32>>\"\n",
                                    payload: #"{"grid": [[1]]}"#, options: ConversionOptions(maxDepth: 2))
        case .typeMismatch: .property("title: string", payload: #"{"title": {"text": "Dune"}}"#)
        case .missing: .property("title: { type: string, required: true }", payload: "{}")
        case .nullNotAllowed: .property("title: { type: string, required: true }", payload: #"{"title": null}"#)
        case .invalidNumber: .property("pages: uint32", payload: #"{"pages": "many"}"#)
        case .outOfRange: .property("pages: uint32", payload: #"{"pages": -1}"#)
        case .lossyConversion: .property("pages: uint32", payload: #"{"pages": 412.5}"#)
        case .invalidBool: .property("inStock: bool", payload: #"{"inStock": "maybe"}"#)
        case .invalidDate: .property("published: date", payload: #"{"published": "next Tuesday"}"#)
        case .invalidURL: .property("homepage: url", payload: #"{"homepage": "example dot com"}"#)
        case .invalidBase64: .property("cover: data", payload: #"{"cover": "not base64!"}"#)
        case .invalidDuration: .property("runtime: duration", payload: #"{"runtime": "P1M"}"#)
        case .invalidUUID: .property("id: uuid", payload: #"{"id": "f81d4fae-7dec-11d0-a765"}"#)
        case .invalidEmail: .property("contact: email", payload: #"{"contact": "editor at example.com"}"#)
        case .invalidIP: .property("server: ipv4", payload: #"{"server": "192.168.1.256"}"#)
        case .invalidHostname: .property("mirror: hostname", payload: #"{"mirror": "-mirror.example.com"}"#)
        case .enumMismatch: .property("status: { type: string, enum: [draft, published] }", payload: #"{"status": "archived"}"#)
        case .belowMinimum: .property("price: { type: decimal, minimum: 0 }", payload: #"{"price": -1}"#)
        case .aboveMaximum: .property("stars: { type: uint8, maximum: 5 }", payload: #"{"stars": 6}"#)
        case .tooShort: .property("title: { type: string, minLength: 1 }", payload: #"{"title": ""}"#)
        case .tooLong: .property("currency: { type: string, maxLength: 3 }", payload: #"{"currency": "EURO"}"#)
        case .patternMismatch: .property(#"currency: { type: string, pattern: "^[A-Z]{3}$" }"#, payload: #"{"currency": "eur"}"#)
        case .tooFewItems: .property(#"tags: { type: "array<string>", minItems: 1 }"#, payload: #"{"tags": []}"#)
        case .tooManyItems: .property(#"tags: { type: "array<string>", maxItems: 2 }"#, payload: #"{"tags": ["a", "b", "c"]}"#)
        case .unknownKey: .properties(["id: int64"], modelOptions: ["unknownKeys: reject"], payload: #"{"id": 1, "colour": "red"}"#)
        case .unknownDiscriminator:
            .properties(["title: string"], modelOptions: ["discriminator: { from: kind, mapping: { ebook: EBook } }"],
                        payload: #"{"kind": "vinyl", "title": "Dune"}"#)
                .adding("EBook:\n  extends: \(ErrorExample.model)\n  properties:\n    url: url\n")
        case .duplicateKey:
            .property(#"items: { type: "map<Item>", keyBy: sku }"#, payload: #"{"items": [{"sku": "a1"}, {"sku": "b2"}, {"sku": "a1"}]}"#)
                .adding("Item:\n  properties:\n    sku: string\n")
        case .duplicateItem:
            .property(#"lines: { type: "array<Line>", uniqueBy: sku }"#, payload: #"{"lines": [{"sku": "a1"}, {"sku": "a1"}]}"#)
                .adding("Line:\n  properties:\n    sku: string\n")
        case .ruleFailed:
            .properties(["min: decimal", "max: decimal"], modelOptions: [#"rules: [{ rule: "self.min <= self.max", path: /max }]"#],
                        payload: #"{"min": 5, "max": 1}"#)
        case .evaluationError:
            .properties(["count: int64", "total: int64"], modelOptions: [#"rules: ["self.total / self.count > 0"]"#],
                        payload: #"{"count": 0, "total": 10}"#)
        case .ruleCostExceeded:
            .properties([#"tags: { type: "array<string>", maxItems: 100 }"#],
                        modelOptions: [#"rules: ["self.tags.all(a, self.tags.all(b, a == b || a != b))"]"#],
                        payload: #"{"tags": ["a", "b", "c", "d"]}"#, options: ConversionOptions(ruleBudget: 10))
        case .noMatchingModel:
            .properties(["id: int64"], modelOptions: [#"discriminator: { when: [{ if: "has(self.radius)", model: Circle }] }"#],
                        payload: #"{"id": 1, "side": 2}"#)
                .adding("Circle:\n  properties:\n    radius: double\n")
        case .bodyTooLarge:
            .properties(["id: int64", "title: string"], payload: #"[{"id": 1}, {"id": 2, "title": "longer than the limit"}]"#,
                        maxElementBytes: 16)
        case .tooManyErrors:
            .properties(["id: int64", "pages: uint32", "stars: uint8"], payload: #"{"id": "x", "pages": "y", "stars": "z"}"#,
                        options: ConversionOptions(maxErrors: 2))
        }
    }
}
