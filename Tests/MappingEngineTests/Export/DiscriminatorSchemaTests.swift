import Testing
@testable import MappingEngine

/// A discriminated model's JSON Schema is as tight as its output (issue 23, fifth bug): a
/// mapped model's tag property holds only its tags, the fallback's only the others, the
/// declarer's none; the input schema takes each tag only with its model. Both are `oneOf`
/// with OpenAPI's `discriminator` object where the tag tells the variants apart.
@Suite struct DiscriminatorSchemaTests {
    static let schema = """
        S:
          discriminator: { from: kind, mapping: { c: C, circle: C, r: R }, fallback: F }
          properties: { kind: string, label: string }
        C:
          extends: S
          unknownKeys: reject
          properties: { radius: double }
        R:
          extends: S
          properties: { w: double }
        F:
          extends: S
        Untagged:
          discriminator: { from: kind, mapping: { c: Circle } }
          properties: { label: string }
        Circle:
          properties: { radius: double }
        External:
          discriminator: { style: external, mapping: { circle: Circle }, caseInsensitive: true }
          properties: { label: string }
        Adjacent:
          discriminator: { style: adjacent, from: type, content: data, mapping: { circle: Circle } }
          properties: { label: string }
        """

    private func output(_ name: String) throws -> JSONValue {
        let registry = try EngineFixture.registry(Self.schema)
        let schema = try #require(JSONSchemaExporter(registry: registry).schema(for: name))
        return try #require(schema["$defs"]?[name])
    }

    private func input(_ name: String) throws -> JSONValue {
        let registry = try EngineFixture.registry(Self.schema)
        return try #require(InputSchemaExporter(registry: registry).component(for: name) { "#/components/schemas/\($0)-Input" })
    }

    @Test func eachOutputVariantHoldsOnlyItsTags() throws {
        let schema = try output("S")
        let variants = try #require(schema["oneOf"]?.elements)
        #expect(variants.count == 4)
        #expect(variants[0]["allOf"]?[1] == ["properties": ["kind": false]])
        #expect(variants[1]["allOf"]?[0] == ["$ref": "#/$defs/C"])
        #expect(variants[1]["allOf"]?[1] == ["properties": ["kind": ["enum": ["c", "circle"]]], "required": ["kind"]])
        #expect(variants[2]["allOf"]?[1] == ["properties": ["kind": ["enum": ["r"]]], "required": ["kind"]])
        #expect(variants[3]["allOf"]?[1] == ["properties": ["kind": ["type": "string", "not": ["enum": ["c", "circle", "r"]]]], "required": ["kind"]])
        #expect(schema["discriminator"] == ["propertyName": "kind", "mapping": ["c": "#/$defs/C", "circle": "#/$defs/C", "r": "#/$defs/R"]])
    }

    @Test func anOutputWithoutItsTagStaysAnyOf() throws {
        let schema = try output("Untagged")
        #expect(schema["oneOf"] == nil)
        #expect(schema["anyOf"]?.elements?.count == 2)
        // An external tag never keeps the declarer: only the mapped models are written.
        #expect(try output("External")["anyOf"] == [["$ref": "#/$defs/Circle"]])
    }

    @Test func theInputTakesEachTagOnlyWithItsModel() throws {
        let schema = try input("S")
        let variants = try #require(schema["oneOf"]?.elements)
        #expect(variants.count == 4)
        // S reads `kind` into a property too: the tag's schema comes second, after the property's.
        #expect(variants[0]["properties"]?["kind"]?["allOf"]?[1] == ["type": "null"])
        // The mapped model rejects unknown keys, yet reads its tag: the tag is in its own object.
        #expect(variants[1]["properties"]?["kind"]?["allOf"]?[1] == ["enum": ["c", "circle"]])
        #expect(variants[1]["required"]?.elements?.contains("kind") == true)
        #expect(variants[1]["additionalProperties"] == false)
        #expect(variants[3]["properties"]?["kind"]?["allOf"]?[1] == ["not": ["anyOf": [["type": "null"], ["enum": ["c", "circle", "r"]]]]])
        #expect(schema["discriminator"]?["propertyName"] == "kind")
    }

    @Test func externalAndAdjacentInputsWrapTheContent() throws {
        let external = try #require(try input("External")["oneOf"]?[0])
        #expect(external["maxProperties"] == 1)
        #expect(external["propertyNames"] == ["type": "string", "pattern": "^(?:[cC][iI][rR][cC][lL][eE])$"])
        #expect(external["additionalProperties"] == ["$ref": "#/components/schemas/Circle-Input"])
        let adjacent = try #require(try input("Adjacent")["oneOf"]?.elements)
        #expect(adjacent[1]["properties"]?["type"] == ["enum": ["circle"]])
        #expect(adjacent[1]["properties"]?["data"] == ["$ref": "#/components/schemas/Circle-Input"])
        #expect(adjacent[1]["required"] == ["type", "data"])
    }
}

extension JSONValue {
    /// The elements of an array; nil for anything else.
    fileprivate var elements: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The element at `index` of an array; nil for anything else or out of range.
    fileprivate subscript(index: Int) -> JSONValue? {
        guard let items = elements, items.indices.contains(index) else { return nil }
        return items[index]
    }
}
