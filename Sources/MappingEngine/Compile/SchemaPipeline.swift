import Foundation

/// The one path of every schema change (startup, SIGHUP, reload, directory watch, `PUT`,
/// `DELETE`): sources → decode → resolve → compile each affected model once → swap into the
/// `MetaCache`.
///
/// A change with any mistake is refused whole, every mistake listed, and the served registry
/// stays. "Affected" is exact: the models whose definition changed, was added or removed, and
/// every model that uses or extends them; the others keep their metas and their load times.
final class SchemaPipeline: @unchecked Sendable {
    let cache: MetaCache
    /// What every change must stay within.
    let limits: RegistryLimits
    // Held for a whole change, so each change starts from the registry the previous one left.
    // Conversions never take it: they see the old registry until the swap, the new one after.
    private let changeLock = NSLock()

    init(cache: MetaCache, limits: RegistryLimits = .default) {
        self.cache = cache
        self.limits = limits
    }

    /// Replaces every source; `readErrors` (files that could not be read) refuse the change too.
    func load(_ sources: [SchemaSource], readErrors: [SchemaError]) -> Result<RegistryUpdate, RegistryChangeError> {
        changeLock.withLock { apply(sources, readErrors: readErrors) }
    }

    /// Stores `source` as the file of `model`; see `SourceEditor.put`.
    func put(model: String, source: SchemaSource) -> Result<RegistryUpdate, RegistryChangeError> {
        changeLock.withLock {
            SourceEditor.put(model: model, source: source, into: cache.currentRegistry).flatMap { apply($0, readErrors: []) }
        }
    }

    /// Takes `model` out of its file; see `SourceEditor.delete`.
    func delete(model: String) -> Result<RegistryUpdate, RegistryChangeError> {
        changeLock.withLock {
            SourceEditor.delete(model: model, from: cache.currentRegistry).flatMap { apply($0, readErrors: []) }
        }
    }

    /// Runs `sources` through every stage and serves the result, or refuses it whole.
    private func apply(_ sources: [SchemaSource], readErrors: [SchemaError]) -> Result<RegistryUpdate, RegistryChangeError> {
        let (old, table) = cache.served
        let (resolved, errors) = SchemaLoader.resolve(sources, readErrors: readErrors, limits: limits)
        // Reference errors make compile checks noisy and unsafe: those are reported alone.
        guard var registry = resolved else { return .failure(.invalid(SchemaErrors(errors))) }
        let changes = registry.changes(since: old)
        let changed = Set(changes.added + changes.replaced + changes.removed)
        let affected = old.dependents(of: changed).union(registry.dependents(of: changed))
        let compiled = RegistryCompiler.compile(registry.names.filter(affected.contains), of: registry,
                                                keeping: table.filter { !affected.contains($0.key) })
        // Key collisions under every profile are found here, at load: profiles compile lazily.
        let collisions = OutputNames.collisions(in: registry)
        guard errors.isEmpty && compiled.errors.isEmpty && collisions.isEmpty else {
            return .failure(.invalid(SchemaErrors(errors + compiled.errors + collisions)))
        }

        let before = Dictionary(old.sources.map { ($0.file, $0.text) }, uniquingKeysWith: { _, last in last })
        let written = registry.sources.filter { before[$0.file] != $0.text }
        let deleted = Set(before.keys).subtracting(registry.sources.map(\.file)).sorted()
        guard !changed.isEmpty || !written.isEmpty || !deleted.isEmpty else {
            // Nothing to serve that is not served already: no new generation.
            return .success(RegistryUpdate(generation: cache.snapshot.generation, added: [], replaced: [], removed: [],
                                           digest: old.digest, written: [], deleted: []))
        }
        for name in registry.names where !changed.contains(name) {
            registry.loadTimes[name] = old.loadTimes[name] ?? registry.loadedAt
        }
        let generation = cache.install(registry, compiled: compiled, invalidated: affected)
        return .success(RegistryUpdate(generation: generation, added: changes.added, replaced: changes.replaced, removed: changes.removed,
                                       digest: registry.digest, written: written, deleted: deleted))
    }
}
