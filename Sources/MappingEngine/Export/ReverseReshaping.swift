/// `/reverse` of the reshaped properties (SPEC §9): a `keyBy` map back to its array of objects, a
/// `pairs` map back to its list of name/value objects, a tuple model back to its positional
/// array, and a flattened model's members back beside the enclosing object's; order kept.
extension ReverseMapper {
    /// A `keyBy` or `pairs` map written back as the list it was read from; nil for any other map.
    mutating func reverseReshapedMap(_ members: [JSONValue.Member], element: TypeRef, _ property: PropertyDefinition,
                                     path: [PathComponent]) -> JSONValue? {
        if let keyBy = property.keyBy {
            return .array(members.map { member in
                var object = member.value
                // The map key is the object's key property, as conversion wrote it; one left out is the key again.
                if case .object(var fields) = object, !fields.contains(where: { $0.key == keyBy }) {
                    fields.insert(.init(keyBy, ReverseMapper.keyValue(member.key, element, keyBy, registry)), at: 0)
                    object = .object(fields)
                }
                return reverseElement(object, element, property, path: path + [.key(member.key)])
            })
        }
        guard let pairs = property.pairs else { return nil }
        return .array(members.map { member in
            var item = JSONValue.object([])
            ReverseMapper.place(.string(member.key), at: pairs.key.components[...], numericIsIndex: pairs.key.isPointer, in: &item)
            let value = reverseElement(member.value, element, property, path: path + [.key(member.key)])
            ReverseMapper.place(value, at: pairs.value.components[...], numericIsIndex: pairs.value.isPointer, in: &item)
            return item
        })
    }

    /// A map key as the value of the key property: a number for a numeric type, else the text.
    private static func keyValue(_ key: String, _ element: TypeRef, _ field: String, _ registry: SchemaRegistry) -> JSONValue {
        guard case .model(let name) = element.kind, let property = registry.models[name]?.properties.first(where: { $0.name == field }) else {
            return .string(key)
        }
        switch property.type.kind {
        case .integer, .float, .double, .decimal:
            if case .number? = try? JSONValue(parsing: key) { return .number(key) }
            return .string(key)
        case .bool:
            return key == "true" ? .bool(true) : key == "false" ? .bool(false) : .string(key)
        default:
            return .string(key)
        }
    }

    /// A tuple model's object as its positional array: each property at its position, null where
    /// one is absent before the last present one (a trailing absent one is left off).
    mutating func reverseTuple(_ value: JSONValue, _ model: ResolvedModel, path: [PathComponent]) -> JSONValue {
        guard case .object(let members) = value else {
            fail(path, .typeMismatch, "expected object, got \(value.typeName)", value)
            return .null
        }
        var items: [JSONValue] = []
        var present = 0
        for property in model.properties where property.compute == nil {
            guard let item = value[property.name] else {
                if model.isRequired(property) { fail(path + [.key(property.name)], .missing, "required property is missing", nil) }
                items.append(.null)
                continue
            }
            items.append(reverseValue(item, property.type, property, path: path + [.key(property.name)]))
            present = items.count
        }
        let names = Set(model.properties.map(\.name))
        for member in members where !names.contains(member.key) {
            fail(path + [.key(member.key)], .unknownKey, "no property of \(model.name) writes this key", member.value)
        }
        return .array(Array(items.prefix(present)))
    }

    /// Puts a flattened property's reversed members beside the enclosing object's own.
    static func merge(_ flattened: JSONValue, into result: inout JSONValue) {
        guard case .object(let members) = flattened else { return }
        for member in members {
            place(member.value, at: [member.key][...], numericIsIndex: false, in: &result)
        }
    }
}
