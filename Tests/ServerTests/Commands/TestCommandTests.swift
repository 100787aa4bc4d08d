import Foundation
import Testing

/// `convertd test DIR` as CI runs it: a line per example, the diff of each failure, a summary,
/// and the exit code.
@Suite(.convertdBuilt, .tags(.live))
struct TestCommandTests {
    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-test-\(UUID().uuidString)")

    /// Writes the schema directory: `book.yaml` and `files` (relative path → text).
    private func write(_ files: [String: String]) throws {
        for (path, text) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// Runs convertd with `arguments`.
    private func run(_ arguments: [String]) throws -> ProcessRun {
        try ProcessRun(try #require(ConvertdBinary.url), arguments)
    }

    private static let book = """
        Book:
          properties:
            id: { type: int64, required: true }
            title: string
          examples:
            - name: first
              input: { id: "1", title: Dune }
              output: { title: Dune, id: 1 }
            - input: { id: 2 }
        Shelf:
          properties:
            name: string
        """

    @Test func passingExamplesExitZero() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(["book.yaml": Self.book, "Book.examples/bad.json": #"{"id": "x"}"#,
                   "Book.examples/bad.errors.json": #"[{"path": "/id", "code": "invalid_number"}]"#])
        let result = try run(["test", directory.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "ok   Book/first\nok   Book/example 2\nok   Book/bad\n3 examples, 0 failed\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func aFailingExampleExitsOneWithItsDiff() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(["book.yaml": Self.book, "Book.examples/second.json": #"{"id": 3, "title": "Emma"}"#,
                   "Book.examples/second.output.json": #"{"id": 3, "title": "Persuasion"}"#])
        let result = try run(["test", directory.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("ok   Book/first\n"))
        #expect(result.stdout.contains("FAIL Book/second: the output differs from the expected one\n    --- expected\n    +++ actual\n"), "\(result.stdout)")
        #expect(result.stdout.contains("    -  \"title\": \"Persuasion\"\n    +  \"title\": \"Emma\"\n"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("3 examples, 1 failed\n"))
    }

    @Test func modeAndModelNarrowTheRun() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(["book.yaml": Self.book])
        let strict = try run(["test", directory.path, "--model", "Book", "--mode", "strict"])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("FAIL Book/first: expected an output; it failed with 1 error\n"), "\(strict.stdout)")
        let shelf = try run(["test", directory.path, "--model", "Shelf"])
        #expect(shelf.status == 0 && shelf.stdout == "0 examples, 0 failed\n", "\(shelf.stdout)")
        let unknown = try run(["test", directory.path, "--model", "Nope"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown schema 'Nope'"))
    }

    @Test func directoryMistakesExitOne() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(["book.yaml": Self.book, "Lamp.examples/a.json": "{}"])
        let result = try run(["test", directory.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Lamp.examples: Lamp: example folder for unknown model 'Lamp'"), "\(result.stderr)")
        #expect(result.stdout.hasSuffix("2 examples, 0 failed, 1 mistake in the directory\n"))
        try write(["book.yaml": "Book:\n  properties:\n    id: strnig\n"])
        let broken = try run(["test", directory.path])
        #expect(broken.status == 1 && broken.stderr.contains("unknown type or model 'strnig'"), "\(broken.stderr)")
    }
}
