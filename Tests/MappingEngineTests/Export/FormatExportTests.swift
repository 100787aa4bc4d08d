import Testing
@testable import MappingEngine

/// SPEC §10: each format type's JSON Schema form, input schema, example, reverse and CEL type.
@Suite struct FormatExportTests {
    static let schema = """
        Host:
          properties:
            born: localDate
            opens: time
            timeout: duration
            id: uuid
            contact: email
            v4: ipv4
            v6: ipv6
            any: ip
            net: cidr
            name: hostname
            ids: "set<uuid>"
        """

    @Test func eachFormatHasItsJSONSchemaForm() throws {
        let registry = try EngineFixture.registry(Self.schema)
        let root = try #require(JSONSchemaExporter(registry: registry).schema(for: "Host"))
        let properties = try #require(ReverseAndExportTests.objectSchema(root, in: root)?["properties"])
        #expect(properties["born"] == ["type": "string", "format": "date"])
        #expect(properties["timeout"] == ["type": "string", "format": "duration"])
        #expect(properties["id"] == ["type": "string", "format": "uuid"])
        #expect(properties["contact"] == ["type": "string", "format": "email"])
        #expect(properties["v4"] == ["type": "string", "format": "ipv4"])
        #expect(properties["v6"] == ["type": "string", "format": "ipv6"])
        #expect(properties["any"] == ["type": "string", "anyOf": [["format": "ipv4"], ["format": "ipv6"]]])
        #expect(properties["name"] == ["type": "string", "format": "hostname"])
        #expect(properties["opens"]?["format"] == "time-local" && properties["opens"]?["pattern"] != nil)
        #expect(properties["net"]?["format"] == "cidr" && properties["net"]?["pattern"] != nil)
    }

    @Test func theTimePatternAndTheCIDRPatternMatchWhatConversionWrites() throws {
        let registry = try EngineFixture.registry(Self.schema)
        let root = try #require(JSONSchemaExporter(registry: registry).schema(for: "Host"))
        let properties = try #require(ReverseAndExportTests.objectSchema(root, in: root)?["properties"])
        for (name, written) in [("opens", "09:30:00.25"), ("net", "2001:db8::/32"), ("net", "192.0.2.0/24")] {
            guard case .string(let source)? = properties[name]?["pattern"] else {
                Issue.record("\(name) has no pattern")
                continue
            }
            #expect(try Pattern(source).matches(written), "\(name): \(written)")
        }
    }

    @Test func theExamplePayloadConvertsAndReversesToItself() throws {
        let engine = try EngineFixture.engine(Self.schema)
        let registry = try EngineFixture.registry(Self.schema)
        let example = try #require(ExamplePayload(registry: registry).payload(for: "Host"))
        let result = engine.convert(Array(example.jsonText.utf8), model: "Host", options: ConversionOptions(mode: .strict))
        let output = try #require(EngineFixture.output(result))
        #expect(EngineFixture.canonical(output) == EngineFixture.canonical(example))
        guard case .object(let members) = output else { return }
        #expect(members.count == 11)
    }

    @Test func aDurationIsACELDurationAndTheOtherFormatsAreStrings() throws {
        let schema = """
            Job:
              properties:
                timeout: duration
                host: hostname
              rules:
                - "self.timeout <= duration('2h') && self.host.endsWith('.example.com')"
            """
        let ok = try EngineFixture.convert(#"{"timeout": "90m", "host": "API.example.com"}"#, "Job", schema: schema)
        #expect(EngineFixture.output(ok) == ["timeout": "PT1H30M", "host": "api.example.com"])
        let long = try EngineFixture.convert(#"{"timeout": "PT3H", "host": "api.example.com"}"#, "Job", schema: schema)
        #expect(EngineFixture.failures(long)?.map(\.code) == [.ruleFailed])
    }
}
