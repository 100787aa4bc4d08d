@testable import ConvertdHTTP
@testable import convertd
import Testing

/// The router in-process: every endpoint, unknown paths, wrong methods.
struct RouterTests {
    @Test(arguments: [
        ("POST", "/convert/Book", Endpoint.convert(schema: "Book")),
        ("POST", "/reverse/Book", .reverse(schema: "Book")),
        ("GET", "/schemas", .schemas),
        ("HEAD", "/schemas", .schemas),
        ("GET", "/schemas/Book", .schema("Book")),
        ("GET", "/stats", .stats),
        ("GET", "/healthz", .health),
        ("GET", "/readyz", .ready),
        ("POST", "/infer", .infer),
        ("GET", "/", .playground(.page)),
        ("HEAD", "/", .playground(.page)),
        ("GET", "/playground.css", .playground(.style)),
        ("GET", "/playground.js", .playground(.script)),
    ])
    func routes(method: String, path: String, endpoint: Endpoint) {
        #expect(Router.route(method: method, path: path) == .success(endpoint))
    }

    @Test(arguments: ["/convert", "/convert/", "/convert/Book/extra", "/schemas/", "//schemas", "/nope", "convert/Book", "/stats/x", "", "//", "/convert//Book",
                            "/Convert/Book", "/convertx/Book", "/healthz/", "/infer/", "/infer/User", "/playground.css/", "/playground.html", "/favicon.ico"])
    func unknownPathsAreNotFound(path: String) {
        #expect(Router.route(method: "GET", path: path) == .failure(.notFound(path: path)))
    }

    @Test(arguments: [
        ("GET", "/convert/Book", ["POST"]),
        ("PUT", "/reverse/Book", ["POST"]),
        ("POST", "/schemas", ["GET", "HEAD"]),
        ("DELETE", "/stats", ["GET", "HEAD"]),
        ("POST", "/healthz", ["GET", "HEAD"]),
        ("GET", "/infer", ["POST"]),
        ("POST", "/", ["GET", "HEAD"]),
        ("PUT", "/playground.js", ["GET", "HEAD"]),
    ])
    func wrongMethodsListWhatIsAllowed(method: String, path: String, allow: [String]) {
        #expect(Router.route(method: method, path: path) == .failure(.methodNotAllowed(method: method, allow: allow)))
    }

    /// Every endpoint travels through the transport as an `HTTPRoute` and comes back the same;
    /// two endpoints never share a route.
    @Test func everyEndpointComesBackFromItsRoute() {
        let endpoints: [Endpoint] = [
            .convert(schema: "Book"), .reverse(schema: "Book"), .schemas, .schema("Book"), .schemaExample("Book"),
            .putSchema("Book"), .deleteSchema("Book"), .reloadSchemas, .infer, .stats, .metrics, .health, .ready,
            .playground(.page), .playground(.style), .playground(.script), .openAPI,
        ]
        for endpoint in endpoints {
            #expect(Endpoint(endpoint.route) == endpoint)
        }
        #expect(Set(endpoints.map { "\($0.route.kind) \($0.route.name)" }).count == endpoints.count)
        #expect(Endpoint(HTTPRoute(kind: 255)) == nil)
    }
}
