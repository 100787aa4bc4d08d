import Foundation
import Synchronization

/// Versions (SPEC §11) as callers use them: a model looked up by `Name` or `Name@N`, the
/// ledger served, a version's state, and the compatibility dry run.
extension Engine {
    /// Every model's versions, as served with the registry.
    public var versions: VersionLedger { registry.versions }

    /// The latest version of `name` through the workspace's memo of its last lookup: what a
    /// plain `/convert/Book` costs. Nil when no such model is registered.
    public func model(named name: String, workspace: Workspace) -> CompiledModel? {
        cache.entry(for: name, memo: &workspace.lastModel).map(CompiledModel.init)
    }

    /// The engine that serves `reference`: this one for the latest version, else one compiled
    /// from the version's snapshot on first use and kept (`PinnedVersions`), with the version.
    public func engine(serving reference: VersionedName) -> Result<(engine: Engine, version: ModelVersion?), ModelLookupError> {
        guard let number = reference.version else { return .success((self, nil)) }
        let ledger = registry.versions
        guard registry.models[reference.name] != nil, let version = ledger.version(number, of: reference.name) else {
            return .failure(.unknownVersion(reference.name, number))
        }
        if number == ledger.latest(of: reference.name)?.number { return .success((self, version)) }
        guard !version.snapshot.isEmpty, let engine = pinned.engine(for: version, of: reference.name) else { return .failure(.unknownVersion(reference.name, number)) }
        return .success((engine, version))
    }

    /// The model `reference` names, written as `profile` says (nil: as its schema says), with
    /// its version's notice.
    public func model(_ reference: VersionedName, profile: String?) -> Result<CompiledModel, ModelLookupError> {
        engine(serving: reference).flatMap { found in
            found.engine.model(named: reference.name, profile: profile).map { model in
                guard let version = found.version else { return model }
                var entry = model.entry
                entry.notice = VersionNotice(version)
                return CompiledModel(entry: entry)
            }
        }
    }

    /// Sets the state of version `version` of `model` (and when a deprecated one is to go,
    /// `sunset`); served at once, with a new registry digest.
    public func set(_ state: ModelVersion.State, sunset: Date?, version: Int, of model: String) -> Result<RegistryUpdate, RegistryChangeError> {
        pipeline.set(state, sunset: sunset, version: version, of: model)
    }

    /// What `gate` says of serving `sources`, without serving them: the verdict on every model
    /// they change (`POST /schemas/{Model}/compatibility`, `convertd lint --against`).
    public func compatibility(of sources: [SchemaSource], gate: ContractGate) -> Result<[ModelCompatibility], RegistryChangeError> {
        pipeline.check(sources, gate: gate)
    }

    /// `PUT /schemas/{model}` through the gate; see `put(model:source:)`.
    public func put(model: String, source: SchemaSource, gate: ContractGate?) -> Result<RegistryUpdate, RegistryChangeError> {
        pipeline.put(model: model, source: source, gate: gate)
    }

    /// Replaces every source through the gate, with model histories read from ledger files.
    public func load(_ sources: [SchemaSource], readErrors: [SchemaError] = [], histories: [String: [ModelVersion]],
                     gate: ContractGate?) -> Result<RegistryUpdate, RegistryChangeError> {
        pipeline.load(sources, readErrors: readErrors, histories: histories, gate: gate)
    }

    /// An engine serving `registry` with the compiled `entries` (a candidate the gate replays
    /// examples through); it has no pipeline of use.
    convenience init(serving registry: SchemaRegistry, entries: [String: MetaCache.Entry]) {
        self.init(limits: registry.limits)
        _ = cache.install(registry, compiled: RegistryCompiler.Output(entries: entries, errors: [], nanoseconds: 0), invalidated: [])
    }
}

/// Earlier versions compiled from their snapshots, by model and digest: at most `capacity`
/// engines, the oldest compiled dropped first past it.
final class PinnedVersions: Sendable {
    static let capacity = 64
    // The mutex guards the engines and their order; it is not held while compiling.
    private let engines = Mutex<(byKey: [String: Engine], order: [String])>(([:], []))

    /// The engine serving `version` of `model`; nil when its snapshot no longer compiles.
    func engine(for version: ModelVersion, of model: String) -> Engine? {
        let key = "\(model)@\(version.digest)"
        if let found = engines.withLock({ $0.byKey[key] }) { return found }
        guard let engine = try? Engine(sources: [SchemaSource(file: "snapshot.json", text: version.snapshot)]) else { return nil }
        return engines.withLock { state in
            if let stored = state.byKey[key] { return stored }
            if state.order.count >= PinnedVersions.capacity { state.byKey[state.order.removeFirst()] = nil }
            state.byKey[key] = engine
            state.order.append(key)
            return engine
        }
    }
}

extension SchemaRegistry {
    /// The registry's files after `source` is stored as `model`'s file (`PUT`), without serving them.
    public func sources(putting model: String, source: SchemaSource) -> Result<[SchemaSource], RegistryChangeError> {
        SourceEditor.put(model: model, source: source, into: self)
    }
}
