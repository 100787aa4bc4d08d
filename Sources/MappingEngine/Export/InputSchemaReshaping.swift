/// The input shapes of reshaping (SPEC §9) in the `{Model}-Input` schema: a `keyBy` map comes as
/// an array of objects, a `pairs` map as a list of name/value objects, a tuple model as a
/// positional array (`prefixItems`), a flattened model's keys beside the enclosing object's.
extension InputSchemaExporter {
    /// What a `keyBy` or `pairs` map comes as; nil for any other map.
    func reshapedMapSchema(_ element: TypeRef, _ property: PropertyDefinition, elementSchema: JSONValue) -> JSONValue? {
        if let keyBy = property.keyBy {
            return ["type": "array", "items": elementSchema,
                    "description": .string("Objects read into a map by their `\(keyBy)`, which no two may share (duplicate_key).")]
        }
        guard let pairs = property.pairs else { return nil }
        var item = InputKeyTree()
        item.place(["type": ["string", "number", "boolean"], "description": "The entry's key, which no two items may share (duplicate_key)."],
                   at: pairs.key, required: true)
        item.place(elementSchema, at: pairs.value, required: !element.nullable)
        return ["type": "array", "items": item.schema()]
    }

    /// A tuple model's input: its properties' values by position, as many as the last required
    /// one needs and no more than it has properties.
    func tupleSchema(_ model: ResolvedModel, positions: [JSONValue]) -> JSONValue {
        let read = model.properties.filter { $0.compute == nil }
        let least = (read.lastIndex { model.isRequired($0) } ?? -1) + 1
        var members: [JSONValue.Member] = [
            .init("type", "array"),
            .init("prefixItems", .array(positions)),
            .init("maxItems", .number(String(read.count))),
        ]
        if least > 0 { members.append(.init("minItems", .number(String(least)))) }
        return .object(members)
    }

    /// A flattened property's model read from the enclosing object itself.
    static func flattenedSchema(_ name: String, _ reference: (String) -> String) -> JSONValue {
        ["$ref": .string(reference(name))]
    }

    /// Whether the model has a flattened property, whose keys an `allOf` branch evaluates: then
    /// `unknownKeys: reject` is said by `unevaluatedProperties`, which sees them.
    static func flattens(_ model: ResolvedModel) -> Bool {
        model.properties.contains { $0.from?.first?.isEnclosing == true }
    }
}
