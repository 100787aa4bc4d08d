import Foundation
import Testing
import TestSupport
@testable import MappingEngine

/// The example payload of a model (`GET /schemas/{Model}/example`, the playground's first
/// payload): for every model served here it converts, in lax mode and in strict mode, reading
/// every key it has.
@Suite struct ExamplePayloadTests {
    /// Schemas that ask for what a plain value rarely has: patterns, bounds, lengths, formats,
    /// tables, counts, places read twice, recursion, strictness.
    static let demanding = """
        Order:
          keys: snake_case
          unknownKeys: reject
          properties:
            id: { type: uint64, from: [order_id, id], required: true }
            code: { type: string, pattern: "^[A-Z]{3}-\\\\d{2,}$", required: true }
            slug: { type: string, pattern: "^[a-z]+(-[a-z]+)*$", minLength: 12, maxLength: 20 }
            short: { type: string, minLength: 3, maxLength: 3 }
            digits: { type: string, pattern: "^\\\\d{4}$", required: true }
            hexColor: { type: string, pattern: "^#[0-9a-f]{6}$" }
            impossible: { type: string, pattern: "^a$", minLength: 2 }
            quantity: { type: int8, minimum: -20, maximum: -10, required: true }
            share: { type: double, exclusiveMinimum: 0.25, exclusiveMaximum: 0.5 }
            price: { type: decimal, minimum: 100.5 }
            priority: { type: int32, enum: [3, 5, 7] }
            level: { type: string, values: { lo: low, hi: high }, enum: [high] }
            flag: { type: bool, strict: true, required: true }
            tags: { type: "set<string>", minItems: 3, maxItems: 3, wrapSingle: true }
            firstTag: { type: string, from: /tags/0 }
            sizes: { type: "set<uint8>", minItems: 2 }
            none: { type: "array<string>", maxItems: 0 }
            placedAt: { type: date, formats: ["dd.MM.yyyy"], required: true }
            shippedAt: { type: date, formats: [epoch_millis] }
            deliveredAt: { type: date, formats: ["yyyy-MM-dd HH:mm"] }
            street: { type: string, from: ship.address.street, required: true }
            zip: { type: string, from: "/ship/address/zip.code", pattern: "^[0-9]{5}$" }
            city: { type: string, from: "/ship/lines/1" }
            blob: { type: data, minLength: 10, maxLength: 12 }
            site: url
            lines: { type: "array<Line>", minItems: 1, required: true }
            byName: "map<Line?>"
            head: Node
            note: any
        Line:
          required: all
          properties:
            sku: { type: string, pattern: "^SKU[0-9]+$" }
            quantity: { type: uint16, minimum: 1 }
            discount: { type: decimal, default: 0 }
        Node:
          properties:
            label: { type: string, required: true }
            next: "Node?"
            children: "array<Node>"
        Shape:
          discriminator:
            from: /meta/kind
            mapping: { "1": Circle, sq: Square }
          properties:
            name: string
        Circle:
          extends: Shape
          unknownKeys: reject
          properties:
            radius: { type: double, exclusiveMinimum: 0, required: true }
        Square:
          extends: Shape
          properties:
            side: double
        """

    /// Every model of the registry with its example and what converting it gave, in `mode`.
    static func conversions(_ engine: Engine, mode: ConversionOptions.Mode)
        -> [(model: String, example: JSONValue, result: Engine.OwnedResult)] {
        let examples = ExamplePayload(registry: engine.registry)
        return engine.registry.names.compactMap { name in
            guard let example = examples.payload(for: name) else {
                Testing.Issue.record("\(name) has no example")
                return nil
            }
            return (name, example, engine.convert(example.jsonBytes, model: name, options: ConversionOptions(mode: mode)))
        }
    }

    /// Every model's example converts, with no key left unread, in both modes.
    static func expectEveryExampleConverts(_ engine: Engine, in place: String) {
        #expect(!engine.registry.names.isEmpty, "\(place) has no models")
        for mode in ConversionOptions.Mode.allCases {
            for (model, example, result) in conversions(engine, mode: mode) {
                guard case .success(_, _, let unknownKeys) = result else {
                    Testing.Issue.record("\(place): \(model) in \(mode) mode: \(EngineFixture.describe(result))\nexample: \(example.jsonText)")
                    continue
                }
                #expect(unknownKeys.isEmpty, "\(place): \(model) reads none of \(unknownKeys.map(\.path))")
            }
        }
    }

    @Test(arguments: EngineFixture.schemaDirectories)
    func everyServedModelsExampleConvertsInBothModes(_ directory: String) throws {
        let engine = try Engine(directory: directory)
        Self.expectEveryExampleConverts(engine, in: directory.replacingOccurrences(of: EngineFixture.packageRoot.path + "/", with: ""))
    }

    @Test func demandingSchemasStillGetExamplesThatConvert() throws {
        Self.expectEveryExampleConverts(try EngineFixture.engine(Self.demanding), in: "demanding")
    }

    @Test func valuesMeetTheChecksAndSitWhereTheyAreRead() throws {
        let registry = try EngineFixture.registry(Self.demanding)
        let order = try #require(ExamplePayload(registry: registry).payload(for: "Order"))
        #expect(order["order_id"] == .number("1"))
        #expect(order["id"] == nil)
        #expect(order["code"] == .string("AAA-00"))
        #expect(order["digits"] == .string("0000"))
        #expect(order["hex_color"] == .string("#aaaaaa"))
        // A pattern no text of its length matches leaves an optional property out.
        #expect(order["impossible"] == nil)
        #expect(order["quantity"] == .number("-20"))
        #expect(order["share"] == .number("0.375"))
        #expect(order["price"] == .number("100.5"))
        #expect(order["priority"] == .number("3"))
        // A values table's input whose output the enum takes.
        #expect(order["level"] == .string("hi"))
        #expect(order["tags"] == .array([.string("tags"), .string("tags2"), .string("tags3")]))
        #expect(order["sizes"] == .array([.number("1"), .number("2")]))
        #expect(order["none"] == .array([]))
        #expect(order["placed_at"] == .string("17.05.2024"))
        #expect(order["shipped_at"] == .number("1715904000000"))
        #expect(order["delivered_at"] == .string("2024-05-17 00:00"))
        #expect(order["ship"] == .object([
            .init("address", .object([.init("street", .string("street")), .init("zip.code", .string("00000"))])),
            .init("lines", .array([.null, .string("city")])),
        ]))
        let blob = try #require(order["blob"].flatMap { if case .string(let text) = $0 { Data(base64Encoded: text) } else { nil } })
        #expect(blob.count == 10)
        // Nested models: their own examples; a recursion stops at the first repeat.
        #expect(order["lines"] == .array([.object([
            .init("sku", .string("SKU0")), .init("quantity", .number("1")), .init("discount", .number("0")),
        ])]))
        #expect(order["by_name"]?["key"]?["sku"] == .string("SKU0"))
        #expect(order["head"] == .object([.init("label", .string("label")), .init("next", .null), .init("children", .array([]))]))
    }

    @Test func keysComeInTheOrderOfThePropertiesThatReadThem() throws {
        let registry = try EngineFixture.registry(Self.demanding)
        guard case .object(let members)? = ExamplePayload(registry: registry).payload(for: "Order") else {
            Issue.record("no example")
            return
        }
        // Required properties claim their places first, yet are written in declaration order.
        #expect(members.map(\.key).prefix(6) == ["order_id", "code", "slug", "short", "digits", "hex_color"])
        #expect(members.map(\.key).firstIndex(of: "tags") ?? 0 < members.map(\.key).firstIndex(of: "ship") ?? 0)
    }

    @Test func aDiscriminatedModelIsWrittenWithItsFirstTag() throws {
        let engine = try EngineFixture.engine(Self.demanding)
        let shape = try #require(ExamplePayload(registry: engine.registry).payload(for: "Shape"))
        // Circle rejects unknown keys and reads nothing at the tag's key, yet takes its tag: the
        // tag is its declarer's, never an unknown key (issue 23), so the first mapped model is written.
        #expect(shape["meta"] == .object([.init("kind", .string("1"))]))
        #expect(shape["radius"] == .number("1"))
        let output = try #require(EngineFixture.output(engine.convert(shape.jsonBytes, model: "Shape")))
        #expect(output == .object([.init("name", .string("name")), .init("radius", .number("1.0"))]))

        let books = try Engine(directory: EngineFixture.schemasDirectory)
        let book = try #require(ExamplePayload(registry: books.registry).payload(for: "Book"))
        #expect(book["kind"] == .string("ebook"))
        #expect(book["format"] == .string("epub"))
        #expect(book["currency"] == .string("EUR"))
        #expect(book["state"] == .string("0"))
        #expect(book["printed_at"] == .string("17.05.2024"))
        // `tags` is placed whole, then `firstTag` (`/tags/0`) reads its element.
        #expect(book["tags"] == .array([.string("tags")]))
        #expect(book["first_tag"] == nil)
    }

    @Test func theSameModelsGiveTheSameBytes() throws {
        let first = try Engine(directory: EngineFixture.schemasDirectory).registry
        let second = try Engine(directory: EngineFixture.schemasDirectory).registry
        for name in first.names {
            #expect(ExamplePayload(registry: first).payload(for: name)?.jsonText == ExamplePayload(registry: second).payload(for: name)?.jsonText)
        }
        #expect(ExamplePayload(registry: first).payload(for: "Nope") == nil)
    }

    @Test func modelsThatUseTheNextSeveralTimesGetABoundedExample() throws {
        // Each of twelve models uses the next four times: 4^11 objects, written out in full.
        let schema = (0..<12).map { level in
            level == 11 ? "M11: { properties: { leaf: { type: string, required: true } } }"
                : "M\(level): { properties: { a: M\(level + 1), b: M\(level + 1), c: M\(level + 1), d: M\(level + 1) } }"
        }.joined(separator: "\n")
        let engine = try EngineFixture.engine(schema)
        let example = try #require(ExamplePayload(registry: engine.registry).payload(for: "M0"))
        let bytes = example.jsonBytes
        #expect(bytes.count < 1 << 20)
        #expect(EngineFixture.output(engine.convert(bytes, model: "M0")) != nil)
    }

    /// The hostile shapes the registry takes at its limits: every model's example converts.
    @Test(arguments: [
        SchemaShapes.referenceChain(500), SchemaShapes.referenceCycle(50), SchemaShapes.extendsChain(RegistryLimits.default.extendsDepth),
        #"{"Nest": {"properties": {"n": {"type": "\#(SchemaShapes.nestedType(RegistryLimits.default.typeDepth))", "required": true}}}}"#,
    ])
    func hostileShapesGetExamplesThatConvert(_ schema: String) throws {
        Self.expectEveryExampleConverts(try EngineFixture.engine(schema, file: "shapes.json"), in: String(schema.prefix { $0 != "\n" }))
    }

    /// Schemas that ask an example for unbounded work (minItems at every level of nested
    /// arrays, a four-billion-character minLength, nested `+` that multiply a pattern's text) get
    /// one of bounded size: before, each hung or trapped the GET that asked for it.
    @Test(arguments: [
        #"{"M": {"properties": {"a": {"type": "array<array<array<array<array<array<string>>>>>>", "minItems": 100}}}}"#,
        #"{"M": {"properties": {"a": {"type": "array<string>", "minItems": 100000000}}}}"#,
        #"{"M": {"properties": {"s": {"type": "string", "minLength": 4000000000, "required": true}, "d": {"type": "data", "minLength": 4000000000}}}}"#,
        #"{"M": {"properties": {"p": {"type": "string", "pattern": "^(?:(?:(?:(?:(?:(?:(?:a+)+)+)+)+)+)+)+$"}}}}"#,
    ])
    func schemasAskingForUnboundedWorkGetABoundedExample(_ schema: String) throws {
        let engine = try EngineFixture.engine(schema, file: "hostile.json")
        let example = try #require(ExamplePayload(registry: engine.registry).payload(for: "M"))
        #expect(example.jsonBytes.count < 1 << 20)
    }

    @Test(arguments: [
        ("^[A-Z]{3}$", "AAA"), ("^\\d+$", "0"), ("^(foo|bar)-[^0-9]{2}$", "foo-aa"), ("\\bx\\b", "x"),
        ("^[\\u4e00-\\u9fff]$", "一"), ("^a?b*c{2,3}$", "cc"),
    ])
    func patternTextsMatchTheirPattern(_ pattern: String, _ first: String) throws {
        let texts = PatternExample.texts(for: pattern)
        #expect(texts.first == first)
        let compiled = try Pattern(pattern)
        #expect(texts.allSatisfy { compiled.matches($0) })
    }
}
