/// Example payloads of reshaping (SPEC §9): the input shape each reshaped property or model
/// reads — a list for `keyBy` and `pairs`, a positional array for a tuple model, a flattened
/// model's members beside the enclosing object's — with keys that differ from item to item.
extension ExamplePayload {
    /// A tuple model's example: its properties' values by position, null for one left out
    /// before the last written (a trailing one left out is not written).
    func tupleExample(_ model: ResolvedModel, stack: [String], budget: inout Int) -> JSONValue {
        budget -= model.properties.count
        var items: [JSONValue] = []
        var written = 0
        for property in model.properties where property.compute == nil {
            guard let value = propertyValue(property, in: model, stack: stack, budget: &budget) else {
                items.append(.null)
                continue
            }
            items.append(value)
            written = items.count
        }
        return .array(Array(items.prefix(written)))
    }

    /// Puts a flattened property's example members in the enclosing object, each where no
    /// other property has put something.
    func placeFlattened(_ value: JSONValue, rank: Int, into object: inout ExampleObject) {
        guard case .object(let members) = value else { return }
        for member in members {
            _ = object.place(member.value, at: .key(member.key), rank: rank) { $0 == member.value }
        }
    }

    /// The elements of a `keyBy` or `uniqueBy` list with keys that differ: the second and later
    /// get their key property's value for their ordinal (the first keeps its own example's).
    func distinctKeys(_ items: [JSONValue], _ element: TypeRef, _ property: PropertyDefinition) -> [JSONValue] {
        guard let field = property.keyBy ?? property.uniqueBy, items.count > 1, case .model(let name) = element.kind,
              let model = registry.models[name], let key = model.properties.first(where: { $0.name == field }),
              case .key(let inputKey) = model.sources(of: key)[0] else { return items }
        return items.enumerated().map { ordinal, item in
            guard ordinal > 0, case .object(var members) = item,
                  let value = scalar(key.type.kind, key, in: model, ordinal: ordinal) else { return item }
            members.removeAll { $0.key == inputKey }
            members.insert(.init(inputKey, value), at: 0)
            return .object(members)
        }
    }

    /// The list a `keyBy` or `pairs` map is read from; nil for any other map.
    func reshapedList(_ items: [JSONValue], _ property: PropertyDefinition) -> JSONValue? {
        if property.keyBy != nil { return .array(items) }
        guard let pairs = property.pairs else { return nil }
        return .array(items.enumerated().map { index, value in
            var item = ExampleObject()
            let name = JSONValue.string(items.count == 1 ? "key" : "key\(index + 1)")
            _ = item.place(name, at: pairs.key, rank: 0) { $0 == name }
            _ = item.place(value, at: pairs.value, rank: 1) { $0 == value }
            return item.value
        })
    }
}
