import Foundation

/// Reads schema files (`*.json`, `*.yaml`, `*.yml`, recursively) into a validated registry.
public enum SchemaLoader {
    /// Loads every schema file under `directory`; throws every mistake at once.
    public static func load(directory: String) throws(SchemaErrors) -> SchemaRegistry {
        let root = URL(fileURLWithPath: directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SchemaErrors([SchemaError(file: directory, message: "not a directory")])
        }
        var sources: [(file: String, text: String)] = []
        var errors: [SchemaError] = []
        for relative in schemaFiles(under: root) {
            do {
                let data = try Data(contentsOf: root.resolvingSymlinksInPath().appendingPathComponent(relative))
                guard let text = String(data: data, encoding: .utf8) else {
                    errors.append(SchemaError(file: relative, message: "not UTF-8 text"))
                    continue
                }
                sources.append((relative, text))
            } catch {
                errors.append(SchemaError(file: relative, message: "cannot read: \(error.localizedDescription)"))
            }
        }
        return try load(sources: sources, previousErrors: errors)
    }

    /// Loads schema texts; `file` names the source and, by its extension, the syntax.
    public static func load(sources: [(file: String, text: String)], previousErrors: [SchemaError] = []) throws(SchemaErrors) -> SchemaRegistry {
        var errors = previousErrors
        var definitions: [ModelDefinition] = []
        for source in sources {
            let root: JSONValue
            do {
                root = try parse(source.text, file: source.file)
            } catch {
                errors.append(error)
                continue
            }
            var decoder = SchemaDecoder(file: source.file)
            definitions += decoder.models(in: root)
            errors += decoder.errors
        }
        let registry: SchemaRegistry
        do {
            registry = try SchemaRegistry(definitions: definitions)
        } catch {
            throw SchemaErrors(errors + error.errors)
        }
        guard errors.isEmpty else { throw SchemaErrors(errors) }
        return registry
    }

    private static func parse(_ text: String, file: String) throws(SchemaError) -> JSONValue {
        if file.hasSuffix(".json") {
            do { return try JSONValue(parsing: text) } catch {
                throw SchemaError(file: file, message: "invalid JSON at line \(error.line), column \(error.column): \(error.message)")
            }
        }
        do { return try YAMLReader.read(text) } catch {
            throw SchemaError(file: file, message: error.message)
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
            if path.hasSuffix(".json") || path.hasSuffix(".yaml") || path.hasSuffix(".yml") {
                files.append(path)
            }
        }
        return files.sorted()
    }
}
