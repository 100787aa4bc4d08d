import Synchronization

/// The models of one served registry compiled for output profiles (`?profile=NAME`), each
/// (profile, model) pair compiled the first time a request asks for it and kept until the next
/// schema change swaps in a new table.
///
/// Compiling lazily keeps profiles free for every deployment that does not use them: no model
/// is compiled twice at load. The table is bounded by the registry itself (declared profiles,
/// at most `RegistryLimits.profiles`, plus the built-in ones, times its models), and the lock
/// is held only to look up and to add, never while compiling: two requests racing for the same
/// pair may both compile it, and the first one stored is the one served.
final class ProfiledMetas: Sendable {
    let registry: SchemaRegistry
    // The mutex guards the table: profile name → model name → compiled entry.
    private let table = Mutex<[String: [String: MetaCache.Entry]]>([:])

    init(registry: SchemaRegistry) {
        self.registry = registry
    }

    /// The compiled model `name` written as `profile` says; nil when no such model exists.
    func entry(for name: String, profile: OutputProfile) -> MetaCache.Entry? {
        if let found = table.withLock({ $0[profile.name]?[name] }) { return found }
        guard registry.models[name] != nil else { return nil }
        let kept = table.withLock { $0[profile.name] ?? [:] }
        // The load checked every model under every profile (key collisions), and defaults,
        // enums and values convert the same whatever the form: compiling again finds nothing new.
        let compiled = RegistryCompiler.compile([name], of: registry, keeping: kept, profile: profile.options)
        return table.withLock { table in
            table[profile.name, default: [:]].merge(compiled.entries) { stored, _ in stored }
            return table[profile.name]?[name]
        }
    }
}
