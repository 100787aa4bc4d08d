import Foundation
import Testing

/// `convertd infer` as users run it: files, stdin and NDJSON in; the schema, or a message with
/// the file, line and column, out; exit codes.
@Suite(.convertdBuilt, .tags(.live))
struct InferCommandTests {
    /// Runs convertd with `arguments` and `input` on stdin, in `directory`.
    static func run(_ arguments: [String], input: String = "", in directory: URL? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let run = try ProcessRun(try #require(ConvertdBinary.url), arguments, input: Data(input.utf8), directory: directory)
        return (run.status, run.stdout, run.stderr)
    }

    private let directory: FixtureDirectory

    init() throws {
        directory = try FixtureDirectory()
    }

    private func write(_ text: String, to name: String) throws {
        try text.write(to: directory.url.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    @Test func filesStdinAndNDJSONMakeOneSchemaThatLintsClean() throws {
        try write(#"[{"user_id": 1, "tags": ["a"]}, {"user_id": "2"}]"#, to: "a.json")
        try write("{\"user_id\": 3, \"score\": 1.5}\n{\"user_id\": 4}\n", to: "b.ndjson")
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        let result = try Self.run(["infer", "--model", "Player", "a.json", "b.ndjson", "-", "--output", "schemas/player.yaml"],
                                  input: #"{"user_id": 5, "tags": []}"#, in: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let schema = try String(contentsOf: directory.url.appendingPathComponent("schemas/player.yaml"), encoding: .utf8)
        #expect(schema.contains("# Inferred by `convertd infer` from 5 samples"))
        #expect(schema.contains("userId: { type: int64, required: true }"))
        let lint = try Self.run(["lint", "schemas"], in: directory.url)
        #expect(lint.status == 0, "\(lint.stderr)")
        let json = try Self.run(["infer", "--model", "Player", "--format", "json", "--ndjson"], input: "{\"a\": 1}\n{\"a\": 2}\n")
        #expect(json.status == 0)
        #expect(json.stdout.hasPrefix("{\n  \"Player\": {"))
    }

    @Test func badJSONNamesTheFileLineAndColumn() throws {
        try write("{\n  \"a\": 1,\n  oops\n}", to: "broken.json")
        let result = try Self.run(["infer", "--model", "M", "broken.json"], in: directory.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("broken.json: bad_json at line 3, column 3"))
        #expect(result.stdout.isEmpty)
        let ndjson = try Self.run(["infer", "--model", "M", "--ndjson"], input: "{\"a\": 1}\n{\"a\": 1,}\n")
        #expect(ndjson.status == 1)
        #expect(ndjson.stderr.contains("stdin: bad_json at line 2, column 9"))
    }

    @Test func noObjectSampleFails() throws {
        let result = try Self.run(["infer", "--model", "M"], input: "[1, 2, \"x\"]")
        #expect(result.status == 1)
        #expect(result.stderr.contains("no_samples"))
        #expect(result.stderr.contains("3 values are not an object"))
    }

    @Test func badOptionsAreUsageErrors() throws {
        #expect(try Self.run(["infer", "--model", "1x"], input: "{}").status == 64)
        #expect(try Self.run(["infer", "--model", "M", "--format", "xml"], input: "{}").status == 64)
        #expect(try Self.run(["infer"], input: "{}").status == 64)
    }
}
