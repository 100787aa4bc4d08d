/// An endpoint of the service, with the schema it names.
enum Endpoint: Equatable, Sendable {
    case convert(schema: String)
    case reverse(schema: String)
    case schemas
    case schema(String)
    /// `GET /schemas/{Model}/example`: an upstream payload the model converts.
    case schemaExample(String)
    /// `PUT /schemas/{Model}` (admin).
    case putSchema(String)
    /// `DELETE /schemas/{Model}` (admin).
    case deleteSchema(String)
    /// `POST /schemas/reload` (admin).
    case reloadSchemas
    /// `GET /schemas/{Model}/versions`: the model's versions with digest, time and state.
    case schemaVersions(String)
    /// `PATCH /schemas/{Model}@{N}` (admin): a version's state and sunset.
    case versionState(String)
    /// `POST /schemas/{Model}/compatibility` (admin): the compatibility dry run of a schema file.
    case schemaCompatibility(String)
    /// `GET /schemas/{Model}/drift`: what live traffic sent that the model did not expect.
    case schemaDrift(String)
    /// `POST /infer?model=NAME`: a schema file inferred from the body's samples.
    case infer
    case stats
    /// `GET /metrics`: the counters in the Prometheus text format.
    case metrics
    case health
    case ready
    /// `GET /`, `/playground.css`, `/playground.js`: the playground page and its files.
    case playground(PlaygroundRoute.Asset)
    /// `GET /openapi.json`: the service's OpenAPI 3.1 document.
    case openAPI
    /// `GET /profiles`: the output profiles a request may pick with `?profile=NAME`.
    case profiles

    /// The schema the request is about, for the request log.
    var schemaName: String? {
        switch self {
        case .convert(let name), .reverse(let name), .schema(let name), .schemaExample(let name), .putSchema(let name), .deleteSchema(let name),
             .schemaVersions(let name), .versionState(let name), .schemaCompatibility(let name), .schemaDrift(let name): name
        case .schemas, .reloadSchemas, .infer, .stats, .metrics, .health, .ready, .playground, .openAPI, .profiles: nil
        }
    }

    /// Whether the endpoint is a liveness or readiness probe.
    var isProbe: Bool { self == .health || self == .ready }

    /// Whether the endpoint changes the schemas, which needs the admin token.
    var isAdmin: Bool {
        switch self {
        case .putSchema, .deleteSchema, .reloadSchemas, .versionState, .schemaCompatibility: true
        default: false
        }
    }

    /// Whether the endpoint reads a request body.
    var takesBody: Bool {
        switch self {
        case .convert, .reverse, .putSchema, .infer, .versionState, .schemaCompatibility: true
        case .schemas, .schema, .schemaExample, .deleteSchema, .reloadSchemas, .stats, .metrics, .health, .ready, .playground, .openAPI,
             .profiles, .schemaVersions, .schemaDrift: false
        }
    }
}

/// Maps a method and a path to an endpoint: a pure function, tested in-process.
enum Router {
    private static let reading = ["GET", "HEAD"]
    private static let writing = ["POST"]

    /// The endpoint, or 404 for an unknown path and 405 (with the allowed methods) for a known
    /// path asked with the wrong method.
    static func route(method: String, path: String) -> Result<Endpoint, ServiceError> {
        guard let (first, name, detail) = segments(of: path) else { return .failure(.notFound(path: path)) }
        let match: (endpoint: Endpoint, allow: [String])
        switch (first, name, detail) {
        case ("convert", let name?, nil): match = (.convert(schema: name), writing)
        case ("reverse", let name?, nil): match = (.reverse(schema: name), writing)
        case ("schemas", nil, nil): match = (.schemas, reading)
        case ("schemas", let name?, nil): match = Router.schema(name, method: method)
        case ("schemas", let name?, "example"?): match = (.schemaExample(name), reading)
        case ("schemas", let name?, "versions"?): match = (.schemaVersions(name), reading)
        case ("schemas", let name?, "drift"?): match = (.schemaDrift(name), reading)
        case ("schemas", let name?, "compatibility"?): match = (.schemaCompatibility(name), writing)
        case ("infer", nil, nil): match = (.infer, writing)
        case ("stats", nil, nil): match = (.stats, reading)
        case ("metrics", nil, nil): match = (.metrics, reading)
        case ("healthz", nil, nil): match = (.health, reading)
        case ("readyz", nil, nil): match = (.ready, reading)
        case ("", nil, nil): match = (.playground(.page), reading)
        case ("playground.css", nil, nil): match = (.playground(.style), reading)
        case ("playground.js", nil, nil): match = (.playground(.script), reading)
        case ("openapi.json", nil, nil): match = (.openAPI, reading)
        case ("profiles", nil, nil): match = (.profiles, reading)
        default: return .failure(.notFound(path: path))
        }
        guard match.allow.contains(method) else { return .failure(.methodNotAllowed(method: method, allow: match.allow)) }
        return .success(match.endpoint)
    }

    /// `/schemas/{name}`: read, replaced, deleted; `POST /schemas/reload` reloads (a model may
    /// still be named `reload`: the method tells them apart).
    private static func schema(_ name: String, method: String) -> (endpoint: Endpoint, allow: [String]) {
        // A version (`Book@2`) is read, or its state set; it is never replaced or deleted alone.
        if name.contains("@") {
            return (method == "PATCH" ? .versionState(name) : .schema(name), reading + ["PATCH"])
        }
        let allow = reading + ["PUT", "DELETE"] + (name == "reload" ? writing : [])
        switch method {
        case "PUT": return (.putSchema(name), allow)
        case "DELETE": return (.deleteSchema(name), allow)
        case "POST" where name == "reload": return (.reloadSchemas, allow)
        default: return (.schema(name), allow)
        }
    }

    /// `/first`, `/first/second` or `/first/second/third`, each non-empty, or `/` as an empty
    /// first; nil for any other shape. Reads the path's bytes once: this runs on every request.
    private static func segments(of path: String) -> (first: String, second: String?, third: String?)? {
        var path = path
        return path.withUTF8 { bytes in
            let slash = UInt8(ascii: "/")
            guard bytes.first == slash else { return nil }
            let rest = bytes[1...]
            guard let middle = rest.firstIndex(of: slash) else {
                return (String(decoding: rest, as: UTF8.self), nil, nil)
            }
            let tail = bytes[(middle + 1)...]
            guard middle > 1, !tail.isEmpty else { return nil }
            let first = String(decoding: bytes[1..<middle], as: UTF8.self)
            guard let last = tail.firstIndex(of: slash) else {
                return (first, String(decoding: tail, as: UTF8.self), nil)
            }
            let third = bytes[(last + 1)...]
            guard last > middle + 1, !third.isEmpty, !third.contains(slash) else { return nil }
            return (first, String(decoding: bytes[(middle + 1)..<last], as: UTF8.self), String(decoding: third, as: UTF8.self))
        }
    }
}
