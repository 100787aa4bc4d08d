import Foundation

/// The first stages of every schema change: read a directory's files into sources, decode each
/// file's models, and resolve them into a registry. Compiling comes after, in `SchemaPipeline`.
public enum SchemaLoader {
    /// The schema files under `directory` (recursively, hidden entries skipped, symbolic links
    /// followed), sorted by file, and the files that could not be read.
    public static func sources(in directory: String) -> (sources: [SchemaSource], errors: [SchemaError]) {
        let root = URL(fileURLWithPath: directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return ([], [SchemaError(file: directory, message: "not a directory")])
        }
        var sources: [SchemaSource] = []
        var errors: [SchemaError] = []
        for relative in schemaFiles(under: root) {
            do {
                let data = try Data(contentsOf: root.resolvingSymlinksInPath().appendingPathComponent(relative))
                guard let text = String(data: data, encoding: .utf8) else {
                    errors.append(SchemaError(file: relative, message: "not UTF-8 text"))
                    continue
                }
                sources.append(SchemaSource(file: relative, text: text))
            } catch {
                errors.append(SchemaError(file: relative, message: "cannot read: \(error.localizedDescription)"))
            }
        }
        return (sources, errors)
    }

    /// Decodes every source and resolves the models: the registry, unless resolving failed, and
    /// every error found, after `readErrors` (decode errors do not stop resolving, so the compile
    /// stage can still list the mistakes of the models that decoded).
    static func resolve(_ sources: [SchemaSource], readErrors: [SchemaError] = []) -> (registry: SchemaRegistry?, errors: [SchemaError]) {
        var errors = readErrors
        var definitions: [ModelDefinition] = []
        for source in sources {
            let root: JSONValue
            do {
                root = try source.root()
            } catch {
                errors.append(error)
                continue
            }
            var decoder = SchemaDecoder(file: source.file)
            definitions += decoder.models(in: root)
            errors += decoder.errors
        }
        do {
            return (try SchemaRegistry(definitions: definitions, sources: sources), errors)
        } catch {
            return (nil, errors + error.errors)
        }
    }

    /// Relative paths of the schema files, sorted so loading is deterministic. The directory may
    /// be a symbolic link; hidden entries are skipped (a Kubernetes ConfigMap volume holds every
    /// file twice, once under its `..data` directory).
    private static func schemaFiles(under root: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.resolvingSymlinksInPath().path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            if SchemaSource.isSchemaFile(path) { files.append(path) }
        }
        return files.sorted()
    }
}
