import Testing
@testable import MappingEngine

/// SPEC §9 with §4's streams: reshaped properties and tuple models convert the same in a
/// streamed array and in NDJSON lines as in the whole document, byte for byte, errors included.
@Suite struct ReshapingStreamTests {
    static let schema = """
        Order:
          properties:
            items: { type: "map<Item>", keyBy: sku }
            attrs: { type: "map<string>", pairs: { key: name, value: value } }
            lines: { type: "array<Item>", uniqueBy: sku }
            address: { type: Address, from: "." }
            at: Point
        Item:
          properties:
            sku: string
        Address:
          properties:
            city: string
        Point:
          tuple: true
          properties:
            x: int32
            y: int32
        """

    static let good = [
        #"{"items":[{"sku":"b"},{"sku":"a"}],"attrs":[{"name":"k","value":1}],"city":"Oslo","at":[1,"2"]}"#,
        #"{"lines":[{"sku":"x"},{"sku":"y"}],"at":[3]}"#,
    ]
    static let bad = [
        #"{"items":[{"sku":"a"},{"sku":"a"}]}"#,
        #"{"lines":[{"sku":"x"},{"sku":"x"}],"at":[1,2,3]}"#,
    ]

    /// `body` streamed through an `ArrayConversion` in chunks of `size` bytes, and what it wrote.
    static func streamed(_ body: [UInt8], _ engine: Engine, size: Int) throws -> (ArrayConversion.Outcome, [UInt8]) {
        let streamed = try StreamFixture.array(body, "Order", engine, size: size)
        return (streamed.outcome, streamed.bytes)
    }

    @Test(arguments: [1, 7, 4096])
    func aStreamedArrayGivesWhatTheWholeDocumentGives(size: Int) throws {
        let engine = try EngineFixture.engine(Self.schema)
        let goodBody = Array(("[" + Self.good.joined(separator: ",") + "]").utf8)
        guard case .success(let bytes, _, _) = engine.convert(goodBody, model: "Order") else {
            Issue.record("the good elements do not convert")
            return
        }
        let (outcome, output) = try Self.streamed(goodBody, engine, size: size)
        guard case .converted = outcome else {
            Issue.record("the streamed good elements do not convert")
            return
        }
        #expect(output == bytes)
        let badBody = Array(("[" + (Self.good + Self.bad).joined(separator: ",") + "]").utf8)
        guard case .failure(let expected) = engine.convert(badBody, model: "Order") else {
            Issue.record("the bad elements convert")
            return
        }
        #expect(expected.map(\.path) == ["/2/items/1/sku", "/3/lines/1/sku", "/3/at"])
        guard case .failed(let errors) = try Self.streamed(badBody, engine, size: size).0 else {
            Issue.record("the streamed bad elements convert")
            return
        }
        #expect(errors == expected)
    }

    @Test func eachNDJSONLineGivesWhatItsDocumentGives() throws {
        let engine = try EngineFixture.engine(Self.schema)
        let got = try StreamFixture.ndjson(Self.good, "Order", engine)
        #expect(String(decoding: got.bytes, as: UTF8.self)
                == String(decoding: try StreamFixture.ndjsonExpected(Self.good, "Order", engine), as: UTF8.self))
    }
}
