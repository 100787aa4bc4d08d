/// Reshaping in inferred schemas (SPEC §9): a list of name/value objects becomes a `map` read
/// with `pairs`, and a list of objects with a distinct id-like key is noted as one `keyBy`
/// could read as a map — a suggestion only, since it changes the output's shape.
extension ShapeResolver {
    /// `resolved`, the type of the array at position `list`, reshaped where its samples show one.
    mutating func reshaped(_ resolved: Resolved, list: Int, suggestion: String) throws(InferenceError) -> Resolved {
        let shape = table[list]
        guard shape.listKeys.lists > 0, let distinct = shape.listKeys.distinct, shape.elements >= 0 else { return resolved }
        let elements = table[shape.elements]
        guard elements.objects > 0, elements.objects == elements.values, !elements.isMap else { return resolved }
        if let pair = ListKeys.pair(of: elements.fields, objects: elements.objects, distinct: distinct),
           let valueField = elements.fields.first(where: { $0.key == pair.value }) {
            var value = try resolve(valueField.shape, suggestion: suggestion)
            value.type = TypeRef(.map(value.type), nullable: resolved.type.nullable)
            value.pairs = PairsDefinition(key: .key(pair.name), value: .key(pair.value))
            let note = "pairs: a list of \(pair.name)/\(pair.value) objects, read as a map"
            value.note = value.note.map { note + "; " + $0 } ?? note
            return value
        }
        guard let key = ListKeys.identifier(of: elements.fields, objects: elements.objects, distinct: distinct),
              let position = elements.fields.firstIndex(where: { $0.key == key }) else { return resolved }
        let name = PropertyNaming(keys: elements.fields.map(\.key)).properties[position].name
        var keyed = resolved
        let note = "suggestion: `type: \"map<…>\", keyBy: \(name)` reads these objects as a map by their distinct \(key)"
        keyed.note = keyed.note.map { $0 + "; " + note } ?? note
        return keyed
    }
}
