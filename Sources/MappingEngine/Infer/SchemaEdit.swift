/// One change of a schema file's tree, worked out against the tree as it is when applied, so
/// several changes of one property in a round add up instead of overwriting each other.
struct SchemaEdit {
    /// What the change does, for the note when the file does not load with it.
    let what: String
    /// Makes the change; false when it changes nothing.
    let apply: (inout SchemaFileTree) -> Bool
}

/// A property of one model definition, by name.
struct PropertyAddress: Hashable {
    var model: String
    var property: String
}
