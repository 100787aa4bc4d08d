import ArgumentParser
import MappingEngine

/// `convertd lint DIR`: every schema mistake, for operators' own CI.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a schema directory; lists every error (file: model.property: message) and exits 1 when there is any."
    )

    @Argument(help: "The schema directory.")
    var directory: String

    func run() throws {
        do {
            let registry = try SchemaLoader.load(directory: directory)
            print("\(registry.names.count) models OK: \(registry.names.joined(separator: ", "))")
        } catch {
            Output.stderr(error.description)
            Output.stderr("\(error.errors.count) error\(error.errors.count == 1 ? "" : "s")")
            throw ExitCode(1)
        }
    }
}
