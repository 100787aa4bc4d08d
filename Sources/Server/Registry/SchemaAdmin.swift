import Foundation
import MappingEngine
import Primitives
import Synchronization

/// Every change to the schemas served — the first load, `SIGHUP`, the directory watch,
/// `POST /schemas/reload`, `PUT` and `DELETE /schemas/{Model}` — made one at a time through
/// the engine's pipeline.
///
/// With `--persist` the directory is the whole truth: `PUT` and `DELETE` are written into it,
/// and a change that cannot be written is undone, so what is served is what a restart would
/// serve. Without it they are runtime changes, a `SchemaOverlay` laid over the directory at
/// every load, so a reload serves the directory's files and the changes made since start.
final class SchemaAdmin: Sendable {
    /// The answer to a change: what it did, or why it was refused.
    typealias Outcome = Result<RegistryUpdate, SchemaAdminError>

    let engine: Engine
    let directory: String
    /// The compatibility level of a model whose file declares none (`--compatibility`).
    let compatibility: CompatibilityLevel
    /// Set with `--persist`.
    let files: SchemaFiles?
    // The lock makes each change and its writing one step: two changes never interleave.
    private let state: Guarded<State>

    /// What the changes so far left.
    private struct State {
        /// The directory's sources the registry served was loaded from.
        var loaded: [SchemaSource]
        /// The texts of the directory's version ledgers last read or written, by model.
        var histories: [String: String] = [:]
        /// The runtime changes laid over them (always empty with `--persist`).
        var overlay = SchemaOverlay()
        /// The directory's contents and the overlay the watch last found refused, so a broken
        /// file is reported once, not at every interval, until either changes.
        var refused: DirectoryRead?
    }

    /// What reading the schema directory found, and the overlay it was to be served with.
    private struct DirectoryRead: Equatable {
        var sources: [SchemaSource]
        var errors: [SchemaError]
        var overlay: SchemaOverlay
        /// The version ledgers' texts, by model.
        var histories: [String: String]

        static func == (a: DirectoryRead, b: DirectoryRead) -> Bool {
            a.sources == b.sources && a.errors == b.errors && a.overlay == b.overlay && a.histories == b.histories
        }
    }

    /// Reads the schema directory, its version ledgers among it.
    private func read(overlay: SchemaOverlay) -> (read: DirectoryRead, histories: [String: [ModelVersion]]) {
        let found = SchemaLoader.sources(in: directory)
        let ledgers = SchemaFiles.histories(in: directory)
        return (DirectoryRead(sources: found.sources, errors: found.errors + ledgers.errors, overlay: overlay, histories: ledgers.texts),
                ledgers.histories)
    }

    /// The gate every change but a `DELETE` passes, with the example files the directory holds now.
    func gate() -> ContractGate {
        ContractGate(level: compatibility, exampleFiles: ExampleFiles.read(in: directory).examples)
    }

    /// Reloads of the directory so far: succeeded (0) and failed (1).
    private let reloadCounts = AtomicCounts(count: 2)

    init(engine: Engine, directory: String, persist: Bool, compatibility: CompatibilityLevel = .none) {
        self.engine = engine
        self.directory = directory
        self.compatibility = compatibility
        files = persist ? SchemaFiles(directory: directory) : nil
        state = Guarded(State(loaded: engine.sources))
    }

    /// Loads the schema directory again and serves it with the runtime changes (nothing changes
    /// when that has errors).
    func reload() -> Outcome {
        state.withLock { state in
            let (read, histories) = read(overlay: state.overlay)
            return load(read, histories: histories, into: &state)
        }
    }

    /// Reloads of the directory so far (the first load, `SIGHUP`, the watch, `POST /schemas/reload`), by result.
    var reloads: (succeeded: Int, failed: Int) { (reloadCounts[0], reloadCounts[1]) }

    /// Reloads when the directory's files differ from those last loaded, and from the files
    /// last refused with the same runtime changes; nil when there is nothing new to try.
    func reloadIfChanged() -> Outcome? {
        state.withLock { state in
            let (read, histories) = read(overlay: state.overlay)
            guard read != state.refused, read.sources != state.loaded || read.histories != state.histories || !read.errors.isEmpty else { return nil }
            let outcome = load(read, histories: histories, into: &state)
            if case .failure = outcome { state.refused = read } else { state.refused = nil }
            return outcome
        }
    }

    /// Serves the directory's sources with the overlay laid over them.
    private func load(_ read: DirectoryRead, histories: [String: [ModelVersion]], into state: inout State) -> Outcome {
        let outcome = engine.load(read.overlay.laid(over: read.sources), readErrors: read.errors, histories: histories, gate: gate())
            .mapError(read.overlay.explaining)
        switch outcome {
        case .success(let update):
            state.loaded = read.sources
            state.histories = read.histories
            reloadCounts.add(1, at: 0)
            // A ledger this load altered is written, so every replica and a restart read it.
            if let failure = persistHistories(update, into: &state) { return .failure(failure) }
            return .success(update)
        case .failure(let error):
            reloadCounts.add(1, at: 1)
            if case .incompatible = error { refusedIncompatible.add(1, ordering: .relaxed) }
            return .failure(.refused(error))
        }
    }

    /// Writes the version ledgers `update` altered (with `--persist`); the reason when one cannot be.
    private func persistHistories(_ update: RegistryUpdate, into state: inout State) -> SchemaAdminError? {
        guard let files else { return nil }
        let ledger = engine.versions
        do throws(SchemaFiles.Failure) {
            for model in update.histories {
                let text = ledger.fileText(of: model)
                try files.persistHistory(of: model, text: text)
                state.histories[model] = text
            }
            return nil
        } catch {
            return .notPersisted(error.description)
        }
    }

    /// Changes refused because they broke a model's compatibility level (reload, watch, `PUT`).
    var incompatibleRefusals: Int { refusedIncompatible.load(ordering: .relaxed) }
    private let refusedIncompatible = Atomic<Int>(0)

    /// Sets the state of a version of `model`, persisted with `--persist`.
    func setState(_ versionState: ModelVersion.State, sunset: Date?, version: Int, of model: String) -> Outcome {
        state.withLock { state in
            switch engine.set(versionState, sunset: sunset, version: version, of: model) {
            case .success(let update):
                if let failure = persistHistories(update, into: &state) { return .failure(failure) }
                return .success(update)
            case .failure(let error):
                return .failure(.refused(error))
            }
        }
    }

    /// The compatibility dry run of serving `text` as `model`'s file: the verdict on every
    /// model the change touches, or why the text cannot be served at all.
    func compatibility(model: String, text: String, yaml: Bool) -> Result<[ModelCompatibility], SchemaAdminError> {
        let source = SchemaSource(file: model + (yaml ? ".yaml" : ".json"), text: text)
        let gate = gate()
        return state.withLock { state in
            let files: Result<[SchemaSource], RegistryChangeError>
            if self.files == nil {
                files = state.overlay.putting(model: model, source: source).map { $0.laid(over: state.loaded) }
            } else {
                files = engine.registry.sources(putting: model, source: source)
            }
            return files.flatMap { engine.compatibility(of: $0, gate: gate) }.mapError(SchemaAdminError.refused)
        }
    }

    /// Adds or replaces `model` from a schema file's text.
    func put(model: String, text: String, yaml: Bool) -> Outcome {
        let source = SchemaSource(file: model + (yaml ? ".yaml" : ".json"), text: text)
        let gate = gate()
        return change(persisted: { engine.put(model: model, source: source, gate: gate) }, runtime: { $0.putting(model: model, source: source) },
                      gate: gate)
    }

    /// Removes `model`.
    func delete(model: String) -> Outcome {
        change(persisted: { engine.delete(model: model) }, runtime: { $0.deleting(model: model, servedFrom: engine.registry) }, gate: nil)
    }

    /// Makes a change: with `--persist` in the directory's files and written, undone when it
    /// cannot be; without, in the overlay, laid over the directory last loaded.
    private func change(persisted: () -> Result<RegistryUpdate, RegistryChangeError>,
                        runtime: (SchemaOverlay) -> Result<SchemaOverlay, RegistryChangeError>, gate: ContractGate?) -> Outcome {
        state.withLock { state in
            guard let files else {
                return runtime(state.overlay).flatMap { overlay in
                    engine.load(overlay.laid(over: state.loaded), histories: [:], gate: gate).mapError(overlay.explaining).map { update in
                        state.overlay = overlay
                        return update
                    }
                }.mapError { error in
                    if case .incompatible = error { refusedIncompatible.add(1, ordering: .relaxed) }
                    return SchemaAdminError.refused(error)
                }
            }
            let before = engine.sources
            let ledgerBefore = engine.versions
            let update: RegistryUpdate
            switch persisted() {
            case .success(let made): update = made
            case .failure(let error):
                if case .incompatible = error { refusedIncompatible.add(1, ordering: .relaxed) }
                return .failure(.refused(error))
            }
            do throws(SchemaFiles.Failure) {
                try files.persist(written: update.written, deleted: update.deleted)
                // The directory now holds what is served, which the watch must not take for a change.
                state.loaded = engine.sources
            } catch {
                // Undone with the histories it found, so the undoing makes no version of its own.
                _ = engine.load(before, histories: ledgerBefore.models, gate: nil)
                return .failure(.notPersisted(error.description))
            }
            if let failure = persistHistories(update, into: &state) { return .failure(failure) }
            return .success(update)
        }
    }
}

/// Why a schema change did not happen.
enum SchemaAdminError: Error {
    case refused(RegistryChangeError)
    /// `--persist` could not write the change (it was undone).
    case notPersisted(String)
}
