import Foundation
import MappingEngine

/// Every change to the schemas served — the first load, `SIGHUP`, the directory watch,
/// `POST /schemas/reload`, `PUT` and `DELETE /schemas/{Model}` — made one at a time through
/// the engine's pipeline, and, with `--persist`, written back into the schema directory. A
/// change that cannot be written is undone, so what is served is what a restart would serve.
final class SchemaAdmin: Sendable {
    /// The answer to a change: what it did, or why it was refused.
    typealias Outcome = Result<RegistryUpdate, SchemaAdminError>

    let engine: Engine
    let directory: String
    /// Set with `--persist`.
    let files: SchemaFiles?
    // The lock makes each change and its writing one step: two changes never interleave. It
    // holds the directory's contents the watch last found refused, so a broken file is
    // reported once, not at every interval, until it changes.
    private let changing = Guarded<DirectoryRead?>(nil)

    /// What reading the schema directory found.
    private struct DirectoryRead: Equatable {
        var sources: [SchemaSource]
        var errors: [SchemaError]
    }

    /// Reloads of the directory so far: succeeded (0) and failed (1).
    private let reloadCounts = AtomicCounts(count: 2)

    init(engine: Engine, directory: String, persist: Bool) {
        self.engine = engine
        self.directory = directory
        files = persist ? SchemaFiles(directory: directory) : nil
    }

    /// Loads the schema directory again and serves it (nothing changes when it has errors).
    func reload() -> Outcome {
        changing.withLock { _ in
            let read = SchemaLoader.sources(in: directory)
            return counted(engine.load(read.sources, readErrors: read.errors).mapError(SchemaAdminError.refused))
        }
    }

    /// Reloads of the directory so far (the first load, `SIGHUP`, the watch, `POST /schemas/reload`), by result.
    var reloads: (succeeded: Int, failed: Int) { (reloadCounts[0], reloadCounts[1]) }

    private func counted(_ outcome: Outcome) -> Outcome {
        if case .success = outcome { reloadCounts.add(1, at: 0) } else { reloadCounts.add(1, at: 1) }
        return outcome
    }

    /// Reloads when the directory's files differ from the sources served, and from the files
    /// last refused; nil when there is nothing new to try.
    func reloadIfChanged() -> Outcome? {
        changing.withLock { refused in
            let found = SchemaLoader.sources(in: directory)
            let read = DirectoryRead(sources: found.sources, errors: found.errors)
            guard read != refused, read.sources != engine.sources || !read.errors.isEmpty else { return nil }
            let outcome = counted(engine.load(read.sources, readErrors: read.errors).mapError(SchemaAdminError.refused))
            if case .failure = outcome { refused = read } else { refused = nil }
            return outcome
        }
    }

    /// Adds or replaces `model` from a schema file's text.
    func put(model: String, text: String, yaml: Bool) -> Outcome {
        let source = SchemaSource(file: model + (yaml ? ".yaml" : ".json"), text: text)
        return change { engine.put(model: model, source: source) }
    }

    /// Removes `model`.
    func delete(model: String) -> Outcome {
        change { engine.delete(model: model) }
    }

    /// Makes a change and writes it; a change that cannot be written is undone.
    private func change(_ make: () -> Result<RegistryUpdate, RegistryChangeError>) -> Outcome {
        changing.withLock { _ in
            let before = engine.sources
            let update: RegistryUpdate
            switch make() {
            case .success(let made): update = made
            case .failure(let error): return .failure(.refused(error))
            }
            guard let files else { return .success(update) }
            do throws(SchemaFiles.Failure) {
                try files.persist(written: update.written, deleted: update.deleted)
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
