import CEL
import Foundation
import MappingEngine
import TestSupport
import Testing

/// convertd's CEL against cel-python on random expressions over random documents: the same
/// value, or an error from both. cel-python runs in the venv `make test` installs
/// (`Tests/CELDifferential/requirements.txt`), named by `CONVERTD_CEL_PYTHON`.
@Suite(.enabled(if: CELPython.executable != nil,
                "CONVERTD_CEL_PYTHON not set: `make test` sets it to a venv's python with cel-python (Tests/CELDifferential)"))
struct CELDifferentialTests {
    /// `CEL_DIFFERENTIAL_SEED` replays or explores another run.
    static let seed = ProcessInfo.processInfo.environment["CEL_DIFFERENTIAL_SEED"].flatMap { UInt64($0) } ?? 0xCE1_D1FF
    static let count = 500

    private struct Case {
        var expression: String
        var document: DifferentialValue
    }

    /// What one engine made of one case.
    private enum Result {
        case value(CELValue)
        case error(String)

        var text: String {
            switch self {
            case .value(let value): return ConformanceValue.text(value)
            case .error(let message): return "error: \(message)"
            }
        }
    }

    @Test func randomExpressionsAgreeWithCelPython() throws {
        var generator = RandomCELExpression(random: SeededRandom(seed: Self.seed))
        let cases = (0..<Self.count).map { _ in
            let (shape, document) = generator.document()
            return Case(expression: generator.expression(over: shape), document: document)
        }
        let theirs = try Self.celPython(cases)
        try #require(theirs.count == cases.count, "cel-python answered \(theirs.count) of \(cases.count) cases")

        var disagreements: [String] = []
        var values = 0
        for (item, their) in zip(cases, theirs) {
            let ours = Self.convertd(item)
            switch (ours, their) {
            case (.error, .error): continue
            case (.value(let a), .value(let b)) where ConformanceValue.same(a, b):
                values += 1
                continue
            default:
                disagreements.append("""
                    \(item.expression)
                      doc:        \(item.document.json)
                      convertd:   \(ours.text)
                      cel-python: \(their.text)
                    """)
            }
        }
        print("CEL differential (seed \(Self.seed)): \(cases.count) cases, \(cases.count - disagreements.count) agree "
            + "(\(values) on a value), \(disagreements.count) disagree")
        #expect(disagreements.isEmpty, Comment(rawValue: "\(disagreements.count) of \(cases.count) expressions disagree with cel-python:\n"
            + disagreements.prefix(60).joined(separator: "\n")))
        // Mostly errors would compare little: the generator is meant to read fields that are there.
        #expect(values * 2 >= cases.count, "only \(values) of \(cases.count) cases agree on a value")
    }

    private static func convertd(_ item: Case) -> Result {
        do {
            let environment = CELEnvironment(variables: [.init(name: "doc", type: .dyn)], patterns: PatternCELCompiler())
            let program = try CELProgram(item.expression, in: environment)
            var activation = CELActivation(variables: [item.document.cel])
            do {
                return .value(try program.evaluate(&activation))
            } catch {
                return .error("\(error.kind.rawValue): \(error.message)")
            }
        } catch {
            return .error("compile: \(error.kind.rawValue) at \(error.column): \(error.message)")
        }
    }

    /// Every case through `evaluate.py` at once: one Python start for the run.
    private static func celPython(_ cases: [Case]) throws -> [Result] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cel-differential-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("cases.json"), output = folder.appendingPathComponent("results.json")
        let encoded = cases.map { #"{"expr":\#(DifferentialValue.string($0.expression).json),"doc":\#($0.document.json)}"# }
        try #"{"cases":["#.appending(encoded.joined(separator: ",\n")).appending("]}").write(to: input, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(CELPython.executable))
        process.arguments = [CELPython.script.path, input.path, output.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "evaluate.py exited with \(process.terminationStatus)")

        struct Results: Decodable {
            var results: [ConformanceJSON]
        }
        return try JSONDecoder().decode(Results.self, from: Data(contentsOf: output)).results.map { result in
            if let message = result["error"]?.string { return .error(message) }
            return .value(try ConformanceValue.decode(try #require(result["value"])))
        }
    }
}

/// cel-python: the venv's interpreter (`CONVERTD_CEL_PYTHON`) and the script that evaluates with it.
enum CELPython {
    static let executable = ProcessInfo.processInfo.environment["CONVERTD_CEL_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
    static let script = PackageRoot.url.appendingPathComponent("Tests/CELDifferential/evaluate.py")
}
