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

    func run() throws {
        guard let mode = ConversionOptions.Mode(rawValue: mode) else {
            throw ValidationError("--mode must be lax or strict")
        }
        let engine = Engine(registry: try schemaOptions.load())
        let options = ConversionOptions(mode: mode, explain: explain)
        switch engine.convert(try document.read(), model: document.schema, options: options) {
        case .success(let output, let coercions, let unknownKeys):
            let body = explain
                ? output.withUnsafeBufferPointer { ResultJSON.explained(output: $0, coercions: coercions, unknownKeys: unknownKeys) }
                : output
            Output.stdout(body, pretty: document.pretty)
        case .failure(let errors): throw Output.invalid(errors, schema: document.schema, pretty: document.pretty)
        case .malformed(let error): throw Output.malformed(error, pretty: document.pretty)
        case .unknownModel(let name): throw Output.unknownModel(name)
        }
    }
}
