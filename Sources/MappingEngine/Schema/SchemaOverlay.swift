/// The schema changes made at run time and not written to the schema directory (`PUT` and
/// `DELETE` without `--persist`), kept apart from the directory and laid over it at every load,
/// so that a reload reads the directory again without losing them.
///
/// A model `PUT` overrides the directory's model of the same name until it is deleted; a model
/// deleted stays hidden from the directory until a later `PUT`. The overlay is only sources and
/// names: laid over the directory's files it makes the files the one pipeline loads, so a
/// directory that no longer fits the overlay is refused like any broken directory, its errors
/// naming the runtime source involved (`runtime:<Model>.yaml`).
public struct SchemaOverlay: Sendable, Equatable {
    /// The sources `PUT` at run time, named `runtime:<Model>` and their extension, by file.
    public private(set) var sources: [String: SchemaSource] = [:]
    /// The models deleted at run time: taken out of the directory's files.
    public private(set) var hidden: Set<String> = []

    /// What the file of a runtime source starts with: no file of a schema directory reads like
    /// it, so `GET /schemas` and errors tell a runtime model from a directory one.
    public static let filePrefix = "runtime:"

    public init() {}

    public var isEmpty: Bool { sources.isEmpty && hidden.isEmpty }

    /// The overlay after `PUT /schemas/{model}` with `source`, as `SourceEditor.put` stores it
    /// among the runtime sources; the models it defines are no longer hidden.
    public func putting(model: String, source: SchemaSource) -> Result<SchemaOverlay, RegistryChangeError> {
        let name = SchemaOverlay.filePrefix + model
        return SourceEditor.put(model: model, source: source, storedAs: name, into: sources) { _ in Set(sources.keys) }.map { files in
            var next = self
            next.sources = files
            if let stored = files[name + (source.fileExtension ?? "")] { next.hidden.subtract(SchemaOverlay.names(in: stored)) }
            return next
        }
    }

    /// The overlay after `DELETE /schemas/{model}` of a model of `served`, refused as a `DELETE`
    /// always is (no such model, or in use): the model leaves the runtime sources and is hidden
    /// from the directory.
    public func deleting(model: String, servedFrom served: SchemaRegistry) -> Result<SchemaOverlay, RegistryChangeError> {
        if let refusal = SourceEditor.refusal(deleting: model, from: served) { return .failure(refusal) }
        var next = self
        do {
            for (file, source) in sources { next.sources[file] = try SourceEditor.removing([model], from: source) }
        } catch {
            return .failure(.invalid(SchemaErrors([error])))
        }
        next.hidden.insert(model)
        return .success(next)
    }

    /// The directory's sources with the overlay laid over them: the models the overlay defines
    /// or hides taken out of the directory's files, then the runtime sources. A directory file
    /// that does not parse is left as it is, for the pipeline to report.
    public func laid(over directory: [SchemaSource]) -> [SchemaSource] {
        guard !isEmpty else { return directory }
        let replaced = hidden.union(sources.values.flatMap(SchemaOverlay.names(in:)))
        let kept = directory.compactMap { file in
            // Only a file that mentions one of the names can define it: the rest are not parsed.
            guard replaced.contains(where: file.text.contains) else { return file }
            return (try? SourceEditor.removing(replaced, from: file)) ?? file
        }
        return kept + sources.values.sorted { $0.file < $1.file }
    }

    /// `error` with each mention of a hidden model explained: a directory file that still uses a
    /// model deleted at run time reads as using a model that does not exist.
    public func explaining(_ error: RegistryChangeError) -> RegistryChangeError {
        guard case .invalid(let errors) = error, !hidden.isEmpty else { return error }
        return .invalid(SchemaErrors(errors.errors.map { error in
            var error = error
            for name in hidden.sorted() where error.message.contains("'\(name)'") {
                error.message += " ('\(name)' was deleted at run time: PUT it again to serve it)"
            }
            return error
        }))
    }

    /// The model names a runtime source defines.
    private static func names(in source: SchemaSource) -> [String] {
        guard case .object(let members) = try? source.root() else { return [] }
        return members.map(\.key)
    }
}
