import Testing
@testable import MappingEngine

/// `keyBy` and `uniqueBy` read an element's key where the element's model wrote it
/// (`WrittenKey`); an element model with rules is converted as before and its key found and
/// converted again in the input (`KeyField.write`). Both must give the same answer, byte for
/// byte, errors, their order, messages, inputs and warnings included.
@Suite struct WrittenKeyTests {
    /// `Direct` reads keys from the output; `Found` is the same with a rule on every element
    /// model (one that always holds), which sends its keys the old way.
    static let schema = """
        Direct:
          properties:
            items: { type: "map<Item>", keyBy: sku }
            ids: { type: "map<Num>", keyBy: id }
            opts: { type: "map<Opt>", keyBy: sku }
            lines: { type: "array<Item>", uniqueBy: sku }
            set: { type: "set<Num>", uniqueBy: id }
            dropped: { type: "map<Item>", keyBy: sku, onItemError: drop }
            droppedLines: { type: "array<Opt>", uniqueBy: sku, onItemError: drop }
        Found:
          properties:
            items: { type: "map<RuledItem>", keyBy: sku }
            ids: { type: "map<RuledNum>", keyBy: id }
            opts: { type: "map<RuledOpt>", keyBy: sku }
            lines: { type: "array<RuledItem>", uniqueBy: sku }
            set: { type: "set<RuledNum>", uniqueBy: id }
            dropped: { type: "map<RuledItem>", keyBy: sku, onItemError: drop }
            droppedLines: { type: "array<RuledOpt>", uniqueBy: sku, onItemError: drop }
        Item:
          properties:
            sku: string
            qty: int32
            price: decimal
        Num:
          properties:
            id: int64
            on: bool
        Opt:
          properties:
            sku: { type: "string?", default: "none" }
            qty: int32
        RuledItem:
          extends: Item
          rules: ["true"]
        RuledNum:
          extends: Num
          rules: ["true"]
        RuledOpt:
          extends: Opt
          rules: ["true"]
        """

    static let engine = Result { try EngineFixture.engine(schema) }

    static let payloads: [String] = [
        #"{"items": [{"sku": "b2", "qty": 1, "price": "2.50"}, {"sku": "a1", "price": 1}]}"#,
        #"{"items": [{"sku": "a"}, {"sku": "b"}, {"sku": "c"}, {"sku": "b"}]}"#,
        #"{"items": [{"sku": 7, "qty": "3"}, {"sku": "7"}, {"sku": true}, {"sku": "true"}]}"#,
        #"{"items": [{"price": 1}, {"sku": null}, 5, null, [], {"sku": "x", "qty": "y"}]}"#,
        #"{"items": [{"qty": "x"}, {"sku": null, "qty": "y", "price": "z"}, {"sku": "a", "qty": "q"}, {"sku": "a", "qty": "r"}]}"#,
        #"{"items": [{"sku": "a\u0000b", "sku": "c"}, {"sku": "c"}, {"sku": "\u00e9"}, {"sku": "é"}]}"#,
        #"{"ids": [{"id": "7", "on": "yes"}, {"id": 7}, {"id": "x"}, {"id": 9007199254740993}, {"id": "9007199254740993"}]}"#,
        #"{"ids": [{"id": null}, {"on": 1}, {"id": 1.0}, {"id": "1"}]}"#,
        #"{"opts": [{"sku": null}, {"qty": 1}, {"sku": "none"}, {"sku": "nil"}, {"sku": "a"}]}"#,
        #"{"lines": [{"sku": "a"}, {"sku": "a", "qty": 2}, {"sku": "b", "qty": "x"}, {"sku": "b"}, {"qty": 1}, 3]}"#,
        #"{"set": [{"id": 1}, {"id": 1}, {"id": "1", "on": true}, {"id": 2, "on": "x"}, {"id": 2}]}"#,
        #"{"dropped": [{"sku": "a", "qty": 1}, {"sku": "a"}, {"qty": "x"}, {"sku": "b", "qty": "x"}, {"sku": "b"}, null]}"#,
        #"{"droppedLines": [{"sku": null}, {"sku": null}, {"qty": "x"}, {"sku": "a", "qty": "x"}, {"sku": "a"}, {"sku": "a"}]}"#,
        #"{"items": [{"sku": "a"}], "ids": [{"id": 1}, {"id": 1}], "lines": [{"sku": "x", "qty": "n"}, {"sku": "x"}], "dropped": [{"sku": "d"}, {"sku": "d"}]}"#,
    ]

    static let options: [ConversionOptions] = [
        ConversionOptions(), ConversionOptions(explain: true), ConversionOptions(mode: .strict),
        ConversionOptions(maxErrors: 1), ConversionOptions(maxErrors: 2), ConversionOptions(recover: false),
    ]

    /// The whole answer as text: output and warnings, or every error with its message and input.
    static func answer(_ payload: String, _ model: String, _ options: ConversionOptions) throws -> String {
        let engine = try engine.get()
        let workspace = Workspace()
        return Array(payload.utf8).withUnsafeBufferPointer { bytes in
            switch engine.convert(bytes, model: model, options: options, workspace: workspace) {
            case .success(let success):
                "\(String(decoding: success.output, as: UTF8.self)) \(success.coercions) \(success.warnings) \(success.warningCount)"
            case .failure(let errors): "\(errors)"
            case .malformed(let error): "malformed \(error)"
            case .unknownModel(let name): "unknown \(name)"
            }
        }
    }

    @Test(arguments: payloads, 0..<options.count)
    func readingTheWrittenKeyAnswersAsFindingItAgain(_ payload: String, _ option: Int) throws {
        let direct = try Self.answer(payload, "Direct", Self.options[option])
        let found = try Self.answer(payload, "Found", Self.options[option])
        #expect(direct == found)
    }

    @Test func aNumberOrBooleanKeyIsQuoted() throws {
        let engine = try Self.engine.get()
        let result = engine.convert(Array(#"{"ids": [{"id": "7", "on": 1}, {"id": 8}]}"#.utf8), model: "Direct")
        #expect(EngineFixture.describe(result) == #"success {"ids":{"7":{"id":7,"on":true},"8":{"id":8}}}"#)
    }

    @Test func aNullKeyIsItsDefaultWhileTheItemKeepsItsNull() throws {
        let engine = try Self.engine.get()
        let result = engine.convert(Array(#"{"opts": [{"sku": null, "qty": 1}, {"sku": "none"}]}"#.utf8), model: "Direct")
        #expect(EngineFixture.failures(result) == [EngineFixture.Failure(.duplicateKey, "/opts/1/sku")])
        let single = engine.convert(Array(#"{"opts": [{"sku": null, "qty": 1}]}"#.utf8), model: "Direct")
        #expect(EngineFixture.describe(single) == #"success {"opts":{"none":{"sku":null,"qty":1}}}"#)
    }

    @Test func aMissingKeyIsReportedBeforeTheItemsOwnErrors() throws {
        let engine = try Self.engine.get()
        let result = engine.convert(Array(#"{"items": [{"qty": "x", "price": "y"}]}"#.utf8), model: "Direct")
        guard case .failure(let errors) = result else {
            Issue.record("expected failure, got \(EngineFixture.describe(result))")
            return
        }
        #expect(errors.map { "\($0.code.rawValue)@\($0.path)" } == ["missing@/items/0/sku", "invalid_number@/items/0/qty", "invalid_number@/items/0/price"])
    }

    @Test func aDroppedItemNamesItsKeysErrorFirst() throws {
        let engine = try Self.engine.get()
        let got = try #require(EngineFixture.recovered(#"{"dropped": [{"sku": "a"}, {"sku": "a", "qty": "x"}]}"#, "Direct", engine: engine))
        #expect(got.output == #"{"dropped":{"a":{"sku":"a"}}}"#)
        #expect(got.warnings.map { "\($0.code) \($0.path)" } == ["duplicate_key /dropped/1"])
    }
}
