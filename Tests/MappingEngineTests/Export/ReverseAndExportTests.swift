import Foundation
import Testing
@testable import MappingEngine

/// SPEC §4: `/reverse` (normalized → upstream shape) and the JSON Schema of a model's output.
@Suite struct ReverseAndExportTests {
    static func bundledEngine() throws -> Engine {
        try Engine(directory: EngineFixture.schemasDirectory)
    }

    /// The upstream document `reverse` produces; records an issue when it fails.
    static func reversed(_ engine: Engine, _ normalized: [UInt8], _ model: String,
                         sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue? {
        switch engine.reverse(normalized, model: model) {
        case .success(let bytes):
            return try EngineFixture.json(String(decoding: bytes, as: UTF8.self))
        case .failure(let errors):
            Testing.Issue.record("reverse failed: \(errors.map { "\($0.code.rawValue)@\($0.path)" })", sourceLocation: sourceLocation)
        case .malformed(let error):
            Testing.Issue.record("reverse: malformed \(error)", sourceLocation: sourceLocation)
        case .unknownModel(let name):
            Testing.Issue.record("reverse: unknown model \(name)", sourceLocation: sourceLocation)
        }
        return nil
    }

    // MARK: reverse

    @Test func reverseOfAConvertedBookUsesTheUpstreamNames() throws {
        let engine = try Self.bundledEngine()
        let converted = engine.convert(Array(try EngineFixture.packageFile("examples/book.json").utf8), model: "Book")
        guard case .success(let normalized, _, _) = converted else {
            Testing.Issue.record("book.json does not convert: \(EngineFixture.describe(converted))")
            return
        }
        guard let upstream = try Self.reversed(engine, normalized, "Book") else { return }
        // The first `from` candidate, not the one the input used.
        #expect(upstream["id"] == .number("42"))
        #expect(upstream["ID"] == nil)
        #expect(upstream["name"] == .string("Dune"))
        #expect(upstream["title"] == nil)
        // Key paths and pointers rebuilt as nested objects.
        #expect(upstream["ext"]?["desc"] == .string("A desert planet and its spice."))
        #expect(upstream["meta"]?["isbn.13"] == .string("9780441013593"))
        // The `keys` style applied, in nested models too.
        #expect(upstream["weight_kg"] == .number("0.6"))
        #expect(upstream["weightKg"] == nil)
        #expect(upstream["in_stock"] == .bool(true))
        // A date goes out in the first of its `formats`, which convert reads back.
        #expect(upstream["printed_at"] == .string("01.06.1965"))
        #expect(upstream["published"] == .string("2015-09-16T04:20:09Z"))
        #expect(upstream["author"]?["first_name"] == .string("Frank"))
        #expect(upstream["author"]?["firstName"] == nil)
        guard case .array(let chapters)? = upstream["chapters"] else {
            Testing.Issue.record("chapters is not an array: \(upstream.jsonText)")
            return
        }
        #expect(chapters.first?["page-count"] == .number("200"))
        // The values table inverted: "published" goes back to its input key.
        #expect(upstream["state"] == .string("1"))
        #expect(upstream["price"] == .number("19.90"))
        // Excluded properties stay out.
        #expect(upstream["internal_note"] == nil)
    }

    static let roundTripSchema = """
        Order:
          keys: snake_case
          properties:
            orderId: { type: int64, from: [order_id, id], required: true }
            customerName: { type: string, from: customer.name }
            firstSku: { type: string, from: "/lines/0/sku" }
            dotted: { type: string, from: "/a.b/c" }
            status: { type: string, values: { "0": open, "1": paid, "2": shipped } }
            paid: { type: bool, values: { Y: true, N: false } }
            lines: "array<Line>"
            totals: "map<decimal>"
            placedAt: date
            note: "string?"
        Line:
          keys: PascalCase
          properties:
            sku: { type: string, from: sku }
            quantity: uint16
            unitPrice: decimal
        """

    @Test(arguments: [
        (#"{"id":1,"name":"x","kind":"ebook","format":"pdf","file_size_bytes":"7"}"#, "ebook", "file_size_bytes"),
        (#"{"id":1,"name":"x","kind":"audio","duration":60}"#, "audio", "duration_seconds"),
    ])
    func reverseOfADiscriminatedModelWritesTheTagBack(_ input: String, _ tag: String, _ variantKey: String) throws {
        let engine = try Self.bundledEngine()
        guard case .success(let normalized, _, _) = engine.convert(Array(input.utf8), model: "Book") else {
            Testing.Issue.record("\(input) does not convert")
            return
        }
        guard let upstream = try Self.reversed(engine, normalized, "Book") else { return }
        #expect(upstream["kind"] == .string(tag))
        #expect(upstream[variantKey] != nil)
        #expect(upstream["name"] == .string("x"))
    }

    @Test func reverseRebuildsPathsAndInvertsValues() throws {
        let engine = try EngineFixture.engine(Self.roundTripSchema)
        let normalized = #"""
            {"orderId":7,"customerName":"Ada","dotted":"x","status":"paid","paid":false,
             "lines":[{"sku":"A-1","quantity":2,"unitPrice":9.90}],"totals":{"net":19.80},
             "placedAt":"2015-09-16T04:20:09Z","note":null}
            """#
        guard let upstream = try Self.reversed(engine, Array(normalized.utf8), "Order") else { return }
        let want = try EngineFixture.json(#"""
            {"order_id":7,"customer":{"name":"Ada"},"a.b":{"c":"x"},"status":"1","paid":"N",
             "lines":[{"sku":"A-1","Quantity":2,"UnitPrice":9.90}],"totals":{"net":19.80},
             "placed_at":"2015-09-16T04:20:09Z","note":null}
            """#)
        #expect(EngineFixture.canonical(upstream) == EngineFixture.canonical(want), "\(upstream.jsonText)")
    }

    /// Book reads `firstTag` from `/tags/0` and `tags` with `wrapSingle`: `tags: ["solo"]` without a
    /// `firstTag` came from `tags: "solo"`, and only that converts back without adding `firstTag`.
    @Test(arguments: [
        (#"{"id":1,"title":"x","tags":["solo"]}"#, #""solo""#),
        (#"{"id":1,"title":"x","firstTag":"solo","tags":["solo"]}"#, #"["solo"]"#),
        (#"{"id":1,"title":"x","tags":["a","b"]}"#, #"["a","b"]"#),
    ])
    func aWrappedSingleValueGoesOutBareWhenNothingReadItsFirstElement(_ normalized: String, _ tags: String) throws {
        let engine = try Self.bundledEngine()
        guard let upstream = try Self.reversed(engine, Array(normalized.utf8), "Book") else { return }
        #expect(upstream["tags"] == (try EngineFixture.json(tags)))
    }

    @Test func pointerIndicesAreRebuiltAsArrays() throws {
        let engine = try EngineFixture.engine("""
            P:
              properties:
                second: { type: string, from: "/items/1/name" }
            """)
        guard let upstream = try Self.reversed(engine, Array(#"{"second":"b"}"#.utf8), "P") else { return }
        guard case .array(let items)? = upstream["items"] else {
            Testing.Issue.record("items is not an array: \(upstream.jsonText)")
            return
        }
        #expect(items.count == 2)
        #expect(items.last?["name"] == .string("b"))
    }

    @Test func reverseThenConvertIsTheIdentityOnNormalizedDocuments() throws {
        let engine = try EngineFixture.engine(Self.roundTripSchema)
        let upstream = #"""
            {"id":"7","customer":{"name":"Ada"},"a.b":{"c":"x"},"status":2,"paid":"Y",
             "lines":[{"sku":"A-1","Quantity":"2","UnitPrice":"9.90"},{"sku":"B-2","Quantity":1}],
             "totals":{"net":"19.80","tax":3.76},"placed_at":"Wed Sep 16 12:20:09 +0800 2015","note":"leave at door"}
            """#
        let first = engine.convert(Array(upstream.utf8), model: "Order")
        guard case .success(let normalized, _, _) = first else {
            Testing.Issue.record("does not convert: \(EngineFixture.describe(first))")
            return
        }
        guard let back = try Self.reversed(engine, normalized, "Order") else { return }
        let again = engine.convert(back.jsonBytes, model: "Order")
        guard let second = EngineFixture.output(again) else { return }
        let original = try EngineFixture.json(String(decoding: normalized, as: UTF8.self))
        #expect(EngineFixture.canonical(second) == EngineFixture.canonical(original))
        #expect(original["firstSku"] == .string("A-1"))
    }

    @Test func reverseOfAnArrayReversesEachObject() throws {
        let engine = try Self.bundledEngine()
        guard let upstream = try Self.reversed(engine, Array(#"[{"label":"a","Color":"oak"},{"label":"b","sale":{"percentOff":5}}]"#.utf8), "Shelf") else { return }
        let want = try EngineFixture.json(#"[{"Label":"a","Color":"oak"},{"Label":"b","Sale":{"PERCENT_OFF":5}}]"#)
        #expect(EngineFixture.canonical(upstream) == EngineFixture.canonical(want))
    }

    @Test func reverseRejectsValuesOutsideTheTable() throws {
        let engine = try Self.bundledEngine()
        let result = engine.reverse(Array(#"{"id":1,"title":"x","state":"lost"}"#.utf8), model: "Book")
        guard case .failure(let errors) = result else {
            Testing.Issue.record("expected failure")
            return
        }
        #expect(errors.map { EngineFixture.Failure($0.code, $0.path) } == [.init(.enumMismatch, "/state")])
        guard case .unknownModel = engine.reverse(Array("{}".utf8), model: "Nope") else {
            Testing.Issue.record("expected unknownModel")
            return
        }
        guard case .malformed = engine.reverse(Array("{".utf8), model: "Book") else {
            Testing.Issue.record("expected malformed")
            return
        }
    }

    // MARK: JSON Schema export

    /// The object schema a `$ref` chain and a discriminator's `anyOf` lead to from `schema`.
    static func objectSchema(_ schema: JSONValue, in root: JSONValue) -> JSONValue? {
        if case .string(let ref)? = schema["$ref"], ref.hasPrefix("#/$defs/") {
            return root["$defs"]?[String(ref.dropFirst("#/$defs/".count))].flatMap { objectSchema($0, in: root) }
        }
        if case .array(let variants)? = schema["anyOf"] {
            return variants.lazy.compactMap { objectSchema($0, in: root) }.first
        }
        return schema["properties"] == nil ? nil : schema
    }

    /// Every `$ref` string anywhere in `value`.
    static func refs(in value: JSONValue) -> [String] {
        switch value {
        case .object(let members):
            return members.flatMap { member -> [String] in
                if member.key == "$ref", case .string(let ref) = member.value { return [ref] }
                return refs(in: member.value)
            }
        case .array(let items): return items.flatMap(refs)
        default: return []
        }
    }

    /// Pointers of the objects in `value` that hold the same key twice.
    static func duplicateKeys(in value: JSONValue, at path: String = "") -> [String] {
        switch value {
        case .object(let members):
            var seen = Set<String>()
            var found = members.compactMap { seen.insert($0.key).inserted ? nil : "\(path)/\($0.key)" }
            for member in members { found += duplicateKeys(in: member.value, at: "\(path)/\(member.key)") }
            return found
        case .array(let items):
            return items.enumerated().flatMap { duplicateKeys(in: $1, at: "\(path)/\($0)") }
        default:
            return []
        }
    }

    static func names(_ value: JSONValue?) -> Set<String> {
        guard case .array(let items)? = value else { return [] }
        return Set(items.compactMap { if case .string(let s) = $0 { s } else { nil } })
    }

    @Test func bookSchemaIsDraft2020WithRequiredAndDefs() throws {
        let registry = try SchemaLoader.load(directory: EngineFixture.schemasDirectory)
        let schema = try #require(JSONSchemaExporter(registry: registry).schema(for: "Book"))
        #expect(schema["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
        let defs = try #require(schema["$defs"])
        for name in ["Author", "Chapter", "Review", "EBook", "AudioBook"] {
            #expect(defs[name] != nil, "$defs lacks \(name)")
        }
        for ref in Self.refs(in: schema) {
            #expect(ref.hasPrefix("#/$defs/") && defs[String(ref.dropFirst("#/$defs/".count))] != nil, "dangling \(ref)")
        }
        #expect(Self.duplicateKeys(in: schema) == [], "an exported object holds a key twice")
        let book = try #require(Self.objectSchema(schema, in: schema))
        #expect(book["type"] == .string("object"))
        let required = Self.names(book["required"])
        #expect(required.isSuperset(of: ["id", "title"]))
        #expect(required.isDisjoint(with: ["desc", "pages", "author", "homepage"]))
        let properties = try #require(book["properties"])
        #expect(properties["internalNote"] == nil)
        #expect(properties["id"]?["type"] == .string("integer"))
        #expect(properties["pages"]?["minimum"] == .number("1"))
        #expect(properties["tags"]?["type"] == .string("array"))
        #expect(properties["tags"]?["uniqueItems"] == .bool(true))
        #expect(properties["tags"]?["maxItems"] == .number("20"))
        #expect(properties["published"]?["format"] == .string("date-time"))
        #expect(properties["homepage"]?["type"] == .array([.string("string"), .string("null")]))
        #expect(properties["status"]?["enum"] == .array([.string("draft"), .string("published")]))
        #expect(Self.names(properties["state"]?["enum"]) == ["draft", "published", "retired"])
        #expect(properties["currency"]?["pattern"] == .string("^[A-Z]{3}$"))
        // Nested and recursive models go through $defs.
        let chapter = try #require(Self.objectSchema(.object([.init("$ref", .string("#/$defs/Chapter"))]), in: schema))
        #expect(Self.refs(in: chapter["properties"]?["sections"] ?? .null) == ["#/$defs/Chapter"])
        #expect(Self.names(chapter["required"]) == ["title"])
        let review = try #require(Self.objectSchema(.object([.init("$ref", .string("#/$defs/Review"))]), in: schema))
        #expect(Self.names(review["required"]) == ["stars", "text"])
        #expect(review["additionalProperties"] == .bool(false))
        let ebook = try #require(Self.objectSchema(.object([.init("$ref", .string("#/$defs/EBook"))]), in: schema))
        #expect(ebook["properties"]?["fileSizeBytes"]?["maximum"] == .number("18446744073709551615"))
    }

    @Test func keepModelsAllowAdditionalPropertiesAndUnknownModelsHaveNoSchema() throws {
        let registry = try SchemaLoader.load(directory: EngineFixture.schemasDirectory)
        let exporter = JSONSchemaExporter(registry: registry)
        let shelfRoot = try #require(exporter.schema(for: "Shelf"))
        let shelf = try #require(Self.objectSchema(shelfRoot, in: shelfRoot))
        #expect(shelf["additionalProperties"] == .bool(true))
        #expect(Self.names(shelf["required"]) == ["label"])
        #expect(shelfRoot["$defs"]?["Book"] != nil)
        #expect(exporter.schema(for: "Nope") == nil)
    }
}
