import Foundation
import MappingEngine
import Primitives

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
    /// Set with `--persist`.
    let files: SchemaFiles?
    // The lock makes each change and its writing one step: two changes never interleave.
    private let state: Guarded<State>

    /// What the changes so far left.
    private struct State {
        /// The directory's sources the registry served was loaded from.
        var loaded: [SchemaSource]
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
    }

    /// Reloads of the directory so far: succeeded (0) and failed (1).
    private let reloadCounts = AtomicCounts(count: 2)

    init(engine: Engine, directory: String, persist: Bool) {
        self.engine = engine
        self.directory = directory
        files = persist ? SchemaFiles(directory: directory) : nil
        state = Guarded(State(loaded: engine.sources))
    }

    /// Loads the schema directory again and serves it with the runtime changes (nothing changes
    /// when that has errors).
    func reload() -> Outcome {
        state.withLock { state in
            let found = SchemaLoader.sources(in: directory)
            return load(DirectoryRead(sources: found.sources, errors: found.errors, overlay: state.overlay), into: &state)
        }
    }

    /// Reloads of the directory so far (the first load, `SIGHUP`, the watch, `POST /schemas/reload`), by result.
    var reloads: (succeeded: Int, failed: Int) { (reloadCounts[0], reloadCounts[1]) }

    /// Reloads when the directory's files differ from those last loaded, and from the files
    /// last refused with the same runtime changes; nil when there is nothing new to try.
    func reloadIfChanged() -> Outcome? {
        state.withLock { state in
            let found = SchemaLoader.sources(in: directory)
            let read = DirectoryRead(sources: found.sources, errors: found.errors, overlay: state.overlay)
            guard read != state.refused, read.sources != state.loaded || !read.errors.isEmpty else { return nil }
            let outcome = load(read, into: &state)
            if case .failure = outcome { state.refused = read } else { state.refused = nil }
            return outcome
        }
    }

    /// Serves the directory's sources with the overlay laid over them.
    private func load(_ read: DirectoryRead, into state: inout State) -> Outcome {
        let outcome = engine.load(read.overlay.laid(over: read.sources), readErrors: read.errors).mapError(read.overlay.explaining)
        if case .success = outcome {
            state.loaded = read.sources
            reloadCounts.add(1, at: 0)
        } else {
            reloadCounts.add(1, at: 1)
        }
        return outcome.mapError(SchemaAdminError.refused)
    }

    /// Adds or replaces `model` from a schema file's text.
    func put(model: String, text: String, yaml: Bool) -> Outcome {
        let source = SchemaSource(file: model + (yaml ? ".yaml" : ".json"), text: text)
        return change(persisted: { engine.put(model: model, source: source) }, runtime: { $0.putting(model: model, source: source) })
    }

    /// Removes `model`.
    func delete(model: String) -> Outcome {
        change(persisted: { engine.delete(model: model) }, runtime: { $0.deleting(model: model, servedFrom: engine.registry) })
    }

    /// Makes a change: with `--persist` in the directory's files and written, undone when it
    /// cannot be; without, in the overlay, laid over the directory last loaded.
    private func change(persisted: () -> Result<RegistryUpdate, RegistryChangeError>,
                        runtime: (SchemaOverlay) -> Result<SchemaOverlay, RegistryChangeError>) -> Outcome {
        state.withLock { state in
            guard let files else {
                return runtime(state.overlay).flatMap { overlay in
                    engine.load(overlay.laid(over: state.loaded)).mapError(overlay.explaining).map { update in
                        state.overlay = overlay
                        return update
                    }
                }.mapError(SchemaAdminError.refused)
            }
            let before = engine.sources
            let update: RegistryUpdate
            switch persisted() {
            case .success(let made): update = made
            case .failure(let error): return .failure(.refused(error))
            }
            do throws(SchemaFiles.Failure) {
                try files.persist(written: update.written, deleted: update.deleted)
                // The directory now holds what is served, which the watch must not take for a change.
                state.loaded = engine.sources
                return .success(update)
            } catch {
                _ = engine.load(before)
                return .failure(.notPersisted(error.description))
            }
        }
    }
}

/// Why a schema change did not happen.
enum SchemaAdminError: Error {
    case refused(RegistryChangeError)
    /// `--persist` could not write the change (it was undone).
    case notPersisted(String)
}
