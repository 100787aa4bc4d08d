import Foundation
import Testing
@testable import MappingEngine

/// SPEC §9, reshaping: `keyBy`, `pairs`, `uniqueBy`, `from: "."` and `tuple: true` read their
/// input shapes into the output the schema declares, in the input's order; duplicates name
/// both indexes.
@Suite struct ReshapingTests {
    static let schema = """
        Catalog:
          properties:
            items: { type: "map<Item>", keyBy: sku }
            byId: { type: "map<Item>", keyBy: id }
            attrs: { type: "map<string>", pairs: { key: name, value: value } }
            counts: { type: "map<int32>", pairs: { key: k, value: /v/n } }
            lines: { type: "array<Line>", uniqueBy: sku }
            skus: { type: "set<Line>", uniqueBy: sku }
            point: Point
        Box:
          properties:
            name: string
            dims: { type: Dims, from: "." }
        Strict:
          unknownKeys: reject
          properties:
            id: int64
            dims: { type: Dims, from: "." }
        Item:
          properties:
            sku: string
            id: int64
            price: decimal
        Line:
          properties:
            sku: string
            qty: int32
        Dims:
          properties:
            width: int32
            height: int32
        Point:
          tuple: true
          properties:
            x: double
            y: double
            label: string
        """

    /// The output bytes of `json` converted to `model`, as text; records an issue on failure.
    static func converted(_ json: String, _ model: String = "Catalog", mode: ConversionOptions.Mode = .lax,
                          sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        let result = try EngineFixture.convert(json, model, schema: schema, mode: mode)
        guard case .success(let bytes, _, _) = result else {
            Testing.Issue.record("expected success, got \(EngineFixture.describe(result))", sourceLocation: sourceLocation)
            return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The errors of `json` converted to `model`.
    static func errors(_ json: String, _ model: String = "Catalog", sourceLocation: SourceLocation = #_sourceLocation) throws -> [ConversionError] {
        let result = try EngineFixture.convert(json, model, schema: schema)
        guard case .failure(let errors) = result else {
            Testing.Issue.record("expected failure, got \(EngineFixture.describe(result))", sourceLocation: sourceLocation)
            return []
        }
        return errors
    }

    // MARK: keyBy

    @Test func keyByBuildsAMapInTheArraysOrder() throws {
        let out = try Self.converted(#"{"items": [{"sku": "b2", "price": "2.50"}, {"sku": "a1", "price": 1}]}"#)
        #expect(out == #"{"items":{"b2":{"sku":"b2","price":2.50},"a1":{"sku":"a1","price":1}}}"#)
    }

    @Test func keyByKeysByTheConvertedValue() throws {
        // `"7"` converts to the int64 7: its key is the output's text, whatever the input's type.
        let out = try Self.converted(#"{"byId": [{"id": "7"}, {"id": 8}]}"#)
        #expect(out == #"{"byId":{"7":{"id":7},"8":{"id":8}}}"#)
        #expect(try Self.converted(#"{"items": []}"#) == #"{"items":{}}"#)
    }

    @Test func keyByDuplicateNamesBothIndexes() throws {
        let errors = try Self.errors(#"{"items": [{"sku": "a"}, {"sku": "b"}, {"sku": "c"}, {"sku": "b"}]}"#)
        #expect(errors.map(\.code) == [.duplicateKey])
        #expect(errors.first?.path == "/items/3/sku")
        #expect(errors.first?.message == #"key "b" at index 3 duplicates index 1"#)
    }

    @Test func keyByKeyErrorsAreReportedOnce() throws {
        // The key converts twice (as the key, and in its object): its error is listed once.
        let invalid = try Self.errors(#"{"byId": [{"id": "x"}]}"#)
        #expect(invalid.map { "\($0.code.rawValue)@\($0.path)" } == ["invalid_number@/byId/0/id"])
        let missing = try Self.errors(#"{"items": [{"price": 1}, {"sku": null}]}"#)
        #expect(missing.map { "\($0.code.rawValue)@\($0.path)" } == ["missing@/items/0/sku", "null_not_allowed@/items/1/sku"])
        let notObject = try Self.errors(#"{"items": [5]}"#)
        #expect(notObject.map { "\($0.code.rawValue)@\($0.path)" } == ["type_mismatch@/items/0"])
        let notArray = try Self.errors(#"{"items": {"a": {"sku": "a"}}}"#)
        #expect(notArray.map { "\($0.code.rawValue)@\($0.path)" } == ["type_mismatch@/items"])
    }

    @Test func keyByKeyCoercionsAreExplainedOnce() throws {
        let engine = try EngineFixture.engine(Self.schema)
        guard case .success(_, let coercions, _) = engine.convert(Array(#"{"byId": [{"id": "7"}]}"#.utf8), model: "Catalog",
                                                                 options: ConversionOptions(explain: true)) else {
            Testing.Issue.record("expected success")
            return
        }
        #expect(coercions.map(\.path) == ["/byId/0/id"])
    }

    // MARK: pairs

    @Test func pairsBuildAMapFromNameValueObjects() throws {
        let out = try Self.converted(#"{"attrs": [{"name": "color", "value": "red"}, {"name": "size", "value": 42}], "counts": [{"k": 1, "v": {"n": "3"}}]}"#)
        #expect(out == #"{"attrs":{"color":"red","size":"42"},"counts":{"1":3}}"#)
    }

    @Test func pairsDuplicateNamesBothIndexes() throws {
        let errors = try Self.errors(#"{"attrs": [{"name": "color", "value": "red"}, {"name": "color", "value": "blue"}]}"#)
        #expect(errors.map { "\($0.code.rawValue)@\($0.path)" } == ["duplicate_key@/attrs/1/name"])
        #expect(errors.first?.message == #"key "color" at index 1 duplicates index 0"#)
    }

    @Test func pairValueErrorsPointAtTheEntryAndTheItem() throws {
        let errors = try Self.errors(#"{"counts": [{"k": "a", "v": {"n": 1}}, {"k": "b", "v": {"n": "x"}}, {"k": "c"}, {"v": {"n": 1}}]}"#)
        #expect(errors.map { "\($0.code.rawValue)@\($0.path)@\($0.source ?? "")" }.sorted() == [
            "invalid_number@/counts/b@/counts/1/v/n",
            "missing@/counts/3/k@",
            "missing@/counts/c@/counts/2/v/n",
        ])
    }

    // MARK: uniqueBy

    @Test func uniqueByKeepsDistinctElementsInOrder() throws {
        #expect(try Self.converted(#"{"lines": [{"sku": "b", "qty": 1}, {"sku": "a", "qty": "2"}]}"#)
            == #"{"lines":[{"sku":"b","qty":1},{"sku":"a","qty":2}]}"#)
    }

    @Test func uniqueByDuplicateNamesBothIndexes() throws {
        let errors = try Self.errors(#"{"lines": [{"sku": "a1", "qty": 1}, {"sku": "a1", "qty": 2}]}"#)
        #expect(errors.map { "\($0.code.rawValue)@\($0.path)" } == ["duplicate_item@/lines/1/sku"])
        #expect(errors.first?.message == #"sku "a1" at index 1 duplicates index 0"#)
    }

    @Test func uniqueByOnASetDropsEqualElementsFirst() throws {
        // Equal elements are one element of a set; only a different one with the same key is an error.
        #expect(try Self.converted(#"{"skus": [{"sku": "a", "qty": 1}, {"sku": "a", "qty": 1}]}"#) == #"{"skus":[{"sku":"a","qty":1}]}"#)
        let errors = try Self.errors(#"{"skus": [{"sku": "a", "qty": 1}, {"sku": "a", "qty": 1}, {"sku": "a", "qty": 2}]}"#)
        #expect(errors.map(\.message) == [#"sku "a" at index 2 duplicates index 0"#])
    }

    // MARK: from "."

    @Test func flattenedPropertyReadsTheEnclosingObject() throws {
        #expect(try Self.converted(#"{"width": 3, "height": "4", "name": "crate"}"#, "Box") == #"{"name":"crate","dims":{"width":3,"height":4}}"#)
        // An empty object has nothing to flatten: the property is absent, as a missing key's would be.
        #expect(try Self.converted(#"{}"#, "Box") == #"{}"#)
        #expect(try Self.converted(#"{"name": "crate"}"#, "Box") == #"{"name":"crate","dims":{}}"#)
        let errors = try Self.errors(#"{"width": "wide"}"#, "Box")
        #expect(errors.map { "\($0.code.rawValue)@\($0.path)@\($0.source ?? "")" } == ["invalid_number@/dims/width@/width"])
    }

    @Test func flattenedKeysAreKnownToTheEnclosingModel() throws {
        #expect(try Self.converted(#"{"id": 1, "width": 3}"#, "Strict") == #"{"id":1,"dims":{"width":3}}"#)
        let errors = try Self.errors(#"{"id": 1, "width": 3, "depth": 2}"#, "Strict")
        #expect(errors.map { "\($0.code.rawValue)@\($0.path)" } == ["unknown_key@/depth"])
    }

    // MARK: tuple

    @Test func tupleReadsAPositionalArray() throws {
        #expect(try Self.converted(#"{"point": [1.5, "2", "A"]}"#) == #"{"point":{"x":1.5,"y":2.0,"label":"A"}}"#)
        // Missing positions are absent properties; null is null as ever.
        #expect(try Self.converted(#"{"point": [1, null]}"#) == #"{"point":{"x":1.0}}"#)
    }

    @Test func tupleErrorsNameThePropertyAndThePosition() throws {
        let errors = try Self.errors(#"{"point": [1, "north"]}"#)
        #expect(errors.map { "\($0.code.rawValue)@\($0.path)@\($0.source ?? "")" } == ["invalid_number@/point/y@/point/1"])
        let tooMany = try Self.errors(#"{"point": [1, 2, "A", 4]}"#)
        #expect(tooMany.map { "\($0.code.rawValue)@\($0.path)" } == ["too_many_items@/point"])
        let object = try Self.errors(#"{"point": {"x": 1}}"#)
        #expect(object.map { "\($0.code.rawValue)@\($0.path)" } == ["type_mismatch@/point"])
    }

    @Test func tupleAtTheTopLevel() throws {
        // A top-level array is a list of documents, as for every model: each one a positional array.
        #expect(try Self.errors("[3, 4]", "Point").map { "\($0.code.rawValue)@\($0.path)" } == ["type_mismatch@/0", "type_mismatch@/1"])
        #expect(try Self.converted(#"[[3, 4], [5, 6, "B"]]"#, "Point") == #"[{"x":3.0,"y":4.0},{"x":5.0,"y":6.0,"label":"B"}]"#)
    }

    // MARK: bounded

    @Test func duplicateDetectionIsLinear() throws {
        // 200 000 items with one key each, then all with the same key: both in well under a second each.
        let distinct = "{\"items\":[" + (0..<200_000).map { "{\"sku\":\"k\($0)\"}" }.joined(separator: ",") + "]}"
        let clock = ContinuousClock()
        let elapsed = try clock.measure { _ = try Self.converted(distinct) }
        let same = "{\"items\":[" + Array(repeating: "{\"sku\":\"k\"}", count: 200_000).joined(separator: ",") + "]}"
        let elapsedSame = try clock.measure {
            let errors = try Self.errors(same)
            #expect(errors.last?.code == .tooManyErrors)
        }
        #expect(elapsed < .seconds(10) && elapsedSame < .seconds(10))
    }
}
