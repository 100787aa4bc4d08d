import Testing
@testable import MappingEngine

/// SPEC §9: `onItemError: drop` on the reshaping containers. An item whose key or value fails —
/// a repeated key or item among them — is left out with one warning, as an element of an array
/// or a map is; the first item with a key stays, and a dropped item's key is free for a later one.
@Suite struct ReshapingRecoveryTests {
    static let schema = """
        Order:
          properties:
            items: { type: "map<Item>", keyBy: sku, onItemError: drop }
            attrs: { type: "map<int32>", pairs: { key: name, value: value }, onItemError: drop }
            lines: { type: "array<Line>", uniqueBy: sku, onItemError: drop }
            skus: { type: "set<Line>", uniqueBy: sku, onItemError: drop }
            groups: "array<Group>"
        Group:
          properties:
            items: { type: "map<Item>", keyBy: sku, onItemError: drop }
        Item:
          properties:
            sku: string
            qty: int32
            parts: { type: "map<Part>", keyBy: id, onItemError: drop }
        Part:
          properties:
            id: int32
        Line:
          properties:
            sku: string
            qty: int32
        """

    static let engine = Result { try EngineFixture.engine(schema) }

    /// One payload: the output expected, and its warnings as `action code path errorPath`.
    struct Row: Sendable, CustomTestStringConvertible {
        let payload: String
        let output: String
        let warnings: [String]
        var testDescription: String { payload }
    }

    static let rows: [Row] = [
        // keyBy: a value that fails, a repeated key, a missing key, a null, a key freed by a drop.
        .init(payload: #"{"items": [{"sku": "a", "qty": 1}, {"sku": "b", "qty": "x"}, {"sku": "c", "qty": 3}]}"#,
              output: #"{"items":{"a":{"sku":"a","qty":1},"c":{"sku":"c","qty":3}}}"#,
              warnings: ["dropped invalid_number /items/1 /items/1/qty"]),
        .init(payload: #"{"items": [{"sku": "a", "qty": 1}, {"sku": "a", "qty": 2}]}"#,
              output: #"{"items":{"a":{"sku":"a","qty":1}}}"#,
              warnings: ["dropped duplicate_key /items/1 /items/1/sku"]),
        .init(payload: #"{"items": [{"qty": 1}, null, {"sku": "b"}]}"#,
              output: #"{"items":{"b":{"sku":"b"}}}"#,
              warnings: ["dropped missing /items/0 /items/0/sku", "dropped null_not_allowed /items/1 -"]),
        .init(payload: #"{"items": [{"sku": "a", "qty": "x"}, {"sku": "a", "qty": 2}]}"#,
              output: #"{"items":{"a":{"sku":"a","qty":2}}}"#,
              warnings: ["dropped invalid_number /items/0 /items/0/qty"]),
        // pairs: at the entry when the name was read, else at the item.
        .init(payload: #"{"attrs": [{"name": "a", "value": 1}, {"name": "b", "value": "x"}, {"name": "c", "value": "3"}]}"#,
              output: #"{"attrs":{"a":1,"c":3}}"#,
              warnings: ["dropped invalid_number /attrs/b -"]),
        .init(payload: #"{"attrs": [{"name": "a", "value": 1}, {"name": "a", "value": 2}, {"value": 3}, 4, {"name": "d"}]}"#,
              output: #"{"attrs":{"a":1}}"#,
              warnings: ["dropped duplicate_key /attrs/1 /attrs/1/name", "dropped missing /attrs/2 /attrs/2/name",
                         "dropped type_mismatch /attrs/3 -", "dropped missing /attrs/d -"]),
        .init(payload: #"{"attrs": [{"name": "a", "value": "x"}, {"name": "a", "value": 2}]}"#,
              output: #"{"attrs":{"a":2}}"#,
              warnings: ["dropped invalid_number /attrs/a -"]),
        // uniqueBy: a repeat is dropped like a failure; a set drops an equal element silently first.
        .init(payload: #"{"lines": [{"sku": "a"}, {"sku": "a", "qty": 2}, {"sku": "b", "qty": "x"}, {"sku": "b"}]}"#,
              output: #"{"lines":[{"sku":"a"},{"sku":"b"}]}"#,
              warnings: ["dropped duplicate_item /lines/1 /lines/1/sku", "dropped invalid_number /lines/2 /lines/2/qty"]),
        .init(payload: #"{"skus": [{"sku": "a"}, {"sku": "a"}, {"sku": "a", "qty": 1}]}"#,
              output: #"{"skus":[{"sku":"a"}]}"#,
              warnings: ["dropped duplicate_item /skus/2 /skus/2/sku"]),
        // Nested: a keyed list inside a keyed item, and inside an array's element.
        .init(payload: #"{"items": [{"sku": "a", "parts": [{"id": 1}, {"id": "1"}, {"id": 2}]}, {"sku": "b", "parts": [{"id": 1}]}, {"sku": "a"}]}"#,
              output: #"{"items":{"a":{"sku":"a","parts":{"1":{"id":1},"2":{"id":2}}},"b":{"sku":"b","parts":{"1":{"id":1}}}}}"#,
              warnings: ["dropped duplicate_key /items/0/parts/1 /items/0/parts/1/id", "dropped duplicate_key /items/2 /items/2/sku"]),
        .init(payload: #"{"groups": [{"items": [{"sku": "a"}, {"sku": "a"}]}, {"items": [{"sku": "a"}]}]}"#,
              output: #"{"groups":[{"items":{"a":{"sku":"a"}}},{"items":{"a":{"sku":"a"}}}]}"#,
              warnings: ["dropped duplicate_key /groups/0/items/1 /groups/0/items/1/sku"]),
    ]

    @Test(arguments: rows)
    func aFailedItemIsDroppedWithAWarning(_ row: Row) throws {
        let engine = try Self.engine.get()
        guard let got = EngineFixture.recovered(row.payload, "Order", engine: engine) else { return }
        #expect(got.output == row.output)
        #expect(got.warnings.map { "\($0.action.rawValue) \($0.code) \($0.path) \($0.errorPath ?? "-")" } == row.warnings)
        #expect(got.warningCount == row.warnings.count)
    }

    @Test func aDroppedPairsValueIsAtItsEntryWithItsSource() throws {
        let engine = try Self.engine.get()
        let got = EngineFixture.recovered(#"{"attrs": [{"name": "b", "value": "x"}]}"#, "Order", engine: engine)
        let warning = try #require(got?.warnings.first)
        #expect(warning.path == "/attrs/b")
        #expect(warning.source == "/attrs/0/value")
        #expect(warning.input == "\"x\"")
    }

    @Test func recoveryOffFailsAtTheKeyAsBefore() throws {
        let engine = try Self.engine.get()
        let payload = #"{"items": [{"sku": "a"}, {"sku": "a"}], "attrs": [{"name": "a", "value": 1}, {"name": "a", "value": 2}], "lines": [{"sku": "x"}, {"sku": "x"}]}"#
        let result = engine.convert(Array(payload.utf8), model: "Order", options: ConversionOptions(recover: false))
        #expect(EngineFixture.failures(result) == [EngineFixture.Failure(.duplicateKey, "/items/1/sku"), EngineFixture.Failure(.duplicateKey, "/attrs/1/name"),
                                                   EngineFixture.Failure(.duplicateItem, "/lines/1/sku")].sorted())
    }

    /// A long list grows its key table past its first size, with dropped items between.
    @Test func aLongListKeepsTheFirstOfEachKey() throws {
        let engine = try Self.engine.get()
        let items = (0..<3000).map { i in i % 3 == 2 ? #"{"sku": "k\#(i / 3)", "qty": "x"}"# : #"{"sku": "k\#(i % 1500)", "qty": \#(i)}"# }
        let got = try #require(EngineFixture.recovered(#"{"items": [\#(items.joined(separator: ","))]}"#, "Order", engine: engine,
                                                        options: ConversionOptions(maxErrors: 10_000)))
        let output = try EngineFixture.json(got.output)
        guard case .object(let members)? = output["items"] else {
            Issue.record("no items")
            return
        }
        // Index i keeps k(i % 1500) unless i % 3 == 2 (dropped), and only the first of a key stays.
        var expected: [String: Int] = [:]
        var order: [String] = []
        for i in 0..<3000 where i % 3 != 2 && expected["k\(i % 1500)"] == nil {
            expected["k\(i % 1500)"] = i
            order.append("k\(i % 1500)")
        }
        #expect(members.map(\.key) == order)
        #expect(members.allSatisfy { $0.value["qty"] == .number(String(expected[$0.key] ?? -1)) })
        #expect(got.warningCount == 3000 - order.count)
    }

    /// Lists that drop items, in a streamed array and in NDJSON lines: byte for byte the whole
    /// document's answers, warnings included.
    @Test(arguments: [1, 5, 4096], [false, true])
    func streamsGiveTheWholeDocumentsBytes(size: Int, explain: Bool) throws {
        let engine = try Self.engine.get()
        let lines = Self.rows.map(\.payload)
        let options = ConversionOptions(explain: explain)
        let body = Array(("[" + lines.joined(separator: ",") + "]").utf8)
        let whole = try #require(StreamFixture.whole(body, "Order", engine, options: options))
        let streamed = try StreamFixture.array(body, "Order", engine, options: options, size: size)
        #expect(String(decoding: streamed.bytes, as: UTF8.self) == String(decoding: whole.bytes, as: UTF8.self))
        #expect(streamed.recoveries == whole.recoveries)
        #expect(whole.recoveries == Self.rows.map(\.warnings.count).reduce(0, +))
        let ndjson = try StreamFixture.ndjson(lines, "Order", engine, options: options)
        #expect(String(decoding: ndjson.bytes, as: UTF8.self)
                == String(decoding: try StreamFixture.ndjsonExpected(lines, "Order", engine, options: options), as: UTF8.self))
        #expect(ndjson.recoveries == whole.recoveries)
    }
}
