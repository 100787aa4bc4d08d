import Foundation
import TestSupport

/// `expected-failures.tsv`: the conformance tests convertd does not pass, one a line,
/// `file<TAB>section<TAB>test<TAB>reason`, so that a new failure and a new pass both show.
///
/// A reason starting `skip:` keeps its test from running at all (outside convertd's subset);
/// one starting `known:` is a hand-written explanation that rewriting the file keeps. Any
/// other reason is the failure's own text, rewritten with the file (`CEL_CONFORMANCE_WRITE=1`).
struct ConformanceExpectations {
    /// A test's place in the corpus. Test names repeat within a few sections (`index_of` has two
    /// `empty_index`): the second of a name is `name#2`, the third `name#3`.
    struct Key: Hashable, CustomStringConvertible {
        var file: String
        var section: String
        var test: String

        var description: String { "\(file)/\(section)/\(test)" }
    }

    static let url = PackageRoot.url.appendingPathComponent("Tests/MappingEngineTests/CEL/Conformance/expected-failures.tsv")

    static let header = """
        # CEL conformance tests convertd does not pass: file, section, test, reason (tab-separated).
        # CELConformanceTests fails on a failure not listed here and on a listed test that passes.
        # Rewrite with `CEL_CONFORMANCE_WRITE=1 swift test --filter CELConformanceTests`: reasons starting
        # `skip:` (not run: outside convertd's subset) and `known:` (explained by hand) are kept, others rewritten.

        """

    /// The listed tests with their reasons, in the file's order.
    private(set) var entries: [(key: Key, reason: String)] = []
    private var reasons: [Key: String] = [:]

    init(entries: [(key: Key, reason: String)] = []) {
        for entry in entries { add(entry.key, entry.reason) }
    }

    static func load() throws -> ConformanceExpectations {
        guard FileManager.default.fileExists(atPath: url.path) else { return ConformanceExpectations() }
        var expectations = ConformanceExpectations()
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { throw Malformed(line: String(line)) }
            expectations.add(Key(file: fields[0], section: fields[1], test: fields[2]), fields[3])
        }
        return expectations
    }

    subscript(key: Key) -> String? { reasons[key] }

    mutating func add(_ key: Key, _ reason: String) {
        entries.append((key, reason))
        reasons[key] = reason
    }

    /// Whether a rewrite keeps `reason` rather than the failure's own text.
    static func isHandWritten(_ reason: String) -> Bool {
        reason.hasPrefix("skip:") || reason.hasPrefix("known:")
    }

    func write() throws {
        let lines = entries.map { "\($0.key.file)\t\($0.key.section)\t\($0.key.test)\t\($0.reason)\n" }
        try (Self.header + lines.joined()).write(to: Self.url, atomically: true, encoding: .utf8)
    }

    /// A failure's text made fit for one field of one line.
    static func reason(_ text: String) -> String {
        let flat = text.map { $0 == "\t" || $0.isNewline ? " " : $0 }
        return flat.count > 160 ? String(flat.prefix(157)) + "..." : String(flat)
    }

    struct Malformed: Error, CustomStringConvertible {
        var line: String
        var description: String { "expected-failures.tsv: not four tab-separated fields: \(line)" }
    }
}
