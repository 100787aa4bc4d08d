/// The keys an input object is read at, as a tree: what the value at each key must be and which
/// keys must be there, gathered property by property and written as one JSON Schema. The object
/// part of `InputSchemaExporter`'s schemas.
struct InputKeyTree {
    /// Schemas the value here must meet, every one.
    private var constraints: [JSONValue] = []
    /// The keys below, in the order first placed.
    private var children: [Child] = []
    /// Array positions past this are not written as `prefixItems` (a schema of that many
    /// entries would say little); the key still is.
    private static let maxIndex = 64

    /// One key below.
    private struct Child {
        var key: String
        var tree: InputKeyTree
        var required: Bool
        /// The array position a JSON Pointer reads this key as, when the value is an array.
        var index: Int?
    }

    /// Adds `schema` for the value `source` reads. `required` makes each key on the way required;
    /// it is ignored for a JSON Pointer, whose steps may be array positions.
    mutating func place(_ schema: JSONValue, at source: KeySource, required: Bool) {
        place(schema, at: source.components[...], pointer: source.isPointer, required: required && !source.isPointer)
    }

    private mutating func place(_ schema: JSONValue, at steps: ArraySlice<String>, pointer: Bool, required: Bool) {
        guard let key = steps.first else {
            constraints.append(schema)
            return
        }
        let index = pointer ? Lookup.arrayIndex(key) : nil
        if let existing = children.firstIndex(where: { $0.key == key }) {
            children[existing].required = children[existing].required || required
            children[existing].index = children[existing].index ?? index
            children[existing].tree.place(schema, at: steps.dropFirst(), pointer: pointer, required: required)
        } else {
            var tree = InputKeyTree()
            tree.place(schema, at: steps.dropFirst(), pointer: pointer, required: required)
            children.append(Child(key: key, tree: tree, required: required, index: index))
        }
    }

    /// Every constraint placed here (`allOf` when several) and the keys below: `properties`,
    /// which bind only an object, and `prefixItems` for positions, which bind only an array — a
    /// value of another type reads as missing, which the converter reports, not the schema.
    func schema() -> JSONValue {
        var parts = constraints
        if !children.isEmpty {
            // Each subtree is written once: a position's schema is its key's.
            let schemas = children.map { $0.tree.schema() }
            var members: [JSONValue.Member] = [.init("properties", .object(zip(children, schemas).map { .init($0.key, $1) }))]
            let required = children.filter(\.required).map { JSONValue.string($0.key) }
            if !required.isEmpty { members.append(.init("required", .array(required))) }
            let positions = zip(children, schemas).compactMap { child, schema in child.index.map { (index: $0, schema: schema) } }
                .filter { $0.index <= InputKeyTree.maxIndex }
            if let last = positions.map(\.index).max() {
                var items = [JSONValue](repeating: [:], count: last + 1)
                for position in positions { items[position.index] = position.schema }
                members.append(.init("prefixItems", .array(items)))
            }
            parts.append(.object(members))
        }
        switch parts.count {
        case 0: return [:]
        case 1: return parts[0]
        default: return ["allOf": .array(parts)]
        }
    }
}
