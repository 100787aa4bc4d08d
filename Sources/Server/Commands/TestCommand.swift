import ArgumentParser
import MappingEngine

/// `convertd test DIR`: every model's example payloads, converted and checked, for CI (SPEC §11).
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run every model's examples (examples: in the schema files, and <Model>.examples/ folders); exits 1 when any fails.",
        discussion: """
            An example with an expected document (output: or NAME.output.json) passes when the output equals it as JSON, \
            object members in any order; one with expected errors (errors: or NAME.errors.json) when the errors are those, \
            by path and code, in any order; one with neither when its input converts (what the service answers 200). \
            Prints a line per example ("ok   Model/name" or "FAIL Model/name" and the diff of expected and actual), \
            then a summary; schema and example-file mistakes go to stderr. Exits 1 when an example fails or the \
            directory has a mistake, 0 otherwise.
            """
    )

    @Argument(help: "The schema directory.")
    var directory: String

    @Option(help: "Run only this model's examples.")
    var model: String?

    @Option(help: "lax (coerce, default) or strict (natural JSON types only).")
    var mode = "lax"

    @Option(help: "Largest static cost of one CEL expression, as serve's --max-rule-cost.")
    var maxRuleCost = RegistryLimits.default.ruleCost

    func run() throws {
        guard let mode = ConversionOptions.Mode(rawValue: mode) else { throw ValidationError("--mode must be lax or strict") }
        var limits = RegistryLimits.default
        limits.ruleCost = maxRuleCost
        let engine = Engine(limits: limits)
        let read = SchemaLoader.sources(in: directory, limits: limits)
        if case .failure(let error) = engine.load(read.sources, readErrors: read.errors) {
            Output.stderr(error.description)
            throw ExitCode(1)
        }
        let registry = engine.registry
        if let model, registry.definitions[model] == nil { throw Output.unknownModel(model) }
        let files = ExampleFiles.read(in: directory, limits: limits, models: Set(registry.names))
        let gathered = ExampleFiles.gather(registry, files: files.examples, limits: limits)
        let mistakes = files.errors + gathered.errors
        for mistake in mistakes { Output.stderr(mistake.description) }
        var total = 0
        var failed = 0
        for name in registry.names where model == nil || model == name {
            let examples = gathered.examples[name] ?? []
            // Names are unique within a model, so each failure finds its example.
            let failures = Dictionary(ExampleReplay.check(model: name, examples: examples, engine: engine, options: ConversionOptions(mode: mode))
                .map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for example in examples {
                total += 1
                guard let failure = failures[example.name] else {
                    print("ok   \(name)/\(example.name)")
                    continue
                }
                failed += 1
                print("FAIL \(name)/\(example.name): \(failure.reason)")
                print(TestCommand.indented(failure.diff), terminator: "")
            }
        }
        var summary = "\(total) example\(total == 1 ? "" : "s"), \(failed) failed"
        if !mistakes.isEmpty { summary += ", \(mistakes.count) mistake\(mistakes.count == 1 ? "" : "s") in the directory" }
        print(summary)
        if failed > 0 || !mistakes.isEmpty { throw ExitCode(1) }
    }

    /// `text` with each line indented by four spaces, so a diff reads as part of its FAIL line.
    static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
            .map { "    \($0)\n" }.joined()
    }
}
