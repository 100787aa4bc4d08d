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
    /// convert`'s start-up. Only a parse that succeeds is used; anything else (help, a completion
    /// script, a mistake) is parsed again from the root, so its output and exit code stay the tree's.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let name = arguments.first,
           let subcommand = configuration.subcommands.first(where: { $0.configuration.commandName == name }),
           var command = try? subcommand.parseAsRoot(Array(arguments.dropFirst())),
           type(of: command) == subcommand {
            do {
                try command.run()
            } catch {
                exit(withError: error)
            }
            return
        }
        main(nil)
    }
}
