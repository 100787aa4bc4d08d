import Testing
@testable import MappingEngine

/// SPEC §9 in `convertd infer`: a name/value list is read as a map with `pairs`; a list of
/// objects with a distinct id-like key gets a `keyBy` suggestion. Each only where every sample
/// shows it, and the schema still converts every sample.
@Suite struct InferenceReshapingTests {
    static let nameValue = #"{"id": 1, "attributes": [{"name": "color", "value": "red"}, {"name": "size", "value": 42}]}"#

    @Test func nameValueListBecomesPairs() throws {
        let registry = try InferenceFixture.registry([Self.nameValue])
        let property = try #require(registry.models["M"]?.properties.first { $0.name == "attributes" })
        #expect(property.type == TypeRef(.map(TypeRef(.string))))
        #expect(property.pairs == PairsDefinition(key: .key("name"), value: .key("value")))
        let engine = try Engine(registry: registry)
        guard case .success(let bytes, _, _) = engine.convert(Array(Self.nameValue.utf8), model: "M") else {
            Testing.Issue.record("the sample does not convert")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"id":1,"attributes":{"color":"red","size":"42"}}"#)
    }

    @Test func repeatedNamesAreNoMap() throws {
        // One sample repeats a name: the list stays a list.
        let repeated = #"{"attributes": [{"name": "tag", "value": "a"}, {"name": "tag", "value": "b"}]}"#
        let registry = try InferenceFixture.registry([Self.nameValue, repeated])
        let property = try #require(registry.models["M"]?.properties.first { $0.name == "attributes" })
        #expect(property.pairs == nil)
        #expect(property.type.description.hasPrefix("array<"))
    }

    @Test func distinctIdsSuggestKeyBy() throws {
        let text = try InferenceFixture.schema([#"{"items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}]}"#])
        #expect(text.contains("keyBy: sku"), "\(text)")
        // Only a suggestion: the list stays an array.
        let registry = try InferenceFixture.load(text)
        #expect(registry.models["M"]?.properties.first?.type.description == "array<MItems>")
    }

    @Test func repeatedIdsSuggestNothing() throws {
        let text = try InferenceFixture.schema([#"{"items": [{"sku": "a1", "qty": 1}, {"sku": "a1", "qty": 2}]}"#])
        #expect(!text.contains("keyBy"), "\(text)")
    }
}
