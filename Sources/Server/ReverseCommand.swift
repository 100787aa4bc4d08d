import ArgumentParser
import MappingEngine

/// `convertd reverse`: a normalized document back into the upstream shape.
struct ReverseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reverse",
        abstract: "Map a normalized document (a file, or stdin) back to the upstream shape of a schema."
    )

    @OptionGroup var schemaOptions: SchemaOptions

    @Option(name: .long, help: "The model the document is normalized to.")
    var schema: String

    @Flag(name: .long, help: "Indent the output.")
    var pretty = false

    @Argument(help: "The input file; stdin when omitted.")
    var file: String?

    func run() throws {
        let engine = Engine(registry: try schemaOptions.load())
        let input = try Input.read(file)
        switch engine.reverse(input, model: schema) {
        case .success(let output):
            Output.stdout(output, pretty: pretty)
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
