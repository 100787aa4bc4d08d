@testable import ConvertdHTTP
@testable import convertd
import Foundation
import MappingEngine
import Testing

/// `GET /schemas/{Model}/example` in-process: an upstream payload the model converts, 404 for a
/// model that is not served, and the OpenAPI operations that describe it.
struct SchemaExampleRouteTests {
    let service: Service

    init() throws {
        service = try ServerFixture.service()
    }

    @Test func theExampleConvertsInBothModes() throws {
        let example = service.exchange("GET", "/schemas/Product/example")
        #expect(example.status == 200)
        #expect(example.response.contentType == "application/json")
        #expect(example.body == #"{"id":1,"name":"name","price":1,"tags":["tags"],"released_at":"2024-05-17T00:00:00Z","maker":{"name":"name"}}"#)
        for mode in ["lax", "strict"] {
            let converted = service.exchange("POST", "/convert/Product", body: example.body, contentType: "application/json",
                                             query: [.init(name: "mode", value: mode)])
            #expect(converted.status == 200, "\(mode): \(converted.body)")
        }
        #expect(service.exchange("HEAD", "/schemas/Product/example").status == 200)
    }

    @Test func anUnknownModelIs404() {
        let result = service.exchange("GET", "/schemas/Nope/example")
        #expect(result.status == 404)
        #expect(value(json(result.body), "errors", 0, "code") as? String == "unknown_schema")
    }

    @Test func aModelAddedAtRunTimeHasItsExampleAtOnce() throws {
        #expect(service.exchange("GET", "/schemas/Pet/example").status == 404)
        let added = service.schemas.put(model: "Pet", text: "Pet: { properties: { name: { type: string, pattern: '^[A-Z][a-z]+$' } } }", yaml: true)
        #expect((try? added.get()) != nil)
        let example = service.exchange("GET", "/schemas/Pet/example")
        #expect(example.status == 200)
        #expect(example.body == #"{"name":"Aa"}"#)
    }

    @Test(arguments: [
        ("GET", "/schemas/Book/example", Result<Endpoint, ServiceError>.success(.schemaExample("Book"))),
        ("HEAD", "/schemas/reload/example", .success(.schemaExample("reload"))),
        ("POST", "/schemas/Book/example", .failure(.methodNotAllowed(method: "POST", allow: ["GET", "HEAD"]))),
        ("GET", "/schemas/Book/examples", .failure(.notFound(path: "/schemas/Book/examples"))),
        ("GET", "/schemas/Book/example/", .failure(.notFound(path: "/schemas/Book/example/"))),
        ("GET", "/schemas//example", .failure(.notFound(path: "/schemas//example"))),
        ("GET", "/schemas/Book/example/x", .failure(.notFound(path: "/schemas/Book/example/x"))),
        ("GET", "/convert/Book/example", .failure(.notFound(path: "/convert/Book/example"))),
    ])
    func theRouterTakesOnlyTheExamplePath(method: String, path: String, expected: Result<Endpoint, ServiceError>) {
        #expect(Router.route(method: method, path: path) == expected)
    }

    @Test func eachModelHasADocumentedExampleOperation() throws {
        let document = try OpenAPITests.document(service)
        let product = value(document, "paths", "/schemas/Product/example", "get")
        #expect(value(product, "operationId") as? String == "getExampleProduct")
        // The answer is the model's input component: Schemathesis checks the example against it.
        #expect(value(product, "responses", "200", "content", "application/json", "schema", "$ref") as? String
            == "#/components/schemas/Product-Input")
        #expect(value(product, "responses", "404", "$ref") as? String == "#/components/responses/NotFound")
        let templated = value(document, "paths", "/schemas/{schema}/example", "get")
        #expect(value(templated, "operationId") as? String == "getExample")
        #expect(value(templated, "parameters", 0, "$ref") as? String == "#/components/parameters/schema")
    }
}
