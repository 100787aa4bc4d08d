@testable import ConvertdHTTP
@testable import convertd
import Foundation
import Logging
import MappingEngine
import Testing

/// The moment between binding the port and serving the first registry, as a replica that a
/// gateway already sends traffic to lives through it on every restart: requests that need a model
/// are told to go elsewhere (503), not that the model does not exist (404).
struct SchemaLoadingTests {
    /// A service over `directory` whose schemas are not loaded yet.
    private func loadingService(_ directory: FixtureDirectory) -> Service {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return Service(schemas: SchemaAdmin(engine: Engine(), directory: directory.url.path, persist: false),
                       limits: .init(), logger: logger, accessLog: AccessLog(format: .text, level: .critical))
    }

    @Test(arguments: [("POST", "/convert/Product"), ("POST", "/reverse/Product"), ("GET", "/schemas/Product"), ("POST", "/convert/Nope")])
    func aRequestForAModelBeforeTheSchemasLoadIs503(_ method: String, _ path: String) throws {
        let fixture = try FixtureDirectory()
        defer { withExtendedLifetime(fixture) {} }  // the directory goes with it
        let service = loadingService(fixture)
        let answer = service.exchange(method, path, body: method == "POST" ? ServerFixture.productBody : "", contentType: "application/json")
        #expect(answer.status == 503)
        #expect(answer.response.headers.contains { $0.name == "Retry-After" && $0.value == "1" })
        #expect(value(json(answer.body), "errors", 0, "code") as? String == "unavailable")
    }

    @Test func theProbesTellLoadingFromLiveAndTheModelsServeOnceLoaded() throws {
        let fixture = try FixtureDirectory()
        defer { withExtendedLifetime(fixture) {} }  // the directory goes with it
        let service = loadingService(fixture)
        #expect(service.exchange("GET", "/healthz").status == 200)
        #expect(service.exchange("GET", "/readyz").status == 503)
        #expect(service.reload())
        #expect(service.exchange("GET", "/readyz").status == 200)
        let converted = service.exchange("POST", "/convert/Product", body: ServerFixture.productBody, contentType: "application/json")
        #expect(converted.status == 200)
        #expect(converted.body == ServerFixture.productOutput)
        #expect(service.exchange("POST", "/convert/Nope", body: "{}", contentType: "application/json").status == 404)
    }
}
