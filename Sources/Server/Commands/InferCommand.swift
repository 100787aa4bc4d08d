import ArgumentParser
import Foundation
import MappingEngine

/// `convertd infer`: a schema file that converts every sample payload given.
struct InferCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "infer",
        abstract: "Infer a schema file that converts every sample given (files, or stdin): JSON objects, arrays of objects, NDJSON.",
        discussion: "Prints the schema (YAML by default, its guesses marked in comments) to stdout or --output. Exits 1 when an "
            + "input is not JSON (with its file, line and column), when no sample is an object, or when the samples need more "
            + "than the inference's limits allow."
    )

    @Option(name: .long, help: "The model's name ([A-Za-z_][A-Za-z0-9_]*); nested models are named after it.")
    var model: String

    @Option(name: .long, help: "yaml (guesses as comments) or json (guesses as descriptions).")
    var format: String = "yaml"

    @Flag(name: .long, help: "Read every input as NDJSON, one document per line (a .ndjson or .jsonl file always is).")
    var ndjson = false

    @Option(name: .shortAndLong, help: "Write the schema to this file instead of stdout.")
    var output: String?

    @Argument(help: "Sample files; stdin when none is given, or for '-'.")
    var files: [String] = []

    func validate() throws {
        guard SchemaInference.Format(rawValue: format) != nil else { throw ValidationError("--format must be yaml or json") }
    }

    func run() throws {
        let format = SchemaInference.Format(rawValue: format) ?? .yaml
        var inference: SchemaInference
        do {
            inference = try SchemaInference(model: model)
        } catch {
            throw ValidationError(error.message)
        }
        for file in files.isEmpty ? ["-"] : files {
            let bytes = try Input.read(file)
            let lines = ndjson || InputReader.namesNDJSON(file)
            do {
                try bytes.withUnsafeBufferPointer { try SampleReader.add($0, ndjson: lines, to: &inference) }
            } catch {
                Output.stderr("\(file == "-" ? "stdin" : file): \(error)")
                throw ExitCode(1)
            }
        }
        if inference.skippedCount > 0 {
            Output.stderr("note: \(inference.skippedCount) value\(inference.skippedCount == 1 ? " is" : "s are") not an object and not a sample")
        }
        let text: String
        do {
            text = try inference.schema(format)
        } catch {
            Output.stderr(error.description)
            throw ExitCode(1)
        }
        guard let output else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try text.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            Output.stderr("cannot write \(output): \(error.localizedDescription)")
            throw ExitCode(1)
        }
    }
}
