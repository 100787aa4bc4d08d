import Dispatch

/// The compile stage of every schema change: compiles each affected model of a resolved
/// registry once, pointing at the kept metas of the models the change does not affect, and
/// lists every mistake only compiling finds (constraints that do not fit their type; defaults,
/// enums and values that do not convert; patterns that do not compile).
enum RegistryCompiler {
    /// The metas a compile built, ready for the table, and what it found.
    struct Output: Sendable {
        /// The compiled models with their groups, by name.
        var entries: [String: MetaCache.Entry]
        /// Every mistake found, with file, model and property.
        var errors: [SchemaError]
        /// How long compiling took.
        var nanoseconds: UInt64
    }

    /// Compiles `names` of `registry` (and any model they reach that `kept` lacks) once each,
    /// written as `profile` says over the models' own output options.
    static func compile(_ names: [String], of registry: SchemaRegistry, keeping kept: [String: MetaCache.Entry],
                        profile: OutputOptions = OutputOptions()) -> Output {
        guard !names.isEmpty else { return Output(entries: [:], errors: [], nanoseconds: 0) }
        let started = DispatchTime.now().uptimeNanoseconds
        var compiler = Compiler(registry: registry, keeping: kept.mapValues(\.meta), profile: profile)
        for name in names { _ = compiler.meta(for: name) }
        compiler.finishDefaults()
        let groups = MetaGroup.groups(of: compiler.built, references: compiler.references, kept: kept.mapValues(\.group))
        var entries: [String: MetaCache.Entry] = [:]
        for (name, meta) in compiler.built {
            if let group = groups[name] { entries[name] = MetaCache.Entry(meta: meta, group: group) }
        }
        return Output(entries: entries, errors: compiler.errors, nanoseconds: DispatchTime.now().uptimeNanoseconds - started)
    }
}
