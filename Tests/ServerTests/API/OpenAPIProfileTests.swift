@testable import ConvertdHTTP
@testable import convertd
import Foundation
import MappingEngine
import Testing

/// Output profiles in `GET /openapi.json` (SPEC §10): the `profile` option with the registry's
/// profiles as its choices, each profile's output as `{Model}.{profile}`, a profile's own
/// document, and both kept per registry like the plain one.
@Suite struct OpenAPIProfileTests {
    static func document(_ service: Service, profile: String? = nil) throws -> [String: Any] {
        let answer = service.exchange("GET", "/openapi.json", query: profile.map { [RequestHead.QueryItem(name: "profile", value: $0)] } ?? [])
        #expect(answer.status == 200)
        return try #require(json(answer.body) as? [String: Any])
    }

    /// The shared buffer an answer sends, when it sends one.
    static func sharedBody(_ service: Service, profile: String?) -> SharedBytes? {
        let answer = service.exchange("GET", "/openapi.json", query: profile.map { [RequestHead.QueryItem(name: "profile", value: $0)] } ?? [])
        guard case .shared(let bytes) = answer.response.body else { return nil }
        return bytes
    }

    @Test func theProfileOptionIsDeclaredWithTheRegistrysProfilesAsItsChoices() throws {
        let document = try Self.document(try ServerFixture.service())
        #expect(value(document, "components", "parameters", "profile", "in") as? String == "query")
        #expect(value(document, "components", "parameters", "profile", "schema", "enum") as? [String] == ["js"])
        for (path, method) in [("/convert/Product", "post"), ("/reverse/Product", "post"), ("/convert/{schema}", "post"),
                               ("/reverse/{schema}", "post"), ("/schemas/{schema}", "get"), ("/openapi.json", "get")] {
            let parameters = value(document, "paths", path, method, "parameters") as? [[String: Any]] ?? []
            #expect(parameters.contains { $0["$ref"] as? String == "#/components/parameters/profile" }, "\(method) \(path)")
        }
    }

    /// Without `?profile=` a conversion answers `{Model}`; with one, `{Model}.{profile}`, whose
    /// nested models are that profile's too.
    @Test func eachProfilesOutputIsAComponentAConversionMayAnswer() throws {
        let document = try Self.document(try ServerFixture.service())
        let schemas = try #require(value(document, "components", "schemas") as? [String: Any])
        #expect(value(schemas, "Product", "properties", "id", "type") as? String == "integer")
        #expect(value(schemas, "Product.js", "properties", "id", "type") as? String == "string")
        #expect(value(schemas, "Product.js", "properties", "id", "format") as? String == "int64")
        #expect(value(schemas, "Product.js", "properties", "maker", "$ref") as? String == "#/components/schemas/Maker.js")
        let forms = value(document, "paths", "/convert/Product", "post", "responses", "200", "content", "application/json", "schema",
                          "anyOf", 0, "anyOf", 0, "anyOf") as? [[String: Any]]
        #expect(forms?.compactMap { $0["$ref"] as? String } == ["#/components/schemas/Product", "#/components/schemas/Product.js"])
    }

    @Test func aProfilesDocumentDescribesThatProfilesOutputOnly() throws {
        let document = try Self.document(try ServerFixture.service(), profile: "js")
        let schemas = try #require(value(document, "components", "schemas") as? [String: Any])
        #expect(value(schemas, "Product", "properties", "id", "format") as? String == "int64")
        #expect(schemas["Product.js"] == nil)
        #expect(value(document, "components", "parameters", "profile", "schema", "enum") as? [String] == ["js"])
        #expect(value(document, "paths", "/convert/Product", "post", "responses", "200", "content", "application/json", "schema",
                      "anyOf", 0, "anyOf", 0, "$ref") as? String == "#/components/schemas/Product")
    }

    @Test func aProfilesDocumentIsBuiltOncePerRegistryAndAnUnknownOneIsRefused() throws {
        let service = try ServerFixture.service()
        let first = try #require(Self.sharedBody(service, profile: "js"))
        #expect(Self.sharedBody(service, profile: "js") === first)
        let plain = try #require(Self.sharedBody(service, profile: nil))
        #expect(plain !== first)
        #expect(Self.sharedBody(service, profile: nil) === plain)
        #expect(Self.sharedBody(service, profile: "js") === first)
        let unknown = service.exchange("GET", "/openapi.json", query: [RequestHead.QueryItem(name: "profile", value: "mobil")])
        #expect(unknown.status == 400 && unknown.body.contains("unknown_profile"))
    }
}
