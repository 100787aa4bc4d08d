import ArgumentParser

/// The `convertd` executable: the HTTP service (`serve`, the default) and conversion and schema tools.
@main
struct Convertd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convertd",
        abstract: "Turns messy upstream JSON into clean, typed, normalized JSON by declarative model schemas.",
        subcommands: [ServeCommand.self, ConvertCommand.self, ReverseCommand.self, LintCommand.self, SchemaCommand.self, BenchCommand.self],
        defaultSubcommand: ServeCommand.self
    )
}
