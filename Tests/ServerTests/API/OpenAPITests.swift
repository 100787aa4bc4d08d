@testable import ConvertdHTTP
@testable import convertd
import Foundation
import MappingEngine
import Testing

/// `GET /openapi.json` in-process: an OpenAPI 3.1 document with a typed operation per model,
/// whose every `$ref` resolves, rebuilt when the registry changes.
@Suite struct OpenAPITests {
    static func document(_ service: Service) throws -> [String: Any] {
        let answer = service.exchange("GET", "/openapi.json")
        #expect(answer.status == 200)
        #expect(answer.response.contentType == "application/json")
        return try #require(json(answer.body) as? [String: Any])
    }

    @Test func everyModelHasItsComponentsAndItsOwnOperations() throws {
        let service = try ServerFixture.service()
        let document = try Self.document(service)
        #expect((document["openapi"] as? String)?.hasPrefix("3.1.") == true)
        #expect(value(document, "info", "version") as? String == service.engine.registry.digest)
        let schemas = try #require(value(document, "components", "schemas") as? [String: Any])
        for model in ["Product", "Maker"] {
            #expect(schemas[model] != nil && schemas["\(model)-Input"] != nil, "\(model)")
            #expect(value(document, "paths", "/convert/\(model)", "post", "operationId") as? String == "convert\(model)")
            #expect(value(document, "paths", "/reverse/\(model)", "post", "operationId") as? String == "reverse\(model)")
        }
        // Nested models are references to their own components, not copies.
        #expect(value(schemas, "Product", "properties", "maker", "$ref") as? String == "#/components/schemas/Maker")
        #expect(value(schemas, "Product-Input", "properties", "maker", "anyOf", 0, "$ref") as? String == "#/components/schemas/Maker-Input")
        let convert = value(document, "paths", "/convert/Product", "post")
        #expect(value(convert, "requestBody", "content", "application/json", "schema", "anyOf", 0, "$ref") as? String
            == "#/components/schemas/Product-Input")
        // One object or many, each the model's output or its output under a profile (`Product.js`).
        #expect(value(convert, "responses", "200", "content", "application/json", "schema", "anyOf", 0, "anyOf", 0, "anyOf", 0, "$ref") as? String
            == "#/components/schemas/Product")
        #expect(value(convert, "responses", "422", "content", "application/json", "schema", "$ref") as? String
            == "#/components/schemas/convertd-ValidationFailure")
    }

    @Test func everyRouteIsDocumentedAndEveryReferenceResolves() throws {
        let document = try Self.document(try ServerFixture.service())
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        for (path, method) in [("/convert/{schema}", "post"), ("/reverse/{schema}", "post"), ("/schemas", "get"),
                               ("/schemas/{schema}", "get"), ("/schemas/{schema}", "put"), ("/schemas/{schema}", "delete"),
                               ("/schemas/{schema}/example", "get"),
                               ("/schemas/reload", "post"), ("/infer", "post"), ("/stats", "get"), ("/metrics", "get"),
                               ("/healthz", "get"), ("/readyz", "get"), ("/openapi.json", "get"), ("/", "get")] {
            #expect(paths[path]?[method] != nil, "\(method) \(path)")
            // Every route the document names is one the router serves.
            let concrete = path.replacingOccurrences(of: "{schema}", with: "Product")
            #expect((try? Router.route(method: method.uppercased(), path: concrete).get()) != nil, "\(method) \(path)")
        }
        for admin in [value(paths, "/schemas/{schema}", "put"), value(paths, "/schemas/{schema}", "delete"), value(paths, "/schemas/reload", "post")] {
            #expect(value(admin, "security", 0, "adminToken") != nil)
            #expect(value(admin, "responses", "401") != nil && value(admin, "responses", "403") != nil)
        }
        var references: [String] = []
        Self.collectReferences(document, into: &references)
        #expect(references.count > 100)
        for reference in Set(references) {
            let steps = reference.dropFirst(2).split(separator: "/").map(String.init)
            #expect(reference.hasPrefix("#/") && Self.resolve(steps, in: document) != nil, "\(reference) does not resolve")
        }
        let ids = paths.values.flatMap { $0.values.compactMap { value($0, "operationId") as? String } }
        #expect(Set(ids).count == ids.count)
    }

    @Test func aChangedRegistryGetsANewDocumentAndAnUnchangedOneTheSame() throws {
        let service = try ServerFixture.service()
        let first = service.exchange("GET", "/openapi.json").body
        #expect(service.exchange("GET", "/openapi.json").body == first)
        let added = service.schemas.put(model: "Pet", text: "Pet: { properties: { name: string } }", yaml: true)
        #expect((try? added.get()) != nil)
        let second = try Self.document(service)
        #expect(value(second, "components", "schemas", "Pet-Input", "properties", "name") != nil)
        #expect(value(second, "paths", "/convert/Pet", "post") != nil)
        #expect(value(second, "info", "version") as? String == service.engine.registry.digest)
        #expect((try? service.schemas.delete(model: "Pet").get()) != nil)
        #expect(service.exchange("GET", "/openapi.json").body == first)
    }

    /// Every `$ref` value in the document.
    static func collectReferences(_ node: Any, into references: inout [String]) {
        if let object = node as? [String: Any] {
            if let reference = object["$ref"] as? String { references.append(reference) }
            object.values.forEach { collectReferences($0, into: &references) }
        } else if let array = node as? [Any] {
            array.forEach { collectReferences($0, into: &references) }
        }
    }

    /// The node a JSON Pointer's unescaped steps reach.
    static func resolve(_ steps: [String], in document: Any) -> Any? {
        steps.reduce(Optional(document)) { node, step in
            (node as? [String: Any])?[step.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")]
        }
    }
}
