import Testing
@testable import MappingEngine

/// The input schema (the upstream shape a model reads, as OpenAPI's `{Model}-Input`): every key
/// a property reads, and only what conversion enforces.
@Suite struct InputSchemaTests {
    static let schema = """
        Order:
          keys: snake_case
          unknownKeys: reject
          properties:
            id: { type: int64, from: [id, ID, order_id], required: true }
            title: { type: string, required: true }
            city: { type: string, from: ship.address.city, required: true }
            firstTag: { type: string, from: "/tags/0" }
            tags: { type: "set<string>", wrapSingle: true }
            lines: "array<Line>"
            scores: "map<double?>"
            paidAt: date
            code: { type: uint8, strict: true }
            note: any
        Line:
          properties:
            sku: { type: string, required: true }
        Pet:
          discriminator:
            from: kind
            mapping: { dog: Dog, "1": Cat }
          properties:
            name: string
        Dog:
          extends: Pet
          properties:
            barks: bool
        Cat:
          extends: Pet
          properties:
            lives: uint8
        """

    static func input(_ model: String) throws -> JSONValue {
        let registry = try EngineFixture.registry(schema)
        return try #require(InputSchemaExporter(registry: registry).component(for: model) { "#/in/\($0)" })
    }

    @Test func theFirstCandidateIsTypedAndTheOthersOnlyListed() throws {
        let properties = try #require(try Self.input("Order")["properties"])
        #expect(properties["id"]?["type"] == ["number", "string", "boolean", "null"])
        // Read only while `id` is missing or null: whatever they hold is not converted.
        #expect(properties["ID"]?["type"] == nil)
        #expect(properties["order_id"]?["type"] == nil)
        #expect(properties["ID"]?["description"] != nil)
        #expect(properties["order_id"]?["description"] != nil)
    }

    @Test func requiredKeysAreThoseOfRequiredPropertiesWithOneSource() throws {
        let order = try Self.input("Order")
        // `id` has three candidates, any of which will do; `city` is a path, required at each step.
        #expect(order["required"] == ["title", "ship"])
        #expect(order["properties"]?["ship"]?["required"] == ["address"])
        #expect(order["properties"]?["ship"]?["properties"]?["address"]?["required"] == ["city"])
        // An intermediate object has no type: a value of another type reads as missing.
        #expect(order["properties"]?["ship"]?["type"] == nil)
    }

    @Test func aPointerIndexBindsAnArrayPositionAndTheKeyStyleNamesKeys() throws {
        let properties = try #require(try Self.input("Order")["properties"])
        let tags = try #require(properties["tags"])
        guard case .array(let both)? = tags["allOf"] else {
            Issue.record("tags is read by two properties: \(tags.jsonText)")
            return
        }
        #expect(both.count == 2)
        #expect(both[1]["prefixItems"].map { if case .array(let items) = $0 { items.count } else { 0 } } == 1)
        #expect(both[1]["properties"]?["0"] != nil)
        // wrapSingle: an array, or one element alone.
        #expect(both[0]["anyOf"] != nil)
        #expect(properties["paid_at"]?["type"] == ["string", "number", "null"])
    }

    @Test func rejectingUnknownKeysClosesTheObject() throws {
        let order = try Self.input("Order")
        #expect(order["additionalProperties"] == false)
        #expect(try Self.input("Line")["additionalProperties"] == nil)
    }

    @Test func nestedModelsAreReferencedAndTakeTheEmptyArray() throws {
        let lines = try #require(try Self.input("Order")["properties"]?["lines"])
        #expect(lines["type"] == ["array", "null"])
        #expect(lines["items"]?["anyOf"] == [["$ref": "#/in/Line"], ["type": "array", "maxItems": 0]])
    }

    @Test func strictPropertiesTakeTheirNaturalTypeAndNullableElementsTakeNull() throws {
        let properties = try #require(try Self.input("Order")["properties"])
        #expect(properties["code"]?["type"] == ["number", "null"])
        #expect(properties["scores"]?["additionalProperties"]?["type"] == ["number", "string", "null"])
        // `any` takes every value: only its description is there.
        #expect(properties["note"]?["description"] != nil)
        #expect(properties["note"]?["type"] == nil)
    }

    @Test func aDiscriminatorAddsABranchPerTagWithTheTagsLiterals() throws {
        let pet = try Self.input("Pet")
        guard case .array(let branches)? = pet["oneOf"] else {
            Issue.record("no oneOf: \(pet.jsonText)")
            return
        }
        #expect(branches.count == 3)
        // No tag, or null: Pet itself.
        #expect(branches[0]["properties"]?["kind"] == ["type": "null"])
        // Each mapped model's own object, with its tag in it (it reads the tag whatever its `unknownKeys`).
        #expect(branches[1]["properties"]?["barks"] != nil)
        #expect(branches[1]["properties"]?["kind"] == ["enum": ["dog"]])
        #expect(branches[1]["required"] == ["kind"])
        // A tag that spells a number is matched by the number too.
        #expect(branches[2]["properties"]?["kind"] == ["enum": ["1", 1]])
        #expect(pet["discriminator"] == ["propertyName": "kind", "mapping": ["dog": "#/in/Dog", "1": "#/in/Cat"]])
    }

    @Test func anUnknownModelHasNoInput() throws {
        let registry = try EngineFixture.registry(Self.schema)
        #expect(InputSchemaExporter(registry: registry).component(for: "Nope") { $0 } == nil)
    }
}
