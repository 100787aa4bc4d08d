import ArgumentParser

/// The `convertd` executable: the HTTP service (`serve`, the default) and conversion and schema tools.
@main
struct Convertd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convertd",
        abstract: "Turns messy upstream JSON into clean, typed, normalized JSON by declarative model schemas.",
        discussion: "With no subcommand convertd serves HTTP; `convertd serve --help` lists its settings, each a flag "
            + "with an environment variable behind it (\(ServeSetting.allCases.map(\.variable).joined(separator: ", ")))."
            + " `convertd reference` prints the README's tables of them and of every error code.",
        version: ConvertdVersion.text,
        subcommands: [ServeCommand.self, ConvertCommand.self, ReverseCommand.self, LintCommand.self, SchemaCommand.self, InferCommand.self, BenchCommand.self,
                      HealthcheckCommand.self, ReferenceCommand.self, TestCommand.self],
        defaultSubcommand: ServeCommand.self
    )

    /// Runs the subcommand the first argument names parsed on its own, else the whole command tree.
    ///
    /// Parsing from the root reflects over the default command's options (every `serve` setting)
    /// and the completion-script commands before the subcommand's own: a third of `convertd
    /// convert`'s start-up. `convert` and `reverse` with plain arguments skip ArgumentParser
    /// altogether (`QuickParsable`). Only a parse that succeeds is used; anything else (help, a
    /// completion script, a mistake) is parsed again from the root, so its output and exit code
    /// stay the tree's.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first else { return main(nil) }
        let rest = Array(arguments.dropFirst())
        if let quick = quickCommands.first(where: { $0.configuration.commandName == name }), let command = quick.quick(rest) {
            return run(command)
        }
        if let subcommand = configuration.subcommands.first(where: { $0.configuration.commandName == name }),
           let command = try? subcommand.parseAsRoot(rest),
           type(of: command) == subcommand {
            return run(command)
        }
        main(nil)
    }

    /// The subcommands read by `QuickArguments` when their arguments are plain.
    private static let quickCommands: [any QuickParsable.Type] = [ConvertCommand.self, ReverseCommand.self]

    private static func run(_ command: ParsableCommand) {
        var command = command
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}
