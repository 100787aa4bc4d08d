/// The type of a property added for an unknown key: what `SchemaInference` gives the values
/// seen, or, from a drift report, what the JSON kinds seen allow.
enum PropertyTypeGuess {
    /// The type inference gives `values` seen under `key` (string, int64, double or decimal,
    /// bool, date, url, a format, `array<T>`…); nil when a value holds an object, as nested
    /// models are not added.
    static func type(key: String, values: [JSONValue]) -> TypeRef? {
        guard !values.contains(where: holdsObject) else { return nil }
        guard var inference = try? SchemaInference(model: "Sample") else { return nil }
        let parser = JSONParser()
        let tape = JSONTape()
        for value in values {
            let bytes = JSONValue.object([JSONValue.Member(key, value)]).jsonBytes
            let added: Bool = bytes.withUnsafeBufferPointer { buffer in
                guard let document = try? parser.parse(buffer, into: tape) else { return false }
                return (try? inference.add(document)) != nil
            }
            guard added else { return nil }
        }
        guard let text = try? inference.schema(.json), let schema = try? JSONValue(parsing: text),
              case .object(let properties)? = schema["Sample"]?["properties"], let first = properties.first else { return nil }
        let typeText: String
        switch first.value {
        case .string(let text): typeText = text
        case .object:
            guard case .string(let text)? = first.value["type"] else { return nil }
            typeText = text
        default: return nil
        }
        guard let type = try? TypeRef(parsing: typeText), type.modelNames.isEmpty else { return nil }
        return type
    }

    /// The type for the JSON kinds a drift report saw (string, integer, number, boolean,
    /// object, array, null): one kind keeps its type, integers with numbers are `double`, other
    /// mixes of scalars `string` (which takes numbers and booleans as their text), only nulls
    /// `any`; an array is typed from the `example` when it holds scalars only. Nil for objects.
    static func type(kinds: Set<String>, example: JSONValue?) -> TypeRef? {
        let seen = kinds.subtracting(["null"])
        if seen.contains("object") { return nil }
        if seen.contains("array") {
            guard seen == ["array"], let example, case .array = example else { return nil }
            return type(key: "value", values: [example])
        }
        switch seen {
        case []: return TypeRef(.any)
        case ["boolean"]: return TypeRef(.bool)
        case ["integer"]: return TypeRef(.integer(.int64))
        case ["number"], ["integer", "number"]: return TypeRef(.double)
        default: return TypeRef(.string)
        }
    }

    /// Whether `value` is an object or an array holding one, at any depth.
    static func holdsObject(_ value: JSONValue) -> Bool {
        switch value {
        case .object: true
        case .array(let items): items.contains(where: holdsObject)
        default: false
        }
    }
}
