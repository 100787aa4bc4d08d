import ArgumentParser
import MappingEngine

/// `convertd convert`: one payload through one model, printed as normalized JSON.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a JSON document (a file, or stdin) with a schema; prints the result or the error list (exit 1)."
    )

    @OptionGroup var schemaOptions: SchemaOptions

    @Option(name: .long, help: "The model to convert to.")
    var schema: String

    @Option(name: .long, help: "lax (coerce, default) or strict (natural JSON types only).")
    var mode: String = "lax"

    @Flag(name: .long, help: "Wrap the result with the coercions applied and the unknown keys seen.")
    var explain = false

    @Flag(name: .long, help: "Indent the output.")
    var pretty = false

    @Argument(help: "The input file; stdin when omitted.")
    var file: String?

    func run() throws {
        guard let mode = ConversionOptions.Mode(rawValue: mode) else {
            throw ValidationError("--mode must be lax or strict")
        }
        let engine = Engine(registry: try schemaOptions.load())
        let input = try Input.read(file)
        switch engine.convert(input, model: schema, options: ConversionOptions(mode: mode, explain: explain)) {
        case .success(let output, let coercions, let unknownKeys):
            if explain {
                let wrapped = output.withUnsafeBufferPointer {
                    ResultJSON.explained(output: $0, coercions: coercions, unknownKeys: unknownKeys)
                }
                Output.stdout(wrapped, pretty: pretty)
            } else {
                Output.stdout(output, pretty: pretty)
            }
        case .failure(let errors):
            Output.stdout(ResultJSON.errors(errors, schema: schema).jsonBytes, pretty: pretty)
            throw ExitCode(1)
        case .malformed(let error):
            Output.stdout(JSONValue.object([.init("errors", .array([ResultJSON.syntaxError(error)]))]).jsonBytes, pretty: pretty)
            throw ExitCode(1)
        case .unknownModel(let name):
            Output.stderr("unknown schema '\(name)'")
            throw ExitCode(2)
        }
    }
}
