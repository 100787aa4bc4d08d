/// One model as its schema file states it, before inheritance is resolved.
public struct ModelDefinition: Sendable, Hashable {
    /// Unique across all files.
    public var name: String
    /// The file it was read from, relative to the schema directory.
    public var file: String
    /// The parent model whose properties come first.
    public var extends: String?
    /// Key style; nil inherits the parent's, else `as_is`.
    public var keys: KeyStyle?
    /// Unknown-key policy; nil inherits the parent's, else `ignore`.
    public var unknownKeys: UnknownKeyPolicy?
    /// Whitelist of property names, applied after `extends`.
    public var include: [String]?
    /// Blacklist of property names, applied after `extends`.
    public var exclude: [String]?
    public var discriminator: DiscriminatorDefinition?
    /// `required: all`: every property is required unless it says `required: false`.
    public var requiredAll: Bool?
    /// `tuple: true`: read from a positional array, element i into property i; nil inherits.
    public var tuple: Bool?
    /// `output:`: how the model's members are written; what it leaves unset is the parent's.
    public var output = OutputOptions()
    public var description: String?
    /// Properties in declaration order, which is the output order.
    public var properties: [PropertyDefinition] = []
    /// CEL rules over the converted object (SPEC §8), checked after its properties.
    public var rules: [RuleDefinition] = []
    /// Example payloads (`examples:`), in declaration order. The model's own: a model that
    /// extends it does not inherit them, so `ResolvedModel` has none.
    public var examples: [ModelExample] = []
    /// `compatibility:`: the level its changes are held to (SPEC §11); nil takes the server's.
    public var compatibility: CompatibilityLevel?
    /// Content hash of the definition (16 hex digits), for `GET /schemas`.
    public var version = ""

    public init(name: String, file: String) {
        self.name = name
        self.file = file
    }

    /// Every model this definition refers to: parent, property types and discriminator targets.
    public var references: Set<String> {
        var names = Set(properties.flatMap { $0.type.modelNames })
        if let extends { names.insert(extends) }
        if let discriminator { names.formUnion(discriminator.models) }
        return names
    }
}

/// Picks the concrete model from the payload: by a tag (`from` + `mapping`), or by CEL
/// predicates over the raw input object (`when`), with an optional `fallback` for an unmapped
/// tag or no predicate matching.
public struct DiscriminatorDefinition: Sendable, Hashable {
    /// Where the tag is read; nil with `when`.
    public var from: KeySource?
    /// Tag text → model name, in declaration order.
    public var mapping: [Entry]
    /// Predicates in order: the first that holds picks its model.
    public var when: [Predicate] = []
    /// The model for an unmapped tag, or when no predicate holds.
    public var fallback: String?
    /// Where the tag sits: in the object (`from`), as its one key, or beside its `content`.
    public var style = DiscriminatorStyle.internal
    /// With `style: adjacent`, the key of the object the picked model converts.
    public var content: String?
    /// Tags match their mapping whatever their letters' case (`caseInsensitive: true`).
    public var caseInsensitive = false

    public init(from: KeySource?, mapping: [Entry], when: [Predicate] = [], fallback: String? = nil) {
        self.from = from
        self.mapping = mapping
        self.when = when
        self.fallback = fallback
    }

    /// One tag and the model it selects.
    public struct Entry: Sendable, Hashable {
        public var tag: String
        public var model: String
    }

    /// `{ if: "has(self.radius)", model: Circle }`.
    public struct Predicate: Sendable, Hashable {
        /// The CEL expression, over the raw input object as `self`.
        public var condition: String
        public var model: String
    }

    /// Every model it can pick, in declaration order.
    public var models: [String] {
        mapping.map(\.model) + when.map(\.model) + (fallback.map { [$0] } ?? [])
    }
}

/// One model rule: a CEL expression over the converted object that must hold (SPEC §8).
public struct RuleDefinition: Sendable, Hashable {
    /// The CEL expression, `self` being the converted object.
    public var rule: String
    /// JSON Pointer, relative to the model, where the error points; nil: the model itself.
    public var path: String?
    /// The error's code; nil: `rule_failed`.
    public var code: String?
    /// The error's message; nil: one naming the rule.
    public var message: String?

    public init(rule: String, path: String? = nil, code: String? = nil, message: String? = nil) {
        self.rule = rule
        self.path = path
        self.code = code
        self.message = message
    }

    /// Whether `code` may name a rule's error: snake_case, as every built-in code is.
    public static func isValidCode(_ code: String) -> Bool {
        let bytes = Array(code.utf8)
        guard let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first), bytes.count <= 64 else { return false }
        return bytes.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_") }
    }
}

/// One property as its schema file states it.
public struct PropertyDefinition: Sendable, Hashable {
    /// The output key.
    public var name: String
    public var type: TypeRef
    /// Candidate input locations in priority order; nil means the key from the model's `keys` style.
    public var from: [KeySource]?
    /// nil: the model's default (`required: all` or optional).
    public var required: Bool?
    /// Used when the key is missing, or null on a non-nullable property.
    public var defaultValue: JSONValue?
    /// Allowed output values.
    public var enumValues: [JSONValue]?
    /// Input literal text → output value.
    public var values: [JSONValue.Member]?
    /// Number bounds, kept as literal text so they are exact.
    public var minimum: String?
    public var maximum: String?
    public var exclusiveMinimum: String?
    public var exclusiveMaximum: String?
    public var minLength: Int?
    public var maxLength: Int?
    public var pattern: String?
    public var minItems: Int?
    public var maxItems: Int?
    /// Accepted date input formats, replacing the defaults.
    public var formats: [DateFormat]?
    /// For `date`: the IANA zone (`Europe/Berlin`) of inputs that name no offset; UTC without it.
    public var timezone: String?
    /// For `date`: write each instant with the offset it came with rather than in UTC (the
    /// engine side of the `rfc3339-offset` date output).
    public var keepOffset = false
    /// CEL over the converted object whose value this output-only property takes.
    public var compute: String?
    /// CEL over the raw input value, whose result the property's type then converts.
    public var transform: String?
    /// This property never coerces, whatever the request's mode.
    public var strict = false
    /// A single non-array value becomes a one-element array.
    public var wrapSingle = false
    /// What a value that fails to convert does: fail the document, or recover with a warning.
    public var onError = ErrorPolicy.fail
    /// What an element of an array, set or map that fails to convert does.
    public var onItemError = ItemErrorPolicy.fail
    /// Reshaping (SPEC §9): a `map<Model>` read from an array of objects, keyed by this property.
    public var keyBy: String?
    /// Reshaping: a `map<T>` read from a list of name/value objects.
    public var pairs: PairsDefinition?
    /// Reshaping: an `array<Model>` or `set<Model>` whose elements must differ in this property.
    public var uniqueBy: String?
    /// `output:`: how this property's value is written, over its model's options.
    public var output = OutputOptions()
    public var description: String?

    public init(name: String, type: TypeRef) {
        self.name = name
        self.type = type
    }
}
