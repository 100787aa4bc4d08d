import Foundation
import Testing
@testable import MappingEngine

/// Exports and the reverse under output options: the JSON Schema says what a profile writes,
/// and `/reverse` reads back every form a profile writes (and number strings under any).
@Suite struct OutputProfileExportTests {
    static let schema = OutputProfileTests.schema

    static func reversed(_ engine: Engine, _ json: String, profile: String?) -> String {
        let options = (try? engine.registry.outputOptions(profile: profile)) ?? OutputOptions()
        switch engine.reverse(Array(json.utf8), model: "Order", profile: options) {
        case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .failure(let errors): return errors.map { "\($0.code.rawValue)@\($0.path)" }.joined(separator: " ")
        default: return "not reversed"
        }
    }

    @Test(arguments: [nil, "js", "mobile", "web"])
    func eachProfilesOutputReversesToTheSameUpstreamShape(profile: String?) throws {
        let engine = try EngineFixture.engine(Self.schema)
        let written = try OutputProfileTests.convert(engine, OutputProfileTests.input, "Order", profile: profile)
        let plain = try OutputProfileTests.convert(engine, OutputProfileTests.input, "Order", profile: nil)
        // `web` writes whole seconds (IMF-fixdate): its dates come back without their fraction.
        let expected = Self.reversed(engine, plain, profile: nil)
        let got = Self.reversed(engine, written, profile: profile)
        if profile == "web" {
            #expect(got.contains(#""placed_at":"2024-07-01T07:30:00Z""#), "\(got)")
        } else if profile == "mobile" {
            // `nulls: omit` left out the optional `note`: absent upstream is what it reads back as.
            #expect(got == expected.replacingOccurrences(of: #","note":null"#, with: ""), "\(got)")
        } else {
            #expect(got == expected, "\(got)")
        }
    }

    /// A nullable property with a default that `nulls: omit` left out was null (missing, it
    /// would have been its default): the reverse says null, so converting the reversed document
    /// again writes what the first conversion wrote, not the default.
    @Test func anOmittedNullWithADefaultReversesToNull() throws {
        let engine = try EngineFixture.engine("""
            $profiles:
              lean: { nulls: omit }
            Order:
              properties:
                id: int64
                note: { type: "string?", default: "none" }
                memo: "string?"
            """)
        let written = try OutputProfileTests.convert(engine, #"{"id":1,"note":null,"memo":null}"#, "Order", profile: "lean")
        #expect(written == #"{"id":1}"#)
        let reversed = Self.reversed(engine, written, profile: "lean")
        // `memo` may have been missing or null: left out either way.
        #expect(reversed == #"{"id":1,"note":null}"#)
        #expect(try OutputProfileTests.convert(engine, reversed, "Order", profile: "lean") == written)
    }

    @Test func numberStringsAreReadBackUnderAnyProfile() throws {
        let engine = try EngineFixture.engine(Self.schema)
        let got = Self.reversed(engine, #"{"order_id":"18446744073709551615","total":"1.5","placed_at":"2024-01-01T00:00:00Z","big":"-1","small":1,"paid_at":0,"tags":["3"]}"#, profile: nil)
        #expect(got.contains(#""order_id":18446744073709551615"#) && got.contains(#""big":-1"#) && got.contains(#""tags":[3]"#), "\(got)")
    }

    @Test func theJSONSchemaOfAProfileSaysWhatItWrites() throws {
        let registry = try EngineFixture.engine(Self.schema).registry
        let schema = try #require(JSONSchemaExporter(registry: registry, profile: OutputProfile.js.options).schema(for: "Order"))
        let properties = schema["properties"]
        #expect(properties?["order_id"] == (try EngineFixture.json(#"{"type":"string","format":"uint64"}"#)))
        #expect(properties?["big"] == (try EngineFixture.json(#"{"type":"string","format":"int64"}"#)))
        #expect(properties?["tags"]?["items"] == (try EngineFixture.json(#"{"type":"string","format":"int64"}"#)))
        #expect(properties?["small"]?["type"] == .string("integer"))
        #expect(properties?["paid_at"]?["type"] == .string("number"))
        let mobile = try #require(registry.profiles["mobile"])
        let camel = try #require(JSONSchemaExporter(registry: registry, profile: mobile.options).schema(for: "Order"))
        #expect(camel["properties"]?["placedAt"]?["type"] == .string("number"))
        #expect(camel["properties"]?["note"]?["type"] == (try EngineFixture.json(#"["string","null"]"#)))
        let plain = try #require(JSONSchemaExporter(registry: registry).schema(for: "Order"))
        #expect(plain["properties"]?["order_id"]?["type"] == .string("integer"))
        #expect(plain["properties"]?["total"] == (try EngineFixture.json(#"{"type":"string","format":"decimal"}"#)))
    }
}
