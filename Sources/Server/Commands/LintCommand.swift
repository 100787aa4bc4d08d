import ArgumentParser
import MappingEngine

/// `convertd lint DIR`: every schema mistake, for operators' own CI.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a schema directory; lists every error (file: model.property: message) and exits 1 when there is any.",
        discussion: "With --against OLD_DIR, also checks that serving DIR in place of OLD_DIR keeps every changed model's "
            + "compatibility level (its file's `compatibility:`, else --compatibility): the breaking changes, and the examples "
            + "the new version answers differently, side by side; exits 1 when any model breaks its level."
    )

    @Argument(help: "The schema directory.")
    var directory: String

    @Option(help: "Largest static cost of one CEL expression, as serve's --max-rule-cost.")
    var maxRuleCost = RegistryLimits.default.ruleCost

    @Option(help: "The schema directory served now (a checkout of the main branch): DIR must keep its models' compatibility.")
    var against: String?

    @Option(help: "The level of a model whose file declares none, with --against.")
    var compatibility = CompatibilityLevel.backward.rawValue

    func validate() throws {
        guard CompatibilityLevel(text: compatibility) != nil else {
            throw ValidationError("--compatibility must be one of \(CompatibilityLevel.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

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
        if let against { try check(against: against, limits: limits) }
    }

    /// Serves `old` as convertd would (its version ledgers included), then asks the gate about `directory`.
    private func check(against old: String, limits: RegistryLimits) throws {
        let served = Engine(limits: limits)
        let read = SchemaLoader.sources(in: old, limits: limits)
        let ledgers = SchemaFiles.histories(in: old)
        if case .failure(let error) = served.load(read.sources, readErrors: read.errors + ledgers.errors, histories: ledgers.histories, gate: nil) {
            Output.stderr("\(old): \(error.description)")
            throw ExitCode(1)
        }
        let candidate = SchemaLoader.sources(in: directory, limits: limits)
        let gate = ContractGate(level: CompatibilityLevel(text: compatibility) ?? .backward, exampleFiles: ExampleFiles.read(in: directory).examples)
        switch served.compatibility(of: candidate.sources, gate: gate) {
        case .failure(let error):
            Output.stderr(error.description)
            throw ExitCode(1)
        case .success(let verdicts):
            for verdict in verdicts { print(LintCommand.describe(verdict)) }
            let broken = verdicts.filter { !$0.isCompatible }
            print(broken.isEmpty ? "compatible with \(old)" : "\(broken.count) model\(broken.count == 1 ? "" : "s") incompatible with \(old)")
            if !broken.isEmpty { throw ExitCode(1) }
        }
    }

    /// A verdict as lines: the model and level, each breaking change, each example answered differently.
    static func describe(_ verdict: ModelCompatibility) -> String {
        let versions = verdict.against.map { "@\($0)" }.joined(separator: ", ")
        var lines = ["\(verdict.model): \(verdict.level.rawValue) against \(versions.isEmpty ? "the served version" : versions): "
            + (verdict.isCompatible ? "compatible" : "INCOMPATIBLE")]
        for change in verdict.changes {
            lines.append("  \(change.side.rawValue) \(change.path.isEmpty ? "/" : change.path): \(change.kind): \(change.old) → \(change.new)")
            lines.append("      \(change.message)")
        }
        for difference in verdict.replay {
            lines.append("  example '\(difference.name)' answers differently (served | candidate):")
            lines += difference.sideBySide().split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
        }
        return lines.joined(separator: "\n")
    }
}
