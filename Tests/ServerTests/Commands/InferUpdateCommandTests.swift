import Foundation
import Testing

/// `convertd infer --update` as users run it: the change as a unified diff on stdout, or the
/// file rewritten with `--write`; notes on stderr.
@Suite(.convertdBuilt, .tags(.live))
struct InferUpdateCommandTests {
    private let directory: FixtureDirectory

    init() throws {
        directory = try FixtureDirectory()
    }

    private func write(_ text: String, to name: String) throws {
        try text.write(to: directory.url.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    private func read(_ name: String) throws -> String {
        try String(contentsOf: directory.url.appendingPathComponent(name), encoding: .utf8)
    }

    static let schema = """
        Book:
          properties:
            id: { type: int64, required: true }
            status: { type: string, enum: [draft] }

        """

    @Test func theChangeIsPrintedAsAUnifiedDiffAndTheFileIsLeftAlone() throws {
        try write(Self.schema, to: "book.yaml")
        try write(#"{"id": 1, "status": "archived", "isbn": "978-3"}"#, to: "a.json")
        let result = try InferCommandTests.run(["infer", "--update", "book.yaml", "a.json"], in: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("--- book.yaml\n+++ book.yaml (updated)\n@@ -"))
        #expect(result.stdout.contains("+    isbn: string\n"))
        #expect(result.stdout.contains("+      enum: [draft, archived]\n"))
        #expect(try read("book.yaml") == Self.schema)

        let drift = #"{"model": "Book", "unknownKeys": [], "errors": [{"path": "/id", "code": "pattern_mismatch", "count": 1}]}"#
        try write(drift, to: "drift.json")
        let unchanged = try InferCommandTests.run(["infer", "--update", "book.yaml", "--model", "Book", "--drift", "drift.json"],
                                                  in: directory.url)
        #expect(unchanged.status == 0, "\(unchanged.stderr)")
        #expect(unchanged.stdout.isEmpty)
        #expect(unchanged.stderr.contains("note: left: /id pattern_mismatch"))
        #expect(unchanged.stderr.contains("no change needed"))
    }

    @Test func writeRewritesTheFileSoThatItConvertsTheSamples() throws {
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        try write(Self.schema, to: "schemas/book.yaml")
        let samples = "{\"status\": \"sold\", \"pages\": 12}\n{\"id\": 2}\n"
        try write(samples, to: "b.ndjson")
        let result = try InferCommandTests.run(["infer", "--update", "schemas/book.yaml", "--write", "--schemas", "schemas", "b.ndjson"],
                                               in: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("updated schemas/book.yaml"))
        let updated = try read("schemas/book.yaml")
        #expect(updated.contains("pages: int64"))
        #expect(!updated.contains("required: true"))
        let lint = try InferCommandTests.run(["lint", "schemas"], in: directory.url)
        #expect(lint.status == 0, "\(lint.stderr)")
        let converted = try InferCommandTests.run(["convert", "--schemas", "schemas", "--schema", "Book", "--ndjson"], input: samples,
                                                  in: directory.url)
        #expect(converted.status == 0, "\(converted.stdout) \(converted.stderr)")

        #expect(try InferCommandTests.run(["infer", "--update", "schemas/book.yaml", "--output", "x"], input: "{}", in: directory.url).status == 64)
        #expect(try InferCommandTests.run(["infer", "--update", "missing.yaml"], input: "{}", in: directory.url).status == 1)
    }
}
