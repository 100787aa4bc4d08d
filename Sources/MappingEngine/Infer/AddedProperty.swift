/// A property a schema update adds for an input key no property read: its name, its `from`
/// when the model's key style does not give the key, and what its type is guessed from.
struct AddedProperty {
    /// The property's name, unique in its model.
    var name: String
    /// The `from` that reads the key, nil when the name gives it in the model's key style.
    var from: String?
    /// Distinct values seen under the key (at most `SchemaUpdateLimits.maxValuesPerProperty`).
    var values: [JSONValue] = []
    /// JSON kinds a drift report saw under the key.
    var kinds: Set<String> = []
    /// Whether every guess failed a sample, so the type is `any`.
    var passThrough = false

    /// The name and `from` for `key` in a model of key style `style`: the camelCase form of the
    /// key when the style gives the key back from it, else the key itself when it is an
    /// identifier the style gives back, else the camelCase form with a `from`; a digit is
    /// appended to a name already `taken`.
    init(key: String, style: KeyStyle, taken: Set<String>) {
        let camel = PropertyNaming.camelCase(key)
        let base: String
        if style.key(for: camel) == key {
            base = camel
        } else if ModelName.isValid(key), style.key(for: key) == key {
            base = key
        } else {
            base = camel
        }
        var unique = base
        var suffix = 2
        while taken.contains(unique) {
            unique = base + String(suffix)
            suffix += 1
        }
        name = unique
        from = style.key(for: unique) == key ? nil : PropertyNaming.source(of: key)
    }

    /// The type the values and kinds seen call for; nil when they hold objects.
    func type(key: String) -> TypeRef? {
        if passThrough { return TypeRef(.any) }
        if kinds.isEmpty { return PropertyTypeGuess.type(key: key, values: values) }
        let valueKinds = values.map { value -> String in
            if case .number(let text) = value { return text.contains(where: { ".eE".contains($0) }) ? "number" : "integer" }
            return value.typeName
        }
        return PropertyTypeGuess.type(kinds: kinds.union(valueKinds), example: values.first)
    }

    /// The property's definition: the type alone, or with its `from`.
    func definition(_ type: TypeRef) -> JSONValue {
        guard let from else { return .string(type.description) }
        return .object([JSONValue.Member("type", .string(type.description)), JSONValue.Member("from", .string(from))])
    }
}
