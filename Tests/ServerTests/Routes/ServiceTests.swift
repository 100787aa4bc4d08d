@testable import ConvertdHTTP
@testable import convertd
import Foundation
import Logging
import MappingEngine
import Testing

/// The service in-process: each endpoint's answers, status codes and error bodies.
struct ServiceTests {
    let service: Service

    init() throws {
        service = try ServerFixture.service()
    }

    @Test func convertsAnObject() {
        let result = service.exchange("POST", "/convert/Product", body: ServerFixture.productBody, contentType: "application/json")
        #expect(result.status == 200)
        #expect(result.body == ServerFixture.productOutput)
        #expect(result.response.contentType == "application/json")
    }

    @Test func convertsAnArrayWithItemIndicesInErrorPaths() {
        let ok = service.exchange("POST", "/convert/Product", body: "[\(ServerFixture.productBody),\(ServerFixture.productBody)]")
        #expect(ok.status == 200)
        #expect(ok.body == "[\(ServerFixture.productOutput),\(ServerFixture.productOutput)]")
        let bad = service.exchange("POST", "/convert/Product", body: #"[{"id":1,"name":"a"},{"id":"x"}]"#)
        #expect(bad.status == 422)
        #expect(value(json(bad.body), "schema") as? String == "Product")
        let paths = (value(json(bad.body), "errors") as? [[String: Any]])?.compactMap { $0["path"] as? String }
        #expect(paths == ["/1/id", "/1/name"])
    }

    @Test func listsEveryValidationError() {
        let result = service.exchange("POST", "/convert/Product", body: #"{"id":"x","name":"","price":-1,"maker":{}}"#)
        #expect(result.status == 422)
        let errors = value(json(result.body), "errors") as? [[String: Any]] ?? []
        let found = errors.map { "\($0["path"] ?? "") \($0["code"] ?? "")" }
        #expect(found == ["/id invalid_number", "/name too_short", "/price below_minimum", "/maker/name missing"])
    }

    @Test(arguments: [
        ("{\"id\":", "bad_json"),
        ("", "empty_body"),
        ("   ", "empty_body"),
        (String(repeating: "[", count: 300), "too_deep"),
    ])
    func malformedBodiesAre400(body: String, code: String) {
        let result = service.exchange("POST", "/convert/Product", body: body)
        #expect(result.status == 400)
        let error = value(json(result.body), "errors", 0) as? [String: Any]
        #expect(error?["code"] as? String == code)
        #expect(error?["offset"] is Int && error?["line"] is Int && error?["column"] is Int)
    }

    @Test func unknownSchemaIs404() {
        let result = service.exchange("POST", "/convert/Nope", body: "{}")
        #expect(result.status == 404)
        #expect(value(json(result.body), "errors", 0, "code") as? String == "unknown_schema")
        #expect(value(json(result.body), "schema") as? String == "Nope")
        #expect(service.exchange("GET", "/schemas/Nope").status == 404)
        #expect(service.exchange("POST", "/reverse/Nope", body: "{}").status == 404)
    }

    @Test func unknownPathIs404AndWrongMethodIs405WithAllow() {
        let missing = service.exchange("GET", "/nothing")
        #expect(missing.status == 404)
        #expect(value(json(missing.body), "errors", 0, "code") as? String == "not_found")
        let wrong = service.exchange("GET", "/convert/Product")
        #expect(wrong.status == 405)
        #expect(wrong.response.headers.contains { $0.name == "Allow" && $0.value == "POST" })
        #expect(value(json(wrong.body), "errors", 0, "code") as? String == "method_not_allowed")
    }

    @Test(arguments: [
        (nil, 200), ("application/json", 200), ("application/json; charset=utf-8", 200), ("Application/JSON", 200),
        ("application/vnd.api+json", 200), ("application/problem+json", 200), (" \tAPPLICATION/Problem+JSON ;q=1", 200),
        ("application/x-ndjson", 200), ("Application/NDJSON", 200),
        ("application/+json", 415), ("application/a/b+json", 415), ("application/jsonx", 415), ("application/jso", 415),
        ("text/json", 415), ("text/plain", 415), ("application/x-www-form-urlencoded", 415), ("application/xml", 415), ("", 415), ("json", 415),
    ] as [(String?, Int)])
    func contentTypes(contentType: String?, status: Int) {
        let result = service.exchange("POST", "/convert/Product", body: ServerFixture.productBody, contentType: contentType)
        #expect(result.status == status)
        if status == 415 { #expect(value(json(result.body), "errors", 0, "code") as? String == "unsupported_media_type") }
    }

    @Test func queryOptions() {
        let strict = service.exchange("POST", "/convert/Product", body: ServerFixture.productBody, query: [.init(name: "mode", value: "strict")])
        #expect(strict.status == 422)
        let explained = service.exchange("POST", "/convert/Product", body: ServerFixture.productBody, query: [.init(name: "explain", value: nil)])
        #expect(explained.status == 200)
        #expect(value(json(explained.body), "result", "id") as? Int == 42)
        let rules = (value(json(explained.body), "coercions") as? [[String: Any]])?.compactMap { $0["path"] as? String }
        #expect(rules?.contains("/id") == true)
        let pretty = service.exchange("POST", "/convert/Product", body: ServerFixture.productBody, query: [.init(name: "pretty", value: "true")])
        #expect(pretty.body.hasPrefix("{\n  \"id\": 42,"))
        for (name, bad) in [("mode", "loose"), ("explain", "yes"), ("pretty", "2")] {
            let result = service.exchange("POST", "/convert/Product", body: ServerFixture.productBody, query: [.init(name: name, value: bad)])
            #expect(result.status == 400)
            #expect(value(json(result.body), "errors", 0, "code") as? String == "invalid_option")
        }
    }

    @Test func reverseMapsBackToTheUpstreamShape() {
        let result = service.exchange("POST", "/reverse/Product", body: ServerFixture.productOutput)
        #expect(result.status == 200)
        #expect(value(json(result.body), "released_at") as? String == "2024-03-01T00:00:00Z")
        #expect(value(json(result.body), "name") as? String == "Lamp")
        #expect(service.exchange("POST", "/reverse/Product", body: "[1,").status == 400)
        #expect(service.exchange("POST", "/reverse/Product", body: "{}", contentType: "application/x-ndjson").status == 415)
    }

    @Test func schemasListEveryModel() {
        let result = service.exchange("GET", "/schemas")
        #expect(result.status == 200)
        let models = value(json(result.body), "models") as? [[String: Any]] ?? []
        #expect(models.compactMap { $0["name"] as? String } == ["Maker", "Product"])
        #expect(models.last?["file"] as? String == "products.yaml")
        #expect(models.last?["properties"] as? Int == 6)
        #expect((models.last?["version"] as? String)?.count == 16)
        #expect(value(json(result.body), "generation") as? Int == 1, "the first load is generation 1, as at start-up")
    }

    @Test func schemaShowsTheResolvedModelAndItsJSONSchema() {
        let result = service.exchange("GET", "/schemas/Product")
        #expect(result.status == 200)
        #expect(value(json(result.body), "model", "properties", "releasedAt", "from", 0) as? String == "released_at")
        #expect(value(json(result.body), "model", "properties", "name", "from", 1) as? String == "title")
        #expect(value(json(result.body), "jsonSchema", "$schema") as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    @Test func statsCountHitsPerRequestAndOneBuildPerModel() {
        for _ in 0..<3 { _ = service.exchange("POST", "/convert/Product", body: ServerFixture.productBody) }
        _ = service.exchange("GET", "/nothing")
        let stats = json(service.exchange("GET", "/stats").body)
        // Both fixture models (Product, Maker) are compiled once at load; every conversion is a hit.
        #expect(value(stats, "cache", "builds") as? Int == 2)
        #expect(value(stats, "cache", "misses") as? Int == 0)
        #expect(value(stats, "cache", "hits") as? Int == 3)
        #expect(value(stats, "cache", "entries") as? Int == 2)
        #expect(value(stats, "requests", "byStatus", "200") as? Int == 3)
        #expect(value(stats, "requests", "byStatus", "404") as? Int == 1)
        #expect(value(stats, "inFlight") as? Int == 1)
    }

    @Test func readinessTurnsWhenDraining() {
        #expect(service.exchange("GET", "/healthz").status == 200)
        #expect(service.exchange("GET", "/readyz").status == 200)
        service.startDraining()
        let ready = service.exchange("GET", "/readyz")
        #expect(ready.status == 503)
        #expect(value(json(ready.body), "status") as? String == "draining")
        #expect(service.exchange("GET", "/healthz").status == 200)
    }

    @Test func bodyOverTheLimitIs413() throws {
        let small = try ServerFixture.service(limits: .init(maxBodyBytes: 64))
        let body = #"{"id":1,"name":"\#(String(repeating: "x", count: 100))"}"#
        let result = small.exchange("POST", "/convert/Product", body: body, chunkSize: 10)
        #expect(result.status == 413)
        #expect(value(json(result.body), "errors", 0, "code") as? String == "body_too_large")
    }

    @Test func reloadKeepsTheLastGoodRegistry() throws {
        let directory = try ServerFixture.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let service = try ServerFixture.service(directory: directory)
        _ = service.exchange("POST", "/convert/Product", body: ServerFixture.productBody)
        try "Broken: { properties: { x: nosuchtype } }".write(to: directory.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        #expect(service.reload() == false)
        #expect(service.exchange("POST", "/convert/Product", body: ServerFixture.productBody).status == 200)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("broken.yaml"))
        try ServerFixture.products.replacingOccurrences(of: "minLength: 1", with: "minLength: 5")
            .write(to: directory.appendingPathComponent("products.yaml"), atomically: true, encoding: .utf8)
        let before = json(service.exchange("GET", "/schemas").body)
        usleep(5_000)
        #expect(service.reload())
        #expect(service.exchange("POST", "/convert/Product", body: ServerFixture.productBody).status == 422)
        let after = json(service.exchange("GET", "/schemas").body)
        #expect(value(after, "generation") as? Int == 2)
        // Maker did not change and keeps its load time; Product did and has the new registry's.
        #expect(value(after, "models", 0, "loadedAt") as? String == value(before, "models", 0, "loadedAt") as? String)
        #expect(value(after, "models", 1, "loadedAt") as? String == value(after, "loadedAt") as? String)
        #expect(value(after, "models", 1, "loadedAt") as? String != value(before, "models", 1, "loadedAt") as? String)
    }

    @Test func readinessWaitsForTheFirstSchemas() throws {
        let directory = try ServerFixture.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let fresh = Service(schemas: SchemaAdmin(engine: Engine(), directory: directory.path, persist: false), limits: .init(),
                            logger: logger, accessLog: AccessLog(format: .text, level: .critical))
        let loading = fresh.exchange("GET", "/readyz")
        #expect(loading.status == 503)
        #expect(value(json(loading.body), "status") as? String == "loading")
        #expect(fresh.reload())
        #expect(fresh.exchange("GET", "/readyz").status == 200)
    }

    /// Whether a reload was tried and served (true) or refused (false); nil when not tried.
    private static func served(_ outcome: SchemaAdmin.Outcome?) -> Bool? {
        outcome.map { if case .success = $0 { true } else { false } }
    }

    @Test func theWatchTriesABrokenDirectoryOnceUntilItChanges() throws {
        let directory = try ServerFixture.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let admin = SchemaAdmin(engine: Engine(), directory: directory.path, persist: false)
        #expect(Self.served(admin.reloadIfChanged()) == true)
        #expect(admin.reloadIfChanged() == nil)
        let broken = directory.appendingPathComponent("broken.yaml")
        try "Broken: { properties: { x: nosuchtype } }".write(to: broken, atomically: true, encoding: .utf8)
        #expect(Self.served(admin.reloadIfChanged()) == false)
        #expect(admin.reloadIfChanged() == nil)
        try FileManager.default.removeItem(at: broken)
        #expect(admin.reloadIfChanged() == nil)
        try "Fixed: { properties: { x: int8 } }".write(to: broken, atomically: true, encoding: .utf8)
        #expect(Self.served(admin.reloadIfChanged()) == true)
    }

    @Test func theWatchKeepsRuntimeChangesAndRetriesARefusedDirectoryWhenTheyChange() throws {
        let directory = try ServerFixture.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let admin = SchemaAdmin(engine: Engine(), directory: directory.path, persist: false)
        #expect(Self.served(admin.reload()) == true)
        #expect(Self.served(admin.put(model: "Pet", text: "Pet: { properties: { maker: Maker } }", yaml: true)) == true)
        // A runtime change is not a change of the directory, to be undone.
        #expect(admin.reloadIfChanged() == nil)
        // The directory drops Maker, which the runtime Pet uses: refused once.
        try "Product: { properties: { id: int64 } }".write(to: directory.appendingPathComponent("products.yaml"), atomically: true, encoding: .utf8)
        #expect(Self.served(admin.reloadIfChanged()) == false)
        #expect(admin.reloadIfChanged() == nil)
        #expect(admin.engine.registry.names == ["Maker", "Pet", "Product"])
        // Deleting the runtime Pet makes the directory fit: the watch tries it again.
        #expect(Self.served(admin.delete(model: "Pet")) == true)
        #expect(Self.served(admin.reloadIfChanged()) == true)
        #expect(admin.engine.registry.names == ["Product"])
        #expect(admin.engine.registry.models["Product"]?.properties.count == 1)
    }
}
