import Testing
@testable import MappingEngine

/// SPEC §2.1 and §9: a reshaping option that does not fit its property's type or model is
/// refused at load, saying why, as `invalid_schema` is.
@Suite struct ReshapingLoadTests {
    static let models = """
        Item:
          properties:
            sku: string
            dims: Dims
        Dims:
          properties:
            width: int32
        Lenient:
          properties:
            sku: { type: "string?", onError: omit }
        Closed:
          unknownKeys: reject
          properties:
            width: int32
        Point:
          tuple: true
          properties:
            x: double
        """

    /// The messages of loading `model` (YAML of one model `M`) beside `models`; records an issue when it loads.
    static func messages(_ model: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        EngineFixture.loadMessages(model + "\n" + models, sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        (#"items: { type: "array<Item>", keyBy: sku }"#, "keyBy fits map<Model> only"),
        (#"items: { type: "map<Item?>", keyBy: sku }"#, "keyBy fits map<Model> only"),
        (#"items: { type: "map<Item>", keyBy: id }"#, "model 'Item' has no property 'id'"),
        (#"items: { type: "map<Item>", keyBy: dims }"#, "'Item.dims' is 'Dims', not a scalar type"),
        (#"items: { type: "map<Point>", keyBy: x }"#, "reads positional arrays"),
        (#"items: { type: "map<Item>", keyBy: sku, pairs: { key: k, value: v } }"#, "'keyBy' and 'pairs' both"),
        (#"attrs: { type: "array<string>", pairs: { key: k, value: v } }"#, "pairs fits map<T> only"),
        (#"attrs: { type: "map<string>", pairs: { key: k } }"#, "'pairs' must be { key"),
        (#"lines: { type: "array<string>", uniqueBy: sku }"#, "uniqueBy fits array<Model> and set<Model> only"),
        (#"lines: { type: "map<Item>", uniqueBy: sku }"#, "uniqueBy fits array<Model> and set<Model> only"),
        (#"lines: { type: "array<Item>", uniqueBy: nope }"#, "has no property 'nope'"),
        (#"items: { type: "map<Lenient>", keyBy: sku }"#, "'Lenient.sku' keys the items and cannot recover (onError: omit)"),
        (#"lines: { type: "array<Lenient>", uniqueBy: sku }"#, "'Lenient.sku' keys the items and cannot recover"),
        (#"name: { type: string, from: "." }"#, "fits a model-typed property only"),
        (#"dims: { type: Dims, from: [".", width] }"#, "must be the property's only source"),
        (#"dims: { type: Closed, from: "." }"#, "must have unknownKeys: ignore"),
        (#"dims: { type: Point, from: "." }"#, "reads positional arrays"),
        (#"dims: { type: Dims, from: ".", default: {} }"#, "'default' and 'transform' do not apply"),
        // A tuple's positions are properties, each with its own `onError`: it has no items to drop.
        (#"at: { type: Point, onItemError: drop }"#, "onItemError does not fit type 'Point'"),
    ])
    func optionThatDoesNotFitIsRefused(property: String, message: String) {
        let found = Self.messages("M:\n  properties:\n    \(property)\n")
        #expect(found.contains { $0.contains(message) }, "\(found)")
    }

    @Test func flattenedCycleIsRefused() {
        let found = Self.messages("""
            M:
              properties:
                n: { type: N, from: "." }
            N:
              properties:
                m: { type: M, from: "." }
            """)
        #expect(found.contains { $0.contains("from: \".\" cycle: M → N → M") }, "\(found)")
    }

    @Test func tupleModelMistakesAreRefused() {
        let withFrom = Self.messages("M:\n  tuple: true\n  properties:\n    x: { type: int32, from: a }\n")
        #expect(withFrom.contains { $0.contains("reads its properties by position") }, "\(withFrom)")
        let notBool = Self.messages("M:\n  tuple: yes please\n  properties:\n    x: int32\n")
        #expect(notBool.contains("'tuple' must be true or false"), "\(notBool)")
        let target = Self.messages("M:\n  discriminator: { from: kind, mapping: { p: Point } }\n  properties:\n    kind: string\n")
        #expect(target.contains { $0.contains("model 'Point' reads positional arrays") }, "\(target)")
    }

    @Test func fittingOptionsLoad() throws {
        _ = try EngineFixture.engine("""
            M:
              properties:
                items: { type: "map<Item>", keyBy: sku, maxItems: 10 }
                attrs: { type: "map<int32?>", pairs: { key: a.name, value: /v/0 } }
                lines: { type: "set<Item>", uniqueBy: sku }
                dims: { type: Dims, from: "." }
                point: Point
            """ + "\n" + Self.models)
    }
}
