import ArgumentParser

/// The `convertd` executable: the HTTP service (`serve`, the default) and conversion and schema tools.
@main
struct Convertd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convertd",
        abstract: "Turns messy upstream JSON into clean, typed, normalized JSON by declarative model schemas.",
        discussion: "With no subcommand convertd serves HTTP; `convertd serve --help` lists its settings, each a flag "
            + "with an environment variable behind it (PORT, HOST, SCHEMAS_DIR, THREADS, MAX_BODY_BYTES, MAX_STREAM_BYTES, "
            + "MAX_DEPTH, CONNECTION_TIMEOUT, MAX_CONNECTIONS, GRACE, LOG_LEVEL, LOG_FORMAT).",
        subcommands: [ServeCommand.self, ConvertCommand.self, ReverseCommand.self, LintCommand.self, SchemaCommand.self, InferCommand.self, BenchCommand.self,
                      HealthcheckCommand.self],
        defaultSubcommand: ServeCommand.self
    )
}
