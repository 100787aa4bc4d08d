/// What a successful schema change did.
public struct RegistryUpdate: Sendable {
    /// The cache generation now served.
    public let generation: Int
    /// Models new to the registry, sorted.
    public let added: [String]
    /// Models whose definition changed (a model moved to another file counts), sorted.
    public let replaced: [String]
    /// Models no longer in the registry, sorted.
    public let removed: [String]
    /// The registry digest now served (`SchemaRegistry.digest`).
    public let digest: String
    /// The files that are new or whose text changed, to persist.
    public let written: [SchemaSource]
    /// The files no longer present, to persist.
    public let deleted: [String]
    /// Models given a new version by the change, sorted.
    public let versioned: [String]
    /// Models whose history the change altered (a new version, a new state), to persist in
    /// their ledger files; not those whose history was read from their files.
    public let histories: [String]
}
