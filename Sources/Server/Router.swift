/// An endpoint of the service, with the schema it names.
enum Endpoint: Equatable, Sendable {
    case convert(schema: String)
    case reverse(schema: String)
    case schemas
    case schema(String)
    case stats
    case health
    case ready

    /// The schema the request is about, for the request log.
    var schemaName: String? {
        switch self {
        case .convert(let name), .reverse(let name), .schema(let name): name
        case .schemas, .stats, .health, .ready: nil
        }
    }

    /// Whether the endpoint reads a request body.
    var takesBody: Bool {
        switch self {
        case .convert, .reverse: true
        case .schemas, .schema, .stats, .health, .ready: false
        }
    }
}

/// Maps a method and a path to an endpoint: a pure function, tested in-process.
enum Router {
    private static let reading = ["GET", "HEAD"]
    private static let writing = ["POST"]

    /// The endpoint, or 404 for an unknown path and 405 (with the allowed methods) for a known
    /// path asked with the wrong method.
    static func route(method: String, path: String) -> Result<Endpoint, HTTPError> {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard path.hasPrefix("/"), !segments.contains(where: \.isEmpty) else { return .failure(.notFound(path: path)) }
        let name = String(segments.last ?? "")
        let match: (endpoint: Endpoint, allow: [String])
        switch (segments.count, segments.first) {
        case (2, "convert"): match = (.convert(schema: name), writing)
        case (2, "reverse"): match = (.reverse(schema: name), writing)
        case (1, "schemas"): match = (.schemas, reading)
        case (2, "schemas"): match = (.schema(name), reading)
        case (1, "stats"): match = (.stats, reading)
        case (1, "healthz"): match = (.health, reading)
        case (1, "readyz"): match = (.ready, reading)
        default: return .failure(.notFound(path: path))
        }
        guard match.allow.contains(method) else { return .failure(.methodNotAllowed(method: method, allow: match.allow)) }
        return .success(match.endpoint)
    }
}
