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
    /// `histories` are model histories read from the ledger files, which replace the served ones.
    /// With `roots`, only those models and the models they reach are compiled and checked for
    /// what compiling finds (`Engine.load(_:readErrors:compiling:)`); every file is still read
    /// and resolved whole.
    func load(_ sources: [SchemaSource], readErrors: [SchemaError], histories: [String: [ModelVersion]],
              gate: ContractGate?, roots: [String]? = nil) -> Result<RegistryUpdate, RegistryChangeError> {
        changeLock.withLock { apply(sources, readErrors: readErrors, histories: histories, gate: gate, roots: roots) }
    }

    /// Stores `source` as the file of `model`; see `SourceEditor.put`.
    func put(model: String, source: SchemaSource, gate: ContractGate?) -> Result<RegistryUpdate, RegistryChangeError> {
        changeLock.withLock {
            SourceEditor.put(model: model, source: source, into: cache.currentRegistry).flatMap { apply($0, readErrors: [], gate: gate) }
        }
    }

    /// Takes `model` out of its file; see `SourceEditor.delete`. An explicit removal passes
    /// any compatibility level: its history stays.
    func delete(model: String) -> Result<RegistryUpdate, RegistryChangeError> {
        changeLock.withLock {
            SourceEditor.delete(model: model, from: cache.currentRegistry).flatMap { apply($0, readErrors: [], gate: nil) }
        }
    }

    /// Sets the state of a version: a registry like the served one but for its ledger.
    func set(_ state: ModelVersion.State, sunset: Date?, version: Int, of model: String) -> Result<RegistryUpdate, RegistryChangeError> {
        changeLock.withLock {
            let (old, _) = cache.served
            var ledger = old.versions
            guard ledger.set(state, sunset: sunset, version: version, of: model) else { return .failure(.unknownVersion(model: model, version: version)) }
            var registry = old
            registry.serve(ledger)
            let generation = cache.install(registry, compiled: RegistryCompiler.Output(entries: [:], errors: [], nanoseconds: 0), invalidated: [])
            return .success(RegistryUpdate(generation: generation, added: [], replaced: [], removed: [], digest: registry.digest,
                                           written: [], deleted: [], versioned: [], histories: [model]))
        }
    }

    /// What `gate` would say of `sources` against the served registry, changing nothing.
    func check(_ sources: [SchemaSource], gate: ContractGate) -> Result<[ModelCompatibility], RegistryChangeError> {
        changeLock.withLock {
            let (old, table) = cache.served
            return candidate(sources, readErrors: [], old: old, table: table).map { candidate in
                gate.verdicts(on: candidate.affected, from: Engine(serving: old, entries: table), to: candidate.engine)
            }
        }
    }

    /// A registry compiled from `sources` beside the served one, or every mistake.
    private func candidate(_ sources: [SchemaSource], readErrors: [SchemaError], old: SchemaRegistry,
                           table: [String: MetaCache.Entry], roots: [String]? = nil) -> Result<Candidate, RegistryChangeError> {
        let (resolved, errors) = SchemaLoader.resolve(sources, readErrors: readErrors, limits: limits)
        // Reference errors make compile checks noisy and unsafe: those are reported alone.
        guard let registry = resolved else { return .failure(.invalid(SchemaErrors(errors))) }
        let changes = registry.changes(since: old)
        let changed = Set(changes.added + changes.replaced + changes.removed)
        let affected = old.dependents(of: changed).union(registry.dependents(of: changed))
        let kept = table.filter { !affected.contains($0.key) }
        // A model a load for `roots` left uncompiled is compiled by the next full change.
        let compiled = RegistryCompiler.compile(roots?.filter { registry.models[$0] != nil }
                                                    ?? registry.names.filter { affected.contains($0) || kept[$0] == nil },
                                                of: registry, keeping: kept)
        // Key collisions under every profile are found here, at load: profiles compile lazily.
        let collisions = OutputNames.collisions(in: registry, among: roots == nil ? nil : Set(compiled.entries.keys))
        guard errors.isEmpty && compiled.errors.isEmpty && collisions.isEmpty else {
            return .failure(.invalid(SchemaErrors(errors + compiled.errors + collisions)))
        }
        return .success(Candidate(registry: registry, changes: changes, changed: changed, affected: affected, compiled: compiled,
                                  engine: Engine(serving: registry, entries: kept.merging(compiled.entries) { _, new in new })))
    }

    /// A change compiled but not served yet.
    private struct Candidate {
        var registry: SchemaRegistry
        let changes: (added: [String], replaced: [String], removed: [String])
        let changed: Set<String>
        let affected: Set<String>
        let compiled: RegistryCompiler.Output
        /// Converts with the candidate, for the gate's replay.
        let engine: Engine
    }

    /// Runs `sources` through every stage and serves the result, or refuses it whole.
    private func apply(_ sources: [SchemaSource], readErrors: [SchemaError], histories: [String: [ModelVersion]] = [:],
                       gate: ContractGate?, roots: [String]? = nil) -> Result<RegistryUpdate, RegistryChangeError> {
        let (old, table) = cache.served
        var candidate: Candidate
        switch self.candidate(sources, readErrors: readErrors, old: old, table: table, roots: roots) {
        case .success(let made): candidate = made
        case .failure(let error): return .failure(error)
        }
        if let gate {
            let refused = gate.verdicts(on: candidate.affected, from: Engine(serving: old, entries: table), to: candidate.engine)
                .filter { !$0.isCompatible }
            guard refused.isEmpty else { return .failure(.incompatible(refused)) }
        }
        var registry = candidate.registry
        let (changes, changed, affected, compiled) = (candidate.changes, candidate.changed, candidate.affected, candidate.compiled)
        var ledger = old.versions
        for (model, versions) in histories where versions != ledger.versions(of: model) { ledger.adopt(versions, of: model) }
        let adopted = Set(histories.keys.filter { histories[$0] != old.versions.versions(of: $0) })
        let versioned = ledger.record(registry, previous: old.names.isEmpty ? nil : old, at: registry.loadedAt)
        registry.serve(ledger)

        let before = Dictionary(old.sources.map { ($0.file, $0.text) }, uniquingKeysWith: { _, last in last })
        let written = registry.sources.filter { before[$0.file] != $0.text }
        let deleted = Set(before.keys).subtracting(registry.sources.map(\.file)).sorted()
        guard !changed.isEmpty || !written.isEmpty || !deleted.isEmpty || ledger != old.versions || !compiled.entries.isEmpty else {
            // Nothing to serve that is not served already (nor left to compile by a load for
            // some models only): no new generation.
            return .success(RegistryUpdate(generation: cache.snapshot.generation, added: [], replaced: [], removed: [],
                                           digest: old.digest, written: [], deleted: [], versioned: [], histories: []))
        }
        for name in registry.names where !changed.contains(name) {
            registry.loadTimes[name] = old.loadTimes[name] ?? registry.loadedAt
        }
        let generation = cache.install(registry, compiled: compiled, invalidated: affected)
        return .success(RegistryUpdate(generation: generation, added: changes.added, replaced: changes.replaced, removed: changes.removed,
                                       digest: registry.digest, written: written, deleted: deleted, versioned: versioned,
                                       histories: Set(versioned).subtracting(adopted).sorted()))
    }
}
