import Testing
@testable import CEL

/// Every expression of CEL's conformance tests that convertd runs parses, before anything is
/// evaluated: a test expecting an error expects it from evaluation, except in `parse.json`,
/// whose error tests are the grammar's own refusals (there are none without protobuf today).
@Suite(.enabled(if: ConformanceCorpus.isPresent, "corpus not found: set CONVERTD_CORPUS or place it at ../shared/corpus"))
struct CELParserCorpusTests {
    @Test func everyJSONOnlyExpressionParses() throws {
        var parsed = 0
        var failures: [String] = []
        for file in ConformanceCorpus.files {
            for section in try ConformanceCorpus.load(file).sections {
                for test in section.tests where !test.usesProto {
                    let mustFail = file == "parse" && test.expect["error"] != nil
                    let name = "\(file)/\(section.name)/\(test.name)"
                    do throws(CELCompileError) {
                        _ = try CELParser.parse(test.expr, limits: CELLimits())
                        if mustFail { failures.append("\(name): parsed, but must not") } else { parsed += 1 }
                    } catch {
                        if mustFail { parsed += 1 } else {
                            failures.append("\(name): column \(error.column): \(error.message) in \(test.expr.prefix(60))")
                        }
                    }
                }
            }
        }
        print("CEL parser: \(parsed) of \(parsed + failures.count) conformance expressions handled as expected")
        failures.forEach { print("  \($0)") }
        #expect(failures.isEmpty)
        #expect(parsed > 1_500)
    }

    /// `parse.json`'s literal sections check the decoding of every quote, prefix and escape: the
    /// parsed literal is the expected value itself.
    @Test(arguments: ["string_literals", "bytes_literals"])
    func literalsDecodeToTheExpectedValues(section name: String) throws {
        let section = try #require(try ConformanceCorpus.load("parse").sections.first { $0.name == name })
        for test in section.tests {
            let expr = try CELParser.parse(test.expr, limits: CELLimits())
            guard case .literal(let value) = expr.kind else {
                Issue.record("\(test.name): not a literal")
                continue
            }
            let expected = try Self.corpusDefects["\(name)/\(test.name)"]
                ?? ConformanceValue.decode(try #require(test.expect["value"]))
            #expect(ConformanceValue.same(value, expected), "\(test.name): \(ConformanceValue.text(value))")
        }
        #expect(section.tests.count > 40)
    }

    /// Expected values the JSON corpus got wrong, with the right ones. cel-spec writes these
    /// bytes as `" \? \" \' ` "` in protobuf's text format, where `\?` is `?`; the conversion
    /// to JSON kept the backslash, so the JSON expects one that the expression
    /// `b''' ? " ' ` '''` does not hold.
    static let corpusDefects: [String: CELValue] = [
        "bytes_literals/triple_single_quoted_unescaped_punctuation": .bytes(Array(#" ? " ' ` "#.utf8)),
        "bytes_literals/triple_double_quoted_unescaped_punctuation": .bytes(Array(#" ? " ' ` "#.utf8)),
    ]
}
