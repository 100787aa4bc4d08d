import Foundation
import Testing

/// CEL's own conformance tests (cel-spec, the JSON-only ones of 16 files) through convertd's
/// engine. What convertd does not pass is listed in `expected-failures.tsv`, so the suite
/// fails on a regression and on a fix that leaves its line behind.
@Suite(.enabled(if: ConformanceCorpus.isPresent, "cel-spec corpus not found: set CONVERTD_CORPUS or place it at ../shared/corpus"))
struct CELConformanceTests {
    /// Per file: tests run and passed, and the type-check tests among them (`checkOnly`, `deducedType`).
    private struct Tally {
        var file: String
        var total = 0
        var passed = 0
        var typeChecks = 0
        var typeChecksPassed = 0
    }

    @Test func theCorpusPassesExceptTheListedFailures() throws {
        let expectations = try ConformanceExpectations.load()
        let rewrite = ProcessInfo.processInfo.environment["CEL_CONFORMANCE_WRITE"] == "1"
        var rewritten = ConformanceExpectations()
        var tallies: [Tally] = []
        var regressions: [String] = []
        var fixed: [String] = []
        var seen: Set<ConformanceExpectations.Key> = []

        for name in ConformanceCorpus.files {
            let file = try ConformanceCorpus.load(name)
            var tally = Tally(file: name)
            for section in file.sections {
                var occurrences: [String: Int] = [:]
                for test in section.tests {
                    occurrences[test.name, default: 0] += 1
                    guard !test.usesProto else { continue }
                    let ordinal = occurrences[test.name] ?? 1
                    let key = ConformanceExpectations.Key(file: name, section: section.name,
                                                          test: ordinal == 1 ? test.name : "\(test.name)#\(ordinal)")
                    seen.insert(key)
                    let isTypeCheck = test.checkOnly || test.expect["deducedType"] != nil
                    tally.total += 1
                    if isTypeCheck { tally.typeChecks += 1 }
                    let listed = expectations[key]
                    if let listed, listed.hasPrefix("skip:") {
                        rewritten.add(key, listed)
                        continue
                    }
                    switch ConformanceRunner.run(test) {
                    case .passed:
                        tally.passed += 1
                        if isTypeCheck { tally.typeChecksPassed += 1 }
                        if let listed { fixed.append("\(key.file)\t\(key.section)\t\(key.test)\t\(listed)") }
                    case .failed(let reason):
                        if listed == nil { regressions.append("\(key): \(test.expr) — \(reason)") }
                        let kept = listed.flatMap { ConformanceExpectations.isHandWritten($0) ? $0 : nil }
                        rewritten.add(key, kept ?? ConformanceExpectations.reason(reason))
                    }
                }
            }
            tallies.append(tally)
        }
        print(Self.table(tallies, listed: rewritten.entries.count))

        if rewrite {
            try rewritten.write()
            print("CEL conformance: wrote \(rewritten.entries.count) lines to \(ConformanceExpectations.url.path)")
            return
        }
        let stale = expectations.entries.filter { !seen.contains($0.key) }.map(\.key.description)
        #expect(regressions.isEmpty, "\(regressions.count) conformance tests fail that expected-failures.tsv does not list:\n\(Self.some(regressions))")
        #expect(fixed.isEmpty, "\(fixed.count) listed tests now pass: delete these lines from expected-failures.tsv:\n\(Self.some(fixed))")
        #expect(stale.isEmpty, "expected-failures.tsv lists tests the corpus does not have:\n\(Self.some(stale))")
    }

    /// The first 200 lines of a long list, and how many were left out.
    private static func some(_ lines: [String]) -> String {
        let shown = lines.prefix(200).joined(separator: "\n")
        return lines.count > 200 ? shown + "\n… and \(lines.count - 200) more" : shown
    }

    private static func table(_ tallies: [Tally], listed: Int) -> String {
        func row(_ name: String, _ passed: Int, _ total: Int) -> String {
            let percent = total == 0 ? "-" : String(format: "%.1f", Double(passed) * 100 / Double(total))
            return name.padding(toLength: 14, withPad: " ", startingAt: 0)
                + String(passed).leftPadded(8) + String(total).leftPadded(8) + percent.leftPadded(8)
        }
        var lines = ["CEL conformance (JSON-only tests):", "file            passed   total       %"]
        lines += tallies.map { row($0.file, $0.passed, $0.total) }
        lines.append(row("all", tallies.map(\.passed).reduce(0, +), tallies.map(\.total).reduce(0, +)))
        let typeChecks = tallies.map(\.typeChecks).reduce(0, +)
        lines.append("type-check tests (checkOnly or deducedType): \(tallies.map(\.typeChecksPassed).reduce(0, +)) of \(typeChecks) pass")
        lines.append("expected-failures.tsv: \(listed) lines after this run")
        return lines.joined(separator: "\n")
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
