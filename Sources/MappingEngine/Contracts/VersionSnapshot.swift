/// What a version of a model is made of: the model and every model it uses or extends,
/// transitively, as their files say, and the output profiles declared with them.
///
/// A version's digest is not this text's but its model's reach digest (`ReachDigests`).
struct VersionSnapshot {
    /// The models reached, by name, each as its file writes it.
    let models: [(name: String, value: JSONValue)]
    /// The `$profiles` member of the files, merged; nil when none declares any.
    let profiles: JSONValue?

    /// The schema file that rebuilds the version (JSON).
    var text: String {
        let profileMember = profiles.map { [JSONValue.Member(OutputProfile.fileKey, $0)] } ?? []
        return SchemaWriter.text(of: .object(profileMember + models.map { .init($0.name, $0.value) }), file: "snapshot.json")
    }
}

/// Builds the snapshots of a registry's models, reading each file's text once.
struct VersionSnapshots {
    let registry: SchemaRegistry
    private var roots: [String: [JSONValue.Member]] = [:]

    init(registry: SchemaRegistry) {
        self.registry = registry
        let files = Set(registry.definitions.values.map(\.file))
        for source in registry.sources where files.contains(source.file) {
            if case .object(let members)? = try? source.root(limits: registry.limits) { roots[source.file] = members }
        }
    }

    /// The models `name` reaches, itself first, then the others by name; nil past `limit`.
    func closure(of name: String, limit: Int) -> [String]? {
        var seen: Set<String> = [name]
        var pending = [name]
        while let next = pending.popLast() {
            for target in registry.definitions[next]?.references ?? [] where seen.insert(target).inserted {
                guard seen.count <= limit else { return nil }
                pending.append(target)
            }
        }
        return [name] + seen.subtracting([name]).sorted()
    }

    /// The most models a snapshot holds: past it a version is not kept for pinning, so that a
    /// change at the end of a long chain of references costs no more than this per model.
    static let maxModels = 256

    /// The snapshot of `name`; nil when a model it reaches has no text (a registry built
    /// from definitions alone), or when it reaches more than `maxModels` models.
    func snapshot(of name: String) -> VersionSnapshot? {
        guard let reached = closure(of: name, limit: VersionSnapshots.maxModels) else { return nil }
        var models: [(name: String, value: JSONValue)] = []
        for member in reached {
            guard let file = registry.definitions[member]?.file,
                  let value = roots[file]?.first(where: { $0.key == member })?.value else { return nil }
            models.append((member, value))
        }
        let declared = roots.keys.sorted().compactMap { roots[$0]?.first { $0.key == OutputProfile.fileKey }?.value }
        let profiles: JSONValue? = declared.isEmpty ? nil : .object(declared.flatMap { value -> [JSONValue.Member] in
            if case .object(let members) = value { return members }
            return []
        })
        return VersionSnapshot(models: models, profiles: profiles)
    }
}
