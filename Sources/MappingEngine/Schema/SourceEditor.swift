/// Works out a `PUT` or `DELETE` of one model as the whole set of schema files it leaves, which
/// then goes through the same pipeline as a reload.
///
/// A model taken out of a file leaves the file's other models behind, re-serialized by
/// `SchemaWriter` (comments and layout lost); a file left empty disappears.
enum SourceEditor {
    /// The files after `source` is stored as `<model>.json`, `.yaml` or `.yml` (its own extension):
    /// the models it defines leave the files that held them, and any other models already in the
    /// stored file stay there, after the source's.
    static func put(model: String, source: SchemaSource, into registry: SchemaRegistry) -> Result<[SchemaSource], RegistryChangeError> {
        guard ModelName.isValid(model) else {
            return .failure(.invalid(SchemaErrors([SchemaError(file: source.file, model: model,
                                                               message: "'\(model)' is not a valid model name ([A-Za-z_][A-Za-z0-9_]*)")])))
        }
        guard let fileExtension = source.fileExtension else {
            return .failure(.invalid(SchemaErrors([SchemaError(
                file: source.file, model: model, message: "a schema file's name must end in \(SchemaSource.extensions.joined(separator: ", "))")])))
        }
        var stored = SchemaSource(file: model + fileExtension, text: source.text)
        let members: [JSONValue.Member]
        do {
            let root = try stored.root()
            guard case .object(let list) = root else {
                var decoder = SchemaDecoder(file: stored.file)
                _ = decoder.models(in: root)
                return .failure(.invalid(SchemaErrors(decoder.errors)))
            }
            members = list
        } catch {
            return .failure(.invalid(SchemaErrors([error])))
        }
        guard members.contains(where: { $0.key == model }) else { return .failure(.modelNotDefined(model)) }
        let defined = Set(members.map(\.key))
        var files: [String: SchemaSource]
        switch filesByName(registry) {
        case .success(let found): files = found
        case .failure(let error): return .failure(error)
        }
        let holders = Set(defined.compactMap { registry.definitions[$0]?.file }).subtracting([stored.file])
        do {
            for file in holders {
                guard let old = files[file] else { continue }
                files[file] = try removing(defined, from: old)
            }
            if let old = files[stored.file], case .object(let kept) = try old.root() {
                let leftover = kept.filter { !defined.contains($0.key) }
                if !leftover.isEmpty {
                    stored.text = SchemaWriter.text(of: .object(members + leftover), file: stored.file)
                }
            }
        } catch {
            return .failure(.invalid(SchemaErrors([error])))
        }
        files[stored.file] = stored
        return .success(files.values.sorted { $0.file < $1.file })
    }

    /// The files after `model` leaves the file that holds it; refused while another model
    /// extends or references it.
    static func delete(model: String, from registry: SchemaRegistry) -> Result<[SchemaSource], RegistryChangeError> {
        guard let definition = registry.definitions[model] else { return .failure(.unknownModel(model)) }
        let users = registry.definitions.values.filter { $0.name != model && $0.references.contains(model) }.map(\.name).sorted()
        guard users.isEmpty else { return .failure(.inUse(model: model, by: users)) }
        var files: [String: SchemaSource]
        switch filesByName(registry) {
        case .success(let found): files = found
        case .failure(let error): return .failure(error)
        }
        if let old = files[definition.file] {
            do {
                files[definition.file] = try removing([model], from: old)
            } catch {
                return .failure(.invalid(SchemaErrors([error])))
            }
        }
        return .success(files.values.sorted { $0.file < $1.file })
    }

    /// The registry's sources by file; refused when a model's file is not among them (a registry
    /// built from definitions alone), since editing would silently drop that model.
    private static func filesByName(_ registry: SchemaRegistry) -> Result<[String: SchemaSource], RegistryChangeError> {
        let files = Dictionary(registry.sources.map { ($0.file, $0) }, uniquingKeysWith: { _, last in last })
        let missing = registry.names.compactMap { registry.definitions[$0] }.filter { files[$0.file] == nil }
        guard missing.isEmpty else {
            return .failure(.invalid(SchemaErrors(missing.map {
                SchemaError(file: $0.file, model: $0.name, message: "the served registry holds no text of this file, so it cannot be edited")
            })))
        }
        return .success(files)
    }

    /// `source` without the models named in `names`, re-serialized; nil when nothing is left.
    private static func removing(_ names: Set<String>, from source: SchemaSource) throws(SchemaError) -> SchemaSource? {
        guard case .object(let members) = try source.root() else { return source }
        let kept = members.filter { !names.contains($0.key) }
        if kept.count == members.count { return source }
        if kept.isEmpty { return nil }
        return SchemaSource(file: source.file, text: SchemaWriter.text(of: .object(kept), file: source.file))
    }
}
