/// A JSON Schema reduced to what it constrains: annotations dropped (descriptions, titles,
/// defaults, OpenAPI's `discriminator`, convertd's notes on reshaping), members sorted, so two
/// schemas that accept the same instances for the same reasons compare equal with `==`.
enum CanonicalSchema {
    /// Keywords that accept or refuse nothing.
    static let annotations: Set<String> = [
        "$schema", "$id", "$comment", "title", "description", "default", "examples", "readOnly", "writeOnly",
        "deprecated", "discriminator", "x-convertd-keyBy", "x-convertd-pairs", "x-convertd-uniqueBy", "x-convertd-from",
    ]

    /// Keywords whose value is a schema.
    private static let subschema: Set<String> = ["items", "additionalProperties", "unevaluatedProperties", "not", "propertyNames", "contains"]
    /// Keywords whose value is an array of schemas.
    private static let subschemaLists: Set<String> = ["anyOf", "oneOf", "allOf", "prefixItems"]
    /// Keywords whose value is an object of schemas by name.
    private static let subschemaMaps: Set<String> = ["properties", "patternProperties", "$defs"]
    /// Keywords whose value is a list in which order means nothing.
    private static let unorderedLists: Set<String> = ["type", "required"]

    /// `schema` without annotations, its members sorted by key.
    static func canonical(_ schema: JSONValue) -> JSONValue {
        guard case .object(let members) = schema else { return schema }
        var kept: [JSONValue.Member] = []
        for member in members where !annotations.contains(member.key) {
            kept.append(.init(member.key, canonicalValue(of: member)))
        }
        return .object(kept.sorted { $0.key < $1.key })
    }

    /// A member's value in canonical form: schemas within it canonical, a set-like list sorted.
    private static func canonicalValue(of member: JSONValue.Member) -> JSONValue {
        let key = member.key, value = member.value
        if subschema.contains(key) { return canonical(value) }
        if subschemaLists.contains(key), case .array(let items) = value { return .array(items.map(canonical)) }
        if subschemaMaps.contains(key), case .object(let entries) = value {
            return .object(entries.map { .init($0.key, canonical($0.value)) }.sorted { $0.key < $1.key })
        }
        if unorderedLists.contains(key), case .array(let items) = value {
            return .array(items.sorted { $0.jsonText < $1.jsonText })
        }
        return value
    }

    /// Whether `schema` accepts everything: `true`, or an object of annotations only.
    static func acceptsAll(_ schema: JSONValue) -> Bool {
        switch schema {
        case .bool(let value): value
        case .object(let members): members.allSatisfy { annotations.contains($0.key) }
        default: false
        }
    }

    /// Whether `schema` (in canonical form or not) holds a `$ref`, whose target may differ
    /// between two versions even where the reference itself does not.
    static func refers(_ schema: JSONValue) -> Bool {
        switch schema {
        case .object(let members): members.contains { $0.key == "$ref" || refers($0.value) }
        case .array(let items): items.contains(where: refers)
        default: false
        }
    }

    /// `schema` without the members named in `keys`.
    static func removing(_ keys: Set<String>, from schema: JSONValue) -> JSONValue {
        guard case .object(let members) = schema else { return schema }
        return .object(members.filter { !keys.contains($0.key) })
    }

    /// Minified JSON of `value`, cut to `limit` characters (an ellipsis marks the cut).
    static func short(_ value: JSONValue, limit: Int = 100) -> String {
        cut(value.jsonText, limit: limit)
    }

    /// `text` cut to `limit` characters.
    static func cut(_ text: String, limit: Int = 100) -> String {
        text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
    }
}
