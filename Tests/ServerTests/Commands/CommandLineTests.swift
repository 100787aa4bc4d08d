import ConvertdHTTP
@testable import convertd
import Foundation
import TestSupport
import Testing

/// The `convertd` executable as users and their CI run it: exit codes and what it prints.
@Suite(.convertdBuilt, .tags(.live))
struct CommandLineTests {

    private static let packageRoot = PackageRoot.url

    /// Runs convertd with `arguments` and `input` on stdin.
    private func run(_ arguments: [String], input: String = "") throws -> (status: Int32, stdout: String, stderr: String) {
        let run = try ProcessRun(try #require(ConvertdBinary.url), arguments, input: Data(input.utf8), directory: Self.packageRoot)
        return (run.status, run.stdout, run.stderr)
    }

    @Test func versionNamesConvertdAndTheLibmicrohttpdItRunsWith() throws {
        let result = try run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "convertd \(ConvertdVersion.number)\nlibmicrohttpd \(MicroHTTPDContract.version)\n")
        #expect(ConvertdVersion.number.split(separator: ".").count == 3 && ConvertdVersion.number.split(separator: ".").allSatisfy { Int($0) != nil })
        #expect(MicroHTTPDContract.version.first?.isNumber == true, "MHD_get_version answered \(MicroHTTPDContract.version)")
        // The version CHANGELOG.md's latest entry names.
        let changelog = try String(contentsOf: Self.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(changelog.contains("## [\(ConvertdVersion.number)]"))
    }

    /// The libraries the dynamic loader opened for `arguments`, as `LD_DEBUG=libs` reports them.
    private func librariesLoaded(_ arguments: [String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-libs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "libs"
        environment["LD_DEBUG_OUTPUT"] = directory.appendingPathComponent("ld").path
        let run = try ProcessRun(try #require(ConvertdBinary.url), arguments, directory: Self.packageRoot, environment: environment)
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        // The loader writes `ld.PID`, one file per process.
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }.joined()
    }

    @Test func onlyServingLoadsTheHTTPLibrary() throws {
        let converting = try librariesLoaded(["convert", "--schemas", "schemas", "--schema", "Book", "examples/book.json"])
        #expect(converting.contains("calling init"), "LD_DEBUG=libs wrote nothing the test can read")
        #expect(!converting.contains("libmicrohttpd"))
        #expect(!converting.contains("libgnutls"))
        // `--version` asks the library its version, so it loads it, and with it its chain.
        let version = try librariesLoaded(["--version"])
        #expect(version.contains("libmicrohttpd.so.12"))
        #expect(version.contains("libgnutls"))
    }

    @Test func lintListsEveryMistakeAndFails() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
            Book:
              properties:
                title: strnig
                author: Writer
            """.write(to: directory.appendingPathComponent("books.yaml"), atomically: true, encoding: .utf8)
        try """
            {"A": {"extends": "B", "properties": {"x": "int"}}, "B": {"extends": "A", "properties": {"y": "int"}}}
            """.write(to: directory.appendingPathComponent("cycle.json"), atomically: true, encoding: .utf8)
        let result = try run(["lint", directory.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("books.yaml: Book.title: unknown type or model 'strnig'"))
        #expect(result.stderr.contains("books.yaml: Book.author: unknown type or model 'Writer'"))
        #expect(result.stderr.contains("cycle.json: A: extends cycle"))
    }

    @Test func lintAcceptsTheBundledSchemas() throws {
        let result = try run(["lint", "schemas"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("models OK"))
    }

    @Test func convertPrintsTheNormalizedDocument() throws {
        let result = try run(["convert", "--schemas", "schemas", "--schema", "Book", "examples/book.json"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"id":42,"title":"Dune","price":19.90,"#))
    }

    @Test func convertPrintsEveryErrorAndFails() throws {
        let result = try run(["convert", "--schemas", "schemas", "--schema", "Book"], input: #"{"id":"x","pages":-1}"#)
        #expect(result.status == 1)
        #expect(result.stdout.contains(#""path":"/id","code":"invalid_number""#))
        #expect(result.stdout.contains(#""path":"/title","source":"/name","code":"missing""#))
        #expect(result.stdout.contains(#""path":"/pages","code":"out_of_range""#))
    }

    @Test func malformedInputIsBadJSONWithItsPosition() throws {
        let result = try run(["convert", "--schemas", "schemas", "--schema", "Book"], input: "{\n  \"id\": 1,\n  oops\n}")
        #expect(result.status == 1)
        #expect(result.stdout.contains(#""code":"bad_json""#))
        #expect(result.stdout.contains(#""line":3"#))
    }

    /// A directory of `files` (name → text), removed after `body`.
    private func withDirectory(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files { try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try body(directory)
    }

    /// `Bad`'s default does not convert, which only compiling `Bad` finds.
    private static let good = "Good:\n  properties:\n    id: int64\n"
    private static let bad = "Bad:\n  properties:\n    n: { type: int32, default: x }\n"

    @Test func convertCompilesOnlyTheModelItUsesAndLintStillFindsTheRest() throws {
        try withDirectory(["good.yaml": Self.good, "bad.yaml": Self.bad]) { directory in
            let converted = try run(["convert", "--schemas", directory.path, "--schema", "Good"], input: #"{"id":"1"}"#)
            #expect(converted.status == 0)
            #expect(converted.stdout == "{\"id\":1}\n")
            let reversed = try run(["reverse", "--schemas", directory.path, "--schema", "Good"], input: #"{"id":1}"#)
            #expect(reversed.status == 0)
            let refused = try run(["convert", "--schemas", directory.path, "--schema", "Bad"], input: "{}")
            #expect(refused.status == 1)
            #expect(refused.stderr.contains(#"bad.yaml: Bad.n: default "x" does not convert"#), "\(refused.stderr)")
            let linted = try run(["lint", directory.path])
            #expect(linted.status == 1)
            #expect(linted.stderr.contains(#"default "x" does not convert"#))
        }
    }

    @Test func convertRefusesASchemaFileThatDoesNotParseWhateverModelItUses() throws {
        try withDirectory(["good.yaml": Self.good, "broken.yaml": "Broken:\n  properties:\n    a: [int32\n"]) { directory in
            let result = try run(["convert", "--schemas", directory.path, "--schema", "Good"], input: #"{"id":1}"#)
            #expect(result.status == 1)
            #expect(result.stderr.contains("broken.yaml"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func unknownSchemaExitsTwo() throws {
        let result = try run(["convert", "--schemas", "schemas", "--schema", "Nope"], input: "{}")
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown schema 'Nope'"))
    }
}
