import ArgumentParser
import Foundation
import MappingEngine

/// `convertd infer`: a schema file that converts every sample payload given, or with
/// `--update` the smallest change of an existing one that makes it take them.
struct InferCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "infer",
        abstract: "Infer a schema file that converts every sample given (files, or stdin): JSON objects, arrays of objects, NDJSON.",
        discussion: "Prints the schema (YAML by default, its guesses marked in comments) to stdout or --output. Exits 1 when an "
            + "input is not JSON (with its file, line and column), when no sample is an object, or when the samples need more "
            + "than the inference's limits allow.\n\n"
            + "With --update FILE, changes the model of an existing schema file as little as it can so that it converts the "
            + "samples and what the --drift reports saw: unknown keys become optional properties, values outside an enum join "
            + "it, missing required properties become optional, integers out of range widen, bounds move to the values seen. "
            + "Prints the change as a unified diff to stdout (or with --write rewrites FILE in place) and what it left or "
            + "guessed to stderr. A rewritten file loses its comments and layout: YAML stays YAML, JSON stays JSON."
    )

    @Option(name: .long, help: "The model's name ([A-Za-z_][A-Za-z0-9_]*); nested models are named after it. With --update, the model to change (may be left out when FILE defines one).")
    var model: String?

    @Option(name: .long, help: "yaml (guesses as comments) or json (guesses as descriptions).")
    var format: String = "yaml"

    @Flag(name: .long, help: "Read every input as NDJSON, one document per line (a .ndjson or .jsonl file always is).")
    var ndjson = false

    @Option(name: .shortAndLong, help: "Write the schema to this file instead of stdout.")
    var output: String?

    @Option(name: .long, help: ArgumentHelp("Change this schema file instead of inferring a new one (a rewritten file loses its comments).",
                                            valueName: "file"))
    var update: String?

    @Option(name: .long, help: ArgumentHelp("A saved drift report (GET /schemas/{Model}/drift) to update from; repeatable. Needs --update.",
                                            valueName: "report"))
    var drift: [String] = []

    @Flag(name: .long, help: "With --update: rewrite FILE in place (atomically) instead of printing the diff.")
    var write = false

    @Option(name: .long, help: ArgumentHelp("With --update: a directory of schema files holding models FILE references.", valueName: "dir"))
    var schemas: String?

    @Argument(help: "Sample files; stdin when none is given (and, with --update, no --drift), or for '-'.")
    var files: [String] = []

    func validate() throws {
        guard SchemaInference.Format(rawValue: format) != nil else { throw ValidationError("--format must be yaml or json") }
        guard update != nil else {
            guard model != nil else { throw ValidationError("Missing expected argument '--model <model>'") }
            guard drift.isEmpty, !write, schemas == nil else { throw ValidationError("--drift, --write and --schemas go with --update") }
            return
        }
        guard output == nil else { throw ValidationError("--output does not go with --update: the diff goes to stdout, or --write rewrites the file") }
    }

    func run() throws {
        if let update {
            try UpdateRun(command: self, file: update).run()
            return
        }
        let format = SchemaInference.Format(rawValue: format) ?? .yaml
        var inference: SchemaInference
        do {
            inference = try SchemaInference(model: model ?? "")
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
