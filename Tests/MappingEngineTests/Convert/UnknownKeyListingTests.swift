import Spooling
import Testing
@testable import MappingEngine

/// Where the keys nothing read are listed (issue 23, second bug): `explain=true` lists them
/// under every policy, and a model with `unknownKeys: report` answers in the explained form
/// without being asked, in a whole document, a streamed array and NDJSON alike.
@Suite struct UnknownKeyListingTests {
    static let schema = """
        Quiet:
          properties: { id: int, nested: Loud }
        Loud:
          unknownKeys: report
          properties: { id: int }
        Kept:
          unknownKeys: keep
          properties: { id: int }
        """

    /// The result of converting `json` with `model` through a workspace, as the service does.
    private func success(_ json: String, _ model: String, explain: Bool) throws -> (explained: Bool, keys: [String])? {
        let engine = try EngineFixture.engine(Self.schema)
        let workspace = Workspace()
        let bytes = Array(json.utf8)
        return bytes.withUnsafeBufferPointer { input in
            guard case .success(let success) = engine.convert(input, model: model, options: ConversionOptions(explain: explain), workspace: workspace) else {
                Issue.record("expected success")
                return nil
            }
            return (success.explained, success.unknownKeys.map(\.path))
        }
    }

    @Test func explainListsTheKeysNothingReadUnderTheDefaultIgnore() throws {
        // More members than properties: the walk that sees unknown keys must still run.
        let listed = try success(#"{"id":1,"a":1,"b":2,"c":3}"#, "Quiet", explain: true)
        #expect(listed?.explained == true)
        #expect(listed?.keys == ["/a", "/b", "/c"])
        #expect(try success(#"{"id":1,"a":1}"#, "Kept", explain: true)?.keys == ["/a"])
    }

    @Test func withoutExplainIgnoreListsNothing() throws {
        let quiet = try success(#"{"id":1,"a":1}"#, "Quiet", explain: false)
        #expect(quiet?.explained == false)
        #expect(quiet?.keys == [])
    }

    @Test func aReportModelAnswersExplainedWithoutBeingAsked() throws {
        let loud = try success(#"{"id":1,"colour":"red"}"#, "Loud", explain: false)
        #expect(loud?.explained == true)
        #expect(loud?.keys == ["/colour"])
        // A nested report model's keys are listed whenever the answer is explained.
        #expect(try success(#"{"id":1,"nested":{"id":2,"x":1}}"#, "Quiet", explain: false)?.keys == ["/nested/x"])
    }

    @Test func aReportModelsNDJSONLinesAndStreamedArraysAreExplainedToo() throws {
        let engine = try EngineFixture.engine(Self.schema)
        let model = try #require(engine.model(named: "Loud"))
        let workspace = Workspace()
        let lines = Spool()
        let ndjson = NDJSONConversion(engine: engine, model: model, output: lines)
        Array(#"{"id":1,"x":2}"#.utf8 + [0x0A]).withUnsafeBufferPointer { ndjson.feed($0, workspace: workspace) }
        ndjson.finish(workspace: workspace)
        #expect(String(decoding: lines.take().readAll(), as: UTF8.self)
            == #"{"result":{"id":1},"coercions":[],"unknownKeys":[{"path":"/x","input":2}]}"# + "\n")
        let array = Spool()
        let stream = ArrayConversion(model: model, output: array)
        Array(#"[{"id":1,"x":2}]"#.utf8).withUnsafeBufferPointer { stream.feed($0, workspace: workspace) }
        guard case .converted = stream.finish(workspace: workspace) else {
            Issue.record("the array did not convert")
            return
        }
        #expect(String(decoding: array.take().readAll(), as: UTF8.self)
            == #"{"result":[{"id":1}],"coercions":[],"unknownKeys":[{"path":"/0/x","input":2}]}"#)
    }
}
