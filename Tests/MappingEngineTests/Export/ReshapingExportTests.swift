import Testing
@testable import MappingEngine

/// SPEC §9: `/reverse` rebuilds each reshaped input, order kept; the input schema describes it;
/// the example payload is written in it and converts.
@Suite struct ReshapingExportTests {
    static let schema = """
        Catalog:
          properties:
            items: { type: "map<Item>", keyBy: sku, minItems: 2 }
            byId: { type: "map<Item>", keyBy: id }
            attrs: { type: "map<string>", pairs: { key: name, value: value } }
            counts: { type: "map<int32?>", pairs: { key: k, value: v.n } }
            lines: { type: "array<Item>", uniqueBy: sku, minItems: 2 }
            point: Point
        Box:
          unknownKeys: reject
          properties:
            name: string
            dims: { type: Dims, from: "." }
        Item:
          properties:
            sku: string
            id: int64
        Dims:
          properties:
            width: int32
            height: int32
        Point:
          tuple: true
          properties:
            x: { type: double, required: true }
            y: double
            label: string
        """

    static func engine() throws -> Engine { try EngineFixture.engine(schema) }

    /// The elements of an array, 0 for anything else.
    static func count(_ value: JSONValue?) -> Int {
        if case .array(let items)? = value { return items.count }
        return 0
    }

    /// Element `index` of an array.
    static func element(_ value: JSONValue?, _ index: Int) -> JSONValue? {
        guard case .array(let items)? = value, index < items.count else { return nil }
        return items[index]
    }

    /// `json` converted to `model`, as text; nil after recording why not.
    static func convert(_ engine: Engine, _ json: String, _ model: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let result = engine.convert(Array(json.utf8), model: model)
        guard case .success(let bytes, _, _) = result else {
            Testing.Issue.record("\(model) ← \(json): \(EngineFixture.describe(result))", sourceLocation: sourceLocation)
            return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `json` reversed with `model`, as text; nil after recording why not.
    static func reverse(_ engine: Engine, _ json: String, _ model: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        guard case .success(let bytes) = engine.reverse(Array(json.utf8), model: model) else {
            Testing.Issue.record("reverse of \(json) failed", sourceLocation: sourceLocation)
            return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: [
        (#"{"items": [{"sku": "b", "id": 2}, {"sku": "a"}]}"#, "Catalog", #"{"items":[{"sku":"b","id":2},{"sku":"a"}]}"#),
        (#"{"byId": [{"id": "9", "sku": "z"}]}"#, "Catalog", #"{"byId":[{"sku":"z","id":9}]}"#),
        (#"{"attrs": [{"name": "size", "value": 4}, {"value": "red", "name": "color"}]}"#, "Catalog",
         #"{"attrs":[{"name":"size","value":"4"},{"name":"color","value":"red"}]}"#),
        (#"{"counts": [{"k": "a", "v": {"n": "1"}}, {"k": "b"}]}"#, "Catalog", #"{"counts":[{"k":"a","v":{"n":1}},{"k":"b","v":{"n":null}}]}"#),
        (#"{"lines": [{"sku": "b"}, {"sku": "a"}]}"#, "Catalog", #"{"lines":[{"sku":"b"},{"sku":"a"}]}"#),
        (#"{"point": [1, null, "A"]}"#, "Catalog", #"{"point":[1.0,null,"A"]}"#),
        (#"{"point": [1]}"#, "Catalog", #"{"point":[1.0]}"#),
        // A top-level array is a list of documents, a tuple model's too.
        (#"[[2, 3]]"#, "Point", #"[[2.0,3.0]]"#),
        (#"{"width": 3, "name": "crate", "height": 4}"#, "Box", #"{"name":"crate","width":3,"height":4}"#),
    ])
    func reverseRebuildsTheInputShapeInOrder(input: String, model: String, upstream: String) throws {
        let engine = try Self.engine()
        guard let converted = Self.convert(engine, input, model), let reversed = Self.reverse(engine, converted, model) else { return }
        #expect(reversed == upstream)
        // And back: the rebuilt shape converts to the same bytes.
        #expect(Self.convert(engine, reversed, model) == converted)
    }

    @Test func reverseFillsAKeyLeftOutOfItsObject() throws {
        let engine = try Self.engine()
        #expect(Self.reverse(engine, #"{"byId": {"7": {"sku": "a"}}}"#, "Catalog") == #"{"byId":[{"sku":"a","id":7}]}"#)
    }

    @Test func inputSchemaDescribesEachShape() throws {
        let registry = try Self.engine().registry
        let exporter = InputSchemaExporter(registry: registry)
        let reference = { (name: String) in "#/components/schemas/\(name)-Input" }
        let catalog = try #require(exporter.component(for: "Catalog", reference: reference))
        let properties = catalog["properties"]
        #expect(properties?["items"]?["type"] == ["array", "null"])
        // Lax mode takes PHP's empty array for an object, as for every model.
        #expect(Self.element(properties?["items"]?["items"]?["anyOf"], 0)?["$ref"] == "#/components/schemas/Item-Input")
        #expect(properties?["attrs"]?["items"]?["required"] == ["name", "value"])
        #expect(properties?["counts"]?["items"]?["required"] == ["k"])
        let point = try #require(exporter.component(for: "Point", reference: reference))
        #expect(point["type"] == "array")
        #expect(Self.count(point["prefixItems"]) == 3)
        #expect(point["minItems"] == .number("1"))
        #expect(point["maxItems"] == .number("3"))
        let box = try #require(exporter.component(for: "Box", reference: reference))
        #expect(Self.element(box["allOf"], 0)?["$ref"] == "#/components/schemas/Dims-Input")
        #expect(box["unevaluatedProperties"] == false)
        #expect(box["additionalProperties"] == nil)
    }

    @Test(arguments: ["Catalog", "Box", "Point", "Item", "Dims"])
    func examplePayloadIsTheInputShapeAndConverts(model: String) throws {
        let engine = try Self.engine()
        let payload = try #require(ExamplePayload(registry: engine.registry).payload(for: model))
        #expect(Self.convert(engine, payload.jsonText, model) != nil, "\(payload.jsonText)")
        if model == "Catalog" {
            // minItems: 2 asks for two items, whose keys differ.
            #expect(Self.count(payload["items"]) == 2)
            #expect(Self.count(payload["lines"]) == 2)
            #expect(Self.element(payload["lines"], 0)?["sku"] != Self.element(payload["lines"], 1)?["sku"])
        }
    }
}
