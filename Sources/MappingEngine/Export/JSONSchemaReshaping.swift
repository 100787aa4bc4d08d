/// Reshaping (SPEC §9) in the output's JSON Schema: the output is the declared map, array or
/// object, which the schema already states; where it was read from, and the uniqueness a
/// `uniqueBy` enforces, JSON Schema cannot say, so they are carried as extensions, as rules are.
extension JSONSchemaExporter {
    /// `schema` with the property's reshaping options as `x-convertd-…` members.
    static func reshapingNote(on schema: JSONValue, _ property: PropertyDefinition) -> JSONValue {
        guard case .object(var members) = schema else { return schema }
        if let keyBy = property.keyBy { members.append(.init("x-convertd-keyBy", .string(keyBy))) }
        if let pairs = property.pairs {
            members.append(.init("x-convertd-pairs", ["key": .string(pairs.key.description), "value": .string(pairs.value.description)]))
        }
        if let uniqueBy = property.uniqueBy { members.append(.init("x-convertd-uniqueBy", .string(uniqueBy))) }
        if property.from?.first?.isEnclosing == true { members.append(.init("x-convertd-from", ".")) }
        return .object(members)
    }
}
