import ArgumentParser
import MappingEngine

/// `convertd reverse`: a normalized document back into the upstream shape.
struct ReverseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reverse",
        abstract: "Map a normalized document (a file, or stdin) back to the upstream shape of a schema."
    )

    @OptionGroup var schemaOptions: SchemaOptions
    @OptionGroup var document: DocumentOptions

    @OptionGroup var profile: ProfileOption

    func run() throws {
        let engine = try schemaOptions.engine(for: document.schema)
        switch engine.reverse(try document.read(), model: document.schema, profile: try profile.options(in: engine)) {
        case .success(let output): Output.stdout(output, pretty: document.pretty)
        case .failure(let errors): throw Output.invalid(errors, schema: document.schema, pretty: document.pretty)
        case .malformed(let error): throw Output.malformed(error, pretty: document.pretty)
        case .unknownModel(let name): throw Output.unknownModel(name)
        }
    }
}
