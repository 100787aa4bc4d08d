import ArgumentParser
import MappingEngine

/// `convertd schema NAME`: a model with inheritance resolved, as JSON Schema of its output.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of a model's normalized output."
    )

    @OptionGroup var schemaOptions: SchemaOptions

    @Argument(help: "The model.")
    var name: String

    func run() throws {
        let registry = try schemaOptions.load()
        guard let schema = JSONSchemaExporter(registry: registry).schema(for: name) else {
            Output.stderr("unknown schema '\(name)'")
            throw ExitCode(2)
        }
        Output.stdout(schema.jsonBytes, pretty: true)
    }
}
