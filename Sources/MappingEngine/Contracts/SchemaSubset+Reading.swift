/// What the walk reads of a schema: its reference, branches and JSON types, its numbers as
/// bounds, and the text shown for them.
extension SchemaSubset {
    /// The JSON types a validator knows.
    static let scalarTypes: Set<String> = ["boolean", "integer", "number", "string"]

    /// The target of `schema`'s `$ref`, when it has one.
    static func reference(_ schema: JSONValue) -> String? {
        guard case .string(let reference)? = schema["$ref"] else { return nil }
        return reference
    }

    /// `schema`'s `anyOf`, else its `oneOf` (the exporters' `oneOf` branches are disjoint, so
    /// "one of" and "any of" accept the same instances).
    static func branches(_ schema: JSONValue) -> [JSONValue]? {
        if case .array(let items)? = schema["anyOf"] { return items }
        if case .array(let items)? = schema["oneOf"] { return items }
        return nil
    }

    /// `branch` with `siblings`' keywords where it says nothing of them: the two hold together.
    static func merged(_ siblings: JSONValue, _ branch: JSONValue) -> JSONValue {
        guard case .object(let own) = siblings, case .object(let members) = branch else { return branch }
        let keys = Set(members.map(\.key))
        let added = own.filter { !keys.contains($0.key) && !CanonicalSchema.annotations.contains($0.key) }
        return added.isEmpty ? branch : .object(added + members)
    }

    /// The JSON types `schema` accepts: its `type`, else those of its `enum` or `const`, else
    /// of the schema its `$ref` names in `document`, else of a part of its `allOf`, else of
    /// each branch; nil when any type may come.
    static func types(of schema: JSONValue, in document: SchemaDocument, depth: Int = 0) -> Set<String>? {
        if let declared = declaredTypes(of: schema) { return declared }
        if let values = enumValues(of: schema) { return Set(values.map(jsonType)) }
        guard depth < 8 else { return nil }
        if let reference = reference(schema), let target = document.resolve(reference) {
            return types(of: target, in: document, depth: depth + 1)
        }
        if case .array(let parts)? = schema["allOf"] {
            // Every part holds: the first that says its types says enough for pairing branches.
            for part in parts { if let own = types(of: part, in: document, depth: depth + 1) { return own } }
        }
        if let branches = branches(schema) {
            var union: Set<String> = []
            for branch in branches {
                guard let own = types(of: branch, in: document, depth: depth + 1) else { return nil }
                union.formUnion(own)
            }
            return union
        }
        return nil
    }

    /// `schema`'s `type` keyword as a set; nil when it has none.
    static func declaredTypes(of schema: JSONValue) -> Set<String>? {
        switch schema["type"] {
        case .string(let type)?: return [type]
        case .array(let items)?: return Set(items.compactMap { if case .string(let type) = $0 { type } else { nil } })
        default: return nil
        }
    }

    /// `schema`'s `enum`, or its `const` as a list of one.
    static func enumValues(of schema: JSONValue) -> [JSONValue]? {
        if case .array(let values)? = schema["enum"] { return values }
        if let value = schema["const"] { return [value] }
        return nil
    }

    /// The JSON type of a value, "integer" for a number without fraction or exponent.
    static func jsonType(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number(let text): text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? "number" : "integer"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Whether a value of JSON type `type` fits one of `types`: an integer is a number; with
    /// `lax`, a string takes any scalar (lax conversion writes a number or a boolean as its text).
    static func covers(_ types: Set<String>, _ type: String, lax: Bool) -> Bool {
        if types.contains(type) { return true }
        if type == "integer" && types.contains("number") { return true }
        return lax && types.contains("string") && scalarTypes.contains(type)
    }

    /// Types as text: `string`, or `integer, null`.
    static func typeText(_ types: Set<String>?) -> String {
        guard let types else { return "any" }
        return types.isEmpty ? "nothing" : types.sorted().joined(separator: ", ")
    }

    /// The union of several branches' types as text.
    static func typeText(_ branches: [Set<String>]) -> String {
        typeText(branches.reduce(into: Set<String>()) { $0.formUnion($1) })
    }

    /// A keyword's value as shown: a string as itself, anything else as JSON; "none" when absent.
    static func text(_ value: JSONValue?) -> String {
        switch value {
        case nil: "none"
        case .string(let text)?: text
        case let value?: value.jsonText
        }
    }

    /// The members of an object value by key (the last of equal keys, as `JSONValue` reads them).
    static func entries(_ value: JSONValue?) -> [String: JSONValue] {
        guard case .object(let members)? = value else { return [:] }
        var entries: [String: JSONValue] = [:]
        for member in members { entries[member.key] = member.value }
        return entries
    }

    /// The strings of an array value.
    static func strings(_ value: JSONValue?) -> Set<String> {
        guard case .array(let items)? = value else { return [] }
        return Set(items.compactMap { if case .string(let text) = $0 { text } else { nil } })
    }

    /// `path` followed by the keyword `keyword` and, when given, the name `key` under it.
    static func path(_ path: String, _ keyword: String, _ key: String? = nil) -> String {
        path + PathComponent.pointer([PathComponent.key(keyword)] + (key.map { [PathComponent.key($0)] } ?? []))
    }
}
