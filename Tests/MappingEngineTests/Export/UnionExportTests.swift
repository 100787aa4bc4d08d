import Testing
@testable import MappingEngine

/// SPEC §9: a union is exported as `oneOf` (output and input schemas), `/reverse` picks the
/// branch by the output's JSON type, and the example payload writes the first branch.
@Suite struct UnionExportTests {
    static let schema = """
        Post:
          properties:
            author: { type: "string | Author", required: true }
            id: "int64 | string"
            tags: "array<Tag> | string"
            scores: "map<int64 | string?>"
            when: "date | int64?"
        Author:
          properties:
            name: string
        Tag:
          properties:
            label: string
        """

    static func engine() throws -> Engine { try EngineFixture.engine(schema) }

    @Test func theOutputSchemaIsOneOfTheBranchesWithNullBesideThem() throws {
        let registry = try EngineFixture.registry(Self.schema)
        let root = try #require(JSONSchemaExporter(registry: registry).schema(for: "Post"))
        let properties = try #require(ReverseAndExportTests.objectSchema(root, in: root)?["properties"])
        #expect(properties["author"] == ["oneOf": [["type": "string"], ["$ref": "#/$defs/Author"]]])
        #expect(properties["tags"] == ["oneOf": [["type": "array", "items": ["$ref": "#/$defs/Tag"]], ["type": "string"]]])
        let when = try #require(properties["when"]?["oneOf"])
        #expect(when == [["type": "string", "format": "date-time"],
                         ["type": "integer", "minimum": .number("-9223372036854775808"), "maximum": .number("9223372036854775807")],
                         ["type": "null"]])
        guard case .array(let scores)? = properties["scores"]?["additionalProperties"]?["oneOf"] else {
            Issue.record("scores has no oneOf: \(properties["scores"]?.jsonText ?? "-")")
            return
        }
        #expect(scores.map(\.jsonText) == [#"{"type":"integer","minimum":-9223372036854775808,"maximum":9223372036854775807}"#,
                                            #"{"type":"string"}"#, #"{"type":"null"}"#])
    }

    @Test func theInputSchemaOffersEachBranchOnlyTheJSONTypesItTakes() throws {
        let registry = try EngineFixture.registry(Self.schema)
        let input = try #require(InputSchemaExporter(registry: registry).component(for: "Post") { "#/in/\($0)" })
        let properties = try #require(input["properties"])
        // Lax mode's int64 would take a string alone; in the union a string goes to `string`.
        #expect(properties["id"]?["oneOf"] == [["type": ["number"]], ["type": ["string"]], ["type": "null"]])
        #expect(properties["author"]?["oneOf"] == [["type": ["string"]], ["$ref": "#/in/Author"], ["type": "null"]])
        #expect(properties["when"]?["oneOf"] == [["type": ["string"]], ["type": ["number"]], ["type": "null"]])
    }

    /// (normalized document, the upstream document reverse writes)
    static let reversals: [(String, String)] = [
        (#"{"author":"Ada"}"#, #"{"author":"Ada"}"#),
        (#"{"author":{"name":"Ada"},"id":"x-1","tags":[{"label":"a"}],"when":1442377209}"#,
         #"{"author":{"name":"Ada"},"id":"x-1","tags":[{"label":"a"}],"when":1442377209}"#),
        (#"{"author":"Ada","id":7,"tags":"a","scores":{"a":1,"b":"x","c":null},"when":"2015-09-16T04:20:09Z"}"#,
         #"{"author":"Ada","id":7,"tags":"a","scores":{"a":1,"b":"x","c":null},"when":"2015-09-16T04:20:09Z"}"#),
    ]

    @Test(arguments: reversals)
    func reversePicksTheBranchByTheOutputsJSONTypeAndRoundTrips(_ normalized: String, _ upstream: String) throws {
        let engine = try Self.engine()
        let reversed = try #require(try ReverseAndExportTests.reversed(engine, Array(normalized.utf8), "Post"))
        #expect(reversed.jsonText == (try EngineFixture.json(upstream)).jsonText)
        try ReverseRoundTripTests.expectRoundTrip(.init(model: "Post", origin: .inline(upstream)), engine: engine)
    }

    @Test func reverseRefusesAJSONTypeNoBranchWrites() throws {
        let engine = try Self.engine()
        guard case .failure(let errors) = engine.reverse(Array(#"{"author":true,"scores":{"k":[1]}}"#.utf8), model: "Post") else {
            Issue.record("expected a failure")
            return
        }
        #expect(errors.map(\.path) == ["/author", "/scores/k"])
        #expect(errors.map(\.code) == [.typeMismatch, .typeMismatch])
        #expect(errors.first?.message == "expected string | Author, got boolean")
    }

    @Test func theExampleWritesTheFirstBranchAndConvertsInBothModes() throws {
        let engine = try Self.engine()
        let example = try #require(ExamplePayload(registry: engine.registry).payload(for: "Post"))
        #expect(example["author"] == .string("author"))
        #expect(example["id"]?.typeName == "number")
        #expect(example["tags"]?.typeName == "array")
        #expect(example["when"]?.typeName == "string")
        ExamplePayloadTests.expectEveryExampleConverts(engine, in: "the union schema")
    }
}
