import CEL
import Testing
import TestSupport
@testable import MappingEngine

/// A `transform` of string edits (`CELTextStep`) run on the input's bytes against the same
/// edits run as a CEL program (`Slow`, whose ` + ''` keeps it a program): the same output,
/// the same `explain`, and the same budget: it converts with exactly what its program would
/// charge, and fails at one less with `rule_cost_exceeded`, as the program does.
@Suite struct TransformTextStepsTests {
    static let chains = ["self.trim()", "self.upperAscii()", "self.trim().upperAscii()", "self.lowerAscii().trim()",
                         "self.upperAscii().lowerAscii()", "self.trim().trim().lowerAscii()"]

    static func engine(_ chain: String) throws -> Engine {
        try EngineFixture.engine("""
            Fast:
              properties:
                code: { type: string, transform: "\(chain)" }
            Slow:
              properties:
                code: { type: string, transform: "\(chain) + ''" }
            """)
    }

    /// Strings with white space, letters, non-ASCII at the edges and inside, escapes, and
    /// lengths past 16 bytes (what the budget counts).
    static func text(_ random: inout SeededRandom) -> String {
        let pieces = [" ", "\t", "\n", "a", "Z", "q", "é", "\u{00A0}", "\u{3000}", "-", "\"", "\\", "0", "abcdefghijklmnop", "\u{1F600}"]
        return (0..<random.below(12)).map { _ in pieces[random.below(pieces.count)] }.joined()
    }

    @Test(arguments: chains)
    func agreesWithTheProgram(chain: String) throws {
        let engine = try Self.engine(chain)
        let environment = CELEnvironment(variables: [.init(name: "self", type: .dyn)])
        let program = try CELProgram(chain, in: environment)
        #expect(program.textSteps != nil)
        var random = SeededRandom(seed: 23)
        for _ in 0..<300 {
            let text = Self.text(&random)
            let payload = Array(#"{"code":\#(JSONValue.string(text).jsonText)}"#.utf8)
            for explain in [false, true] {
                let options = ConversionOptions(explain: explain)
                let fast = EngineFixture.describe(engine.convert(payload, model: "Fast", options: options))
                let slow = EngineFixture.describe(engine.convert(payload, model: "Slow", options: options))
                #expect(fast == slow, "\(chain) of \(JSONValue.string(text).jsonText)")
                if explain, case .success(_, let fastCoercions, _) = engine.convert(payload, model: "Fast", options: options),
                   case .success(_, let slowCoercions, _) = engine.convert(payload, model: "Slow", options: options) {
                    #expect(fastCoercions == slowCoercions, "\(chain) of \(text)")
                }
            }
            // What the program charges: the raw value read (1), then its steps.
            let budget = 1_000_000
            var activation = CELActivation(variables: [.string(text)], budget: budget)
            _ = try program.evaluate(&activation)
            let cost = 1 + budget - activation.budget
            let enough = engine.convert(payload, model: "Fast", options: ConversionOptions(ruleBudget: cost))
            let short = engine.convert(payload, model: "Fast", options: ConversionOptions(ruleBudget: cost - 1))
            guard case .success = enough, case .failure(let errors) = short else {
                Issue.record("\(chain) of \(text) at \(cost): \(EngineFixture.describe(enough)), at one less: \(EngineFixture.describe(short))")
                continue
            }
            #expect(errors.map(\.code) == [.ruleCostExceeded])
        }
    }
}
