/// `pairs: {key: name, value: value}`: where each object of a name/value list holds its name
/// and its value, so the list reads as a `map<T>` (SPEC §9, reshaping).
public struct PairsDefinition: Sendable, Hashable {
    /// Where an item holds the map key (a key, key path or JSON Pointer inside the item).
    public var key: KeySource
    /// Where an item holds the value, which converts to the map's element type.
    public var value: KeySource

    public init(key: KeySource, value: KeySource) {
        self.key = key
        self.value = value
    }
}
