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
        StreamFixture.whole(Array(text.utf8), "Row", engine, options: options)
    }

    /// The document fed in chunks of `size` bytes through an `ArrayConversion`.
    static func streamed(_ engine: Engine, _ text: String, options: ConversionOptions, size: Int) throws -> ([UInt8], Int)? {
        let streamed = try StreamFixture.array(Array(text.utf8), "Row", engine, options: options, size: size)
        guard case .converted = streamed.outcome else { return nil }
        return (streamed.bytes, streamed.recoveries)
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

    @Test(arguments: [false, true])
    func eachNDJSONLineAnswersWhatTheLineAloneAnswers(explain: Bool) throws {
        let engine = try Self.engine()
        let options = ConversionOptions(explain: explain)
        let got = try StreamFixture.ndjson(Self.elements, "Row", engine, options: options)
        let expected = try StreamFixture.ndjsonExpected(Self.elements, "Row", engine, options: options)
        #expect(String(decoding: got.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(got.recoveries == 6)
    }
}
