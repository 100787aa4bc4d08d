import ArgumentParser
import MappingEngine

/// `convertd convert`: one payload through one model, printed as normalized JSON.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a JSON document (a file, or stdin) with a schema; prints the result or the error list (exit 1)."
    )

    @OptionGroup var schemaOptions: SchemaOptions
    @OptionGroup var document: DocumentOptions

    @Option(name: .long, help: "lax (coerce, default) or strict (natural JSON types only).")
    var mode: String = "lax"

    @Flag(name: .long, help: "Wrap the result with the coercions applied and the unknown keys seen.")
    var explain = false

    @Option(name: .long, help: "Errors listed before one too_many_errors entry with the total; also caps the coercions and unknown keys listed by --explain.")
    var maxErrors = 100

    func validate() throws {
        guard (1...100_000).contains(maxErrors) else { throw ValidationError("--max-errors must be 1–100000") }
    }

    func run() throws {
        guard let mode = ConversionOptions.Mode(rawValue: mode) else {
            throw ValidationError("--mode must be lax or strict")
        }
        let engine = try schemaOptions.engine()
        let options = ConversionOptions(mode: mode, explain: explain, maxErrors: maxErrors)
        let input = try document.read()
        // Through a workspace rather than `OwnedResult`, which leaves out the omitted counts.
        let workspace = Workspace(outputCapacity: max(256, input.count * 2))
        let result = input.withUnsafeBufferPointer { engine.convert($0, model: document.schema, options: options, workspace: workspace) }
        switch result {
        case .success(let success):
            Output.stdout(explain ? ResultJSON.explained(success) : Array(success.output), pretty: document.pretty)
        case .failure(let errors): throw Output.invalid(errors, schema: document.schema, pretty: document.pretty)
        case .malformed(let error): throw Output.malformed(error, pretty: document.pretty)
        case .unknownModel(let name): throw Output.unknownModel(name)
        }
    }
}
