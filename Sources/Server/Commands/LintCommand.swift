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

    @Option(help: "Largest static cost of one CEL expression, as serve's --max-rule-cost.")
    var maxRuleCost = RegistryLimits.default.ruleCost

    func run() throws {
        var limits = RegistryLimits.default
        limits.ruleCost = maxRuleCost
        do {
            let registry = try SchemaLoader.load(directory: directory, limits: limits)
            print("\(registry.names.count) models OK: \(registry.names.joined(separator: ", "))")
        } catch {
            Output.stderr(error.description)
            Output.stderr("\(error.errors.count) error\(error.errors.count == 1 ? "" : "s")")
            throw ExitCode(1)
        }
    }
}
