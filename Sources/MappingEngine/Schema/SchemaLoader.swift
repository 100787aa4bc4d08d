import Foundation

/// The first stages of every schema change: read a directory's files into sources, decode each
/// file's models, and resolve them into a registry. Compiling comes after, in `SchemaPipeline`.
public enum SchemaLoader {
    /// The schema files under `directory` (recursively, hidden entries skipped, symbolic links
    /// followed), sorted by file, and the files that could not be read. A file over
    /// `limits.fileBytes` is not read, nor any file once `limits.totalBytes` are: each is an error.
    public static func sources(in directory: String, limits: RegistryLimits = .default) -> (sources: [SchemaSource], errors: [SchemaError]) {
        let root = URL(fileURLWithPath: directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return ([], [SchemaError(file: directory, message: "not a directory")])
        }
        var sources: [SchemaSource] = []
        var errors: [SchemaError] = []
        var total = 0
        for relative in schemaFiles(under: root) {
            let url = root.resolvingSymlinksInPath().appendingPathComponent(relative)
            // The size is checked before reading, so an oversized file costs no memory.
            let size = fileSize(url.path)
            guard size <= limits.fileBytes else {
                errors.append(limits.exceeded(.fileBytes, found: size, "the file's size in bytes", file: relative))
                continue
            }
            total += size
            guard total <= limits.totalBytes else {
                errors.append(limits.exceeded(.totalBytes, found: total, "the schema files' size in bytes up to this file", file: relative))
                break
            }
            do {
                let data = try Data(contentsOf: url)
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
    /// stage can still list the mistakes of the models that decoded). Sources over `limits` in
    /// size are refused before any is parsed.
    static func resolve(_ sources: [SchemaSource], readErrors: [SchemaError] = [],
                        limits: RegistryLimits = .default) -> (registry: SchemaRegistry?, errors: [SchemaError]) {
        var errors = readErrors
        let total = sources.reduce(0) { $0 + $1.text.utf8.count }
        guard total <= limits.totalBytes else {
            return (nil, errors + [limits.exceeded(.totalBytes, found: total, "the schema files' size in bytes", file: "")])
        }
        var definitions: [ModelDefinition] = []
        var profiles: [OutputProfile] = []
        for source in sources {
            let root: JSONValue
            do {
                root = try source.root(limits: limits)
            } catch {
                errors.append(error)
                continue
            }
            var decoder = SchemaDecoder(file: source.file, limits: limits)
            definitions += decoder.models(in: root)
            profiles += decoder.profiles
            errors += decoder.errors
        }
        do {
            return (try SchemaRegistry(definitions: definitions, sources: sources, profiles: profiles, limits: limits), errors)
        } catch {
            return (nil, errors + error.errors)
        }
    }

    /// The size of the file at `path` in bytes; 0 when it cannot be found (reading it says why).
    /// `stat` rather than `attributesOfItem`, whose dictionary of `Any` and cast of the size were
    /// a tenth of loading the bundled schemas for `convert`.
    private static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Relative paths of the schema files, sorted so loading is deterministic. The directory may
    /// be a symbolic link; hidden entries are skipped (a Kubernetes ConfigMap volume holds every
    /// file twice, once under its `..data` directory), and so are `<Model>.examples` folders,
    /// whose JSON files are example payloads (`ExampleFiles`), not schemas.
    private static func schemaFiles(under root: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.resolvingSymlinksInPath().path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") || $0.hasSuffix(ExampleFiles.folderSuffix) }) { continue }
            if SchemaSource.isSchemaFile(path) { files.append(path) }
        }
        return files.sorted()
    }
}
