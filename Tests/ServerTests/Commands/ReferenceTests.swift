import ArgumentParser
import ConvertdHTTP
@testable import convertd
import Foundation
import MappingEngine
import TestSupport
import Testing

/// The README's reference tables — every error code, every `serve` option — are generated from
/// the code that defines them (`convertd reference`), and the README holds what it generates.
struct ReferenceTests {
    private static let readme = PackageRoot.url.appendingPathComponent("README.md")

    @Test(arguments: ReferenceTable.allCases)
    func theReadmeHoldsTheTableTheCodeGenerates(_ table: ReferenceTable) throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let found = table.block.content(in: text)
        let block = try #require(found, "README.md has no block between \(table.block.begin.dropLast()) and \(table.block.end), once each")
        let generated = try table.markdown()
        let same = block == generated
        #expect(same, Comment(rawValue: ReferenceTests.difference(block, generated, table: table)))
    }

    @Test func everyCodeTheCodeBaseAnswersIsInTheTable() throws {
        let listed = Set(try ErrorCatalog().entries.map(\.code))
        var answered = ErrorCode.allCases.map(\.rawValue) + InferenceError.Code.allCases.map(\.rawValue)
        answered += ServiceError.Code.allCases.map(\.rawValue) + TransportError.Code.allCases.map(\.rawValue)
        answered += [JSONSyntaxError.badJSON, JSONSyntaxError.tooDeep, JSONSyntaxError.emptyBody]
        // A line of an NDJSON body whose model was deleted while it streamed.
        answered.append("unknown_schema")
        for code in answered {
            #expect(listed.contains(code), "\(code) is answered but not in the error table")
        }
        #expect(Set(answered) == listed, "the table lists codes nothing answers: \(listed.subtracting(answered).sorted())")
        // The OpenAPI document's list of the error body's codes is the table's.
        #expect(Set(ErrorCatalog.answerCodes).isSubset(of: listed))
        #expect(Set(ServiceError.Code.allCases.map(\.rawValue)).isSubset(of: ErrorCatalog.answerCodes))
    }

    @Test func eachExampleIsAnsweredWithItsOwnCode() throws {
        for entry in try ErrorCatalog().entries {
            let example = try JSONValue(parsing: entry.example)
            #expect(example["code"] == .string(entry.code), "\(entry.code): \(entry.example)")
            #expect(!entry.meaning.isEmpty && (200..<600).contains(entry.status), "\(entry.code)")
        }
        // The codes the issue found documented nowhere have their rows.
        let rows = try ReferenceTable.errors.markdown().split(separator: "\n")
        for code in ["above_maximum", "below_minimum", "enum_mismatch", "pattern_mismatch", "too_few_items", "too_many_items",
                     "unknown_discriminator"] {
            #expect(rows.contains { $0.hasPrefix("| `\(code)` | 422 |") }, "\(code)")
        }
    }

    @Test func everyServeOptionHasItsSettingAndItsHelpStatesIt() throws {
        let table = try ServeFlagTable()
        #expect(table.rows.map(\.setting) == ServeSetting.allCases)
        for row in table.rows {
            #expect(row.flag == row.setting.flag)
            #expect(!row.meaning.isEmpty && !row.meaning.contains("(env "), "\(row.flag): \(row.meaning)")
        }
    }

    /// The defaults the table states are what `serve` takes with no option and no environment.
    @Test func theStatedDefaultsAreTheConfigsWithNothingGiven() throws {
        let config = try ServerConfig(try ServeCommand.parse([]), environment: [:])
        for setting in ServeSetting.allCases {
            #expect(setting.value(in: config) == setting.defaultValue, "\(setting.flag)")
        }
    }

    /// `ServerConfig` reads each setting's variable: a value it cannot take is refused naming it.
    @Test(arguments: ServeSetting.allCases)
    func serverConfigReadsTheVariableTheTableNames(_ setting: ServeSetting) throws {
        let refused: [ServeSetting: String] = [.host: "", .schemas: "", .adminToken: "s3cret", .adminTokenFile: "/nonexistent/token"]
        let environment = [setting.variable: refused[setting] ?? "not-a-value"]
        do {
            _ = try ServerConfig(try ServeCommand.parse([]), environment: environment)
            Issue.record("\(environment) was taken")
        } catch let error as ValidationError {
            #expect(error.message.hasPrefix(setting.variable), "\(error.message)")
        }
    }

    @Test func aBlockIsFoundReplacedAndAnAlteredOneTellsWhereItDiffers() throws {
        let block = GeneratedBlock(name: "convertd reference flags")
        let text = "intro\n\(block.begin)| a |\n| b |\n\(block.end)\noutro\n"
        #expect(block.content(in: text) == "| a |\n| b |\n")
        let replaced = try #require(block.replacing(in: text, with: "| c |\n"))
        #expect(replaced == "intro\n\(block.begin)| c |\n\(block.end)\noutro\n")
        #expect(block.replacing(in: "no markers\n", with: "x") == nil)
        #expect(block.content(in: text + text) == nil, "markers twice")
        #expect(block.content(in: "\(block.end)\n\(block.begin)") == nil, "the end before the beginning")
        let message = ReferenceTests.difference("| a |\n| b |\n", "| a |\n| B |\n", table: .flags)
        #expect(message.contains("line 2") && message.contains("make reference"), "\(message)")
    }

    /// Where the README's block and the generated table first differ, and how to bring them together.
    static func difference(_ readme: String, _ generated: String, table: ReferenceTable) -> String {
        let have = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let want = generated.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(have, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(have.count, want.count)
        let shown = { (lines: [Substring]) in line < lines.count ? "'\(lines[line])'" : "nothing" }
        return "README.md's block '\(table.block.name)' is not what the code generates: at line \(line + 1) of the block "
            + "the README has \(shown(have)), the code \(shown(want)). Run `make reference` to rewrite it, then review the diff."
    }
}
