import Foundation

/// Example payloads kept as files beside the schemas (SPEC §11): a folder `<Model>.examples/`
/// anywhere under the schema directory holds `NAME.json` (an input), with an optional
/// `NAME.output.json` (the expected document) or `NAME.errors.json` (the expected errors, a list
/// of `{ path, code }`). `SchemaLoader` skips these folders, so their files are never read as schemas.
///
/// Reading is bounded as schema files are: no file over `fileBytes` is read, nor any once the
/// example files together reach `totalBytes`; a folder holds at most `examplesPerModel` inputs
/// (and three files per input), and every file nests at most `fileDepth` containers.
public enum ExampleFiles {
    /// The end of an example folder's name, after the model's.
    public static let folderSuffix = ".examples"
    /// What ends an expected document's file name.
    static let outputSuffix = ".output.json"
    /// What ends an expected error list's file name.
    static let errorsSuffix = ".errors.json"

    /// Every example file under `directory`, by model, each model's examples sorted by name, and
    /// every mistake found (the file relative to `directory`, and the model). With `models`, a
    /// folder for a model not among them is a mistake too.
    public static func read(in directory: String, limits: RegistryLimits = .default,
                            models: Set<String>? = nil) -> (examples: [String: [ModelExample]], errors: [SchemaError]) {
        let root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else {
            return ([:], [SchemaError(file: directory, message: "not a directory")])
        }
        var reader = ExampleFolderReader(root: root, limits: limits)
        while let path = enumerator.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            guard name.hasSuffix(folderSuffix), isDirectory(root + "/" + path) else { continue }
            // A folder's own files are read by the folder reader, and nothing under it is another folder.
            enumerator.skipDescendants()
            let model = String(name.dropLast(folderSuffix.count))
            guard ModelName.isValid(model) else {
                reader.errors.append(SchemaError(file: path, message: "example folder '\(name)' does not name a model ([A-Za-z_][A-Za-z0-9_]*\(folderSuffix))"))
                continue
            }
            if let models, !models.contains(model) {
                reader.errors.append(SchemaError(file: path, model: model, message: "example folder for unknown model '\(model)'"))
                continue
            }
            reader.readFolder(path, model: model)
            if reader.outOfBytes { break }
        }
        return (reader.examples.mapValues { $0.sorted { $0.name < $1.name } }, reader.errors)
    }

    /// Every model's examples: those its schema file declares, then its example files'. A file
    /// example named like one the schema declares is a mistake, as are more than
    /// `examplesPerModel` from files and schema together.
    public static func gather(_ registry: SchemaRegistry, files: [String: [ModelExample]],
                              limits: RegistryLimits = .default) -> (examples: [String: [ModelExample]], errors: [SchemaError]) {
        var examples: [String: [ModelExample]] = [:]
        var errors: [SchemaError] = []
        for name in registry.names {
            guard let definition = registry.definitions[name] else { continue }
            let declared = Set(definition.examples.map(\.name))
            var all = definition.examples
            for example in files[name] ?? [] {
                if declared.contains(example.name) {
                    errors.append(SchemaError(file: definition.file, model: name,
                                              message: "example '\(example.name)' is declared in the schema file and as a file in \(name)\(folderSuffix)/"))
                } else {
                    all.append(example)
                }
            }
            if all.count > limits.examplesPerModel {
                errors.append(limits.exceeded(.examplesPerModel, found: all.count, "the number of examples in the schema file and example files together",
                                              file: definition.file, model: name))
                all.removeLast(all.count - limits.examplesPerModel)
            }
            if !all.isEmpty { examples[name] = all }
        }
        return (examples, errors)
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
