import Foundation

/// Reads example folders one after another, keeping the running byte count and what was found.
struct ExampleFolderReader {
    let root: String
    let limits: RegistryLimits
    var examples: [String: [ModelExample]] = [:]
    var errors: [SchemaError] = []
    /// Bytes of the example files read so far, against `totalBytes`.
    private var total = 0
    /// Set once `totalBytes` is reached: nothing more is read.
    private(set) var outOfBytes = false

    init(root: String, limits: RegistryLimits) {
        self.root = root
        self.limits = limits
    }

    /// The files of one example folder: an input, and an expected output or errors.
    private struct Entry {
        var input: String?
        var output: String?
        var errors: String?
    }

    /// Reads the folder `path` (relative to the root) of `model`'s example files.
    mutating func readFolder(_ path: String, model: String) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: root + "/" + path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            errors.append(SchemaError(file: path, model: model, message: "cannot read: \(error.localizedDescription)"))
            return
        }
        let budget = limits.examplesPerModel
        // Three files at most per example: the input, and its output or errors (one too many is reported by name).
        guard names.count <= budget * 3 else {
            errors.append(limits.exceeded(.examplesPerModel, found: names.count, "the number of files in the example folder (three at most per example)",
                                          file: path, model: model))
            return
        }
        var entries: [String: Entry] = [:]
        for name in names {
            let file = path + "/" + name
            if ExampleFiles.isDirectory(root + "/" + file) {
                errors.append(SchemaError(file: file, model: model, message: "an example folder holds files only: NAME.json, NAME.output.json, NAME.errors.json"))
            } else if name.hasSuffix(ExampleFiles.outputSuffix) {
                entries[String(name.dropLast(ExampleFiles.outputSuffix.count)), default: Entry()].output = file
            } else if name.hasSuffix(ExampleFiles.errorsSuffix) {
                entries[String(name.dropLast(ExampleFiles.errorsSuffix.count)), default: Entry()].errors = file
            } else if name.hasSuffix(".json") {
                entries[String(name.dropLast(".json".count)), default: Entry()].input = file
            } else {
                errors.append(SchemaError(file: file, model: model, message: "not an example file: NAME.json, NAME.output.json or NAME.errors.json"))
            }
        }
        let inputs = entries.values.filter { $0.input != nil }.count
        guard (examples[model]?.count ?? 0) + inputs <= budget else {
            errors.append(limits.exceeded(.examplesPerModel, found: (examples[model]?.count ?? 0) + inputs, "the number of example files' inputs",
                                          file: path, model: model))
            return
        }
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            readExample(name, entry, model: model)
            if outOfBytes { return }
        }
    }

    /// One example from its files, or the mistakes that keep it out.
    private mutating func readExample(_ name: String, _ entry: Entry, model: String) {
        guard let inputFile = entry.input else {
            for file in [entry.output, entry.errors].compactMap({ $0 }) {
                errors.append(SchemaError(file: file, model: model, message: "no input '\(name).json' beside it"))
            }
            return
        }
        guard ModelExample.isValidName(name) else {
            errors.append(SchemaError(file: inputFile, model: model,
                                      message: "an example's name must be 1 to \(ModelExample.maxNameBytes) bytes without control characters"))
            return
        }
        if let output = entry.output, entry.errors != nil {
            errors.append(SchemaError(file: output, model: model, message: "example '\(name)' expects an output or errors, not both"))
            return
        }
        if names(model).contains(name) {
            errors.append(SchemaError(file: inputFile, model: model, message: "example '\(name)' is in another \(model)\(ExampleFiles.folderSuffix) folder too"))
            return
        }
        guard let input = json(inputFile, model: model) else { return }
        var example = ModelExample(name: name, input: input)
        if let file = entry.output {
            guard let output = json(file, model: model) else { return }
            example.expected = .output(output)
        } else if let file = entry.errors {
            guard let listed = json(file, model: model) else { return }
            switch ExampleReader.errors(listed) {
            case .success(let expected): example.expected = .errors(expected)
            case .failure(let problem):
                errors.append(SchemaError(file: file, model: model, message: "the expected errors \(problem.message)"))
                return
            }
        }
        examples[model, default: []].append(example)
    }

    /// The names of `model`'s examples read so far.
    private func names(_ model: String) -> Set<String> {
        Set((examples[model] ?? []).map(\.name))
    }

    /// The tree of the JSON file `file`, within the size and depth limits; nil after recording why not.
    private mutating func json(_ file: String, model: String) -> JSONValue? {
        let path = root + "/" + file
        // The size is checked before reading, so an oversized file costs no memory.
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= limits.fileBytes else {
            errors.append(limits.exceeded(.fileBytes, found: size, "the file's size in bytes", file: file, model: model))
            return nil
        }
        total += size
        guard total <= limits.totalBytes else {
            errors.append(limits.exceeded(.totalBytes, found: total, "the example files' size in bytes up to this file", file: file, model: model))
            outOfBytes = true
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path), data.count <= limits.fileBytes else {
            errors.append(SchemaError(file: file, model: model, message: "cannot read the file, or it grew past the limit while read"))
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            errors.append(SchemaError(file: file, model: model, message: "not UTF-8 text"))
            return nil
        }
        do {
            return try JSONValue(parsing: text, maxDepth: limits.fileDepth)
        } catch {
            if error.code == JSONSyntaxError.tooDeep {
                errors.append(SchemaError(file: file, model: model,
                                          message: RegistryLimits.overLimit(.fileDepth, limits.fileDepth, found: limits.fileDepth + 1, "the file's nesting (at least)"),
                                          limit: .fileDepth))
            } else {
                errors.append(SchemaError(file: file, model: model, message: "invalid JSON at line \(error.line), column \(error.column): \(error.message)"))
            }
            return nil
        }
    }
}
