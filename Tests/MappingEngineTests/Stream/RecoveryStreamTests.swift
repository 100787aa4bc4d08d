import Spooling
import Testing
@testable import MappingEngine

/// Recovery in streamed conversions: a streamed array gives the whole document's bytes —
/// warnings included under `explain`, at their `/index/…` paths, capped across the array — and
/// counts its recoveries; each NDJSON line answers what the line alone answers.
@Suite struct RecoveryStreamTests {
    static let schema = """
        Row:
          properties:
            id: { type: int64, required: true }
            n: { type: int32, default: -1, onError: default }
            note: { type: "string?", maxLength: 3, onError: null }
            tags: { type: "array<int32>", onItemError: drop }
        """

    /// Elements that recover in every way the model allows, and one that converts as it is.
    static let elements = [
        #"{"id": 1, "n": "x"}"#,
        #"{"id": 2, "note": "toolong", "tags": [1, "a", null, 2]}"#,
        #"{"id": 3}"#,
        #"{"id": 4, "n": 2.5, "tags": ["b"]}"#,
    ]

    static func engine() throws -> Engine { try EngineFixture.engine(schema) }

    /// The whole document converted at once: its answer and its recoveries.
    static func whole(_ engine: Engine, _ text: String, options: ConversionOptions) -> ([UInt8], Int)? {
        let workspace = Workspace()
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { input -> ([UInt8], Int)? in
            guard case .success(let success) = engine.convert(input, model: "Row", options: options, workspace: workspace) else { return nil }
            return (options.explain ? ResultJSON.explained(success) : Array(success.output), success.warningCount)
        }
    }

    /// The document fed in chunks of `size` bytes through an `ArrayConversion`.
    static func streamed(_ engine: Engine, _ text: String, options: ConversionOptions, size: Int) throws -> ([UInt8], Int)? {
        let spool = Spool()
        let conversion = ArrayConversion(model: try #require(engine.model(named: "Row")), options: options, output: spool)
        let workspace = Workspace()
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { all in
            for start in stride(from: 0, to: all.count, by: size) {
                conversion.feed(UnsafeBufferPointer(rebasing: all[start..<min(all.count, start + size)]), workspace: workspace)
            }
        }
        guard case .converted = conversion.finish(workspace: workspace) else { return nil }
        return (spool.take().readAll(), conversion.recoveries.total)
    }

    @Test(arguments: [1, 3, 17, 1000], [false, true])
    func aStreamedArrayGivesTheWholeDocumentsBytesAndWarnings(size: Int, explain: Bool) throws {
        let engine = try Self.engine()
        let text = "[" + (Self.elements + Self.elements).joined(separator: ", ") + "]"
        for maxErrors in [2, 100] {
            let options = ConversionOptions(explain: explain, maxErrors: maxErrors)
            let expected = try #require(Self.whole(engine, text, options: options))
            let got = try #require(try Self.streamed(engine, text, options: options, size: size))
            #expect(String(decoding: got.0, as: UTF8.self) == String(decoding: expected.0, as: UTF8.self))
            #expect(got.1 == expected.1)
            #expect(expected.1 == 12)
        }
    }

    @Test func theWarningsOfAStreamedArrayAreUnderTheirIndex() throws {
        let engine = try Self.engine()
        let text = "[" + Self.elements.joined(separator: ",") + "]"
        let got = try #require(try Self.streamed(engine, text, options: ConversionOptions(explain: true), size: 4))
        let paths = try EngineFixture.json(String(decoding: got.0, as: UTF8.self))["warnings"]
        guard case .array(let warnings)? = paths else {
            Issue.record("no warnings listed")
            return
        }
        #expect(warnings.map { $0["path"] } == ["/0/n", "/1/note", "/1/tags/1", "/1/tags/2", "/3/n", "/3/tags/0"].map { JSONValue.string($0) as JSONValue? })
    }

    /// A sink that keeps what it is given.
    final class Collected: OutputSink {
        var bytes: [UInt8] = []
        func write(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes.append(contentsOf: bytes) }
    }

    @Test(arguments: [false, true])
    func eachNDJSONLineAnswersWhatTheLineAloneAnswers(explain: Bool) throws {
        let engine = try Self.engine()
        let options = ConversionOptions(explain: explain)
        let sink = Collected()
        let conversion = NDJSONConversion(engine: engine, model: try #require(engine.model(named: "Row")), options: options, output: sink)
        let body = Array(Self.elements.joined(separator: "\n").utf8)
        let workspace = Workspace()
        body.withUnsafeBufferPointer { conversion.feed($0, workspace: workspace) }
        conversion.finish(workspace: workspace)
        let expected = try Self.elements.map { try #require(Self.whole(engine, $0, options: options)) }
        #expect(String(decoding: sink.bytes, as: UTF8.self) == expected.map { String(decoding: $0.0, as: UTF8.self) + "\n" }.joined())
        #expect(conversion.recoveries.total == expected.map(\.1).reduce(0, +))
        #expect(conversion.recoveries.total == 6)
    }
}
