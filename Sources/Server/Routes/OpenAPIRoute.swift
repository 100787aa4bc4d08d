import MappingEngine

/// `GET /openapi.json`: the service's OpenAPI 3.1 document, built the first time it is asked
/// for after the registry changed and kept until it changes again.
final class OpenAPIRoute: Sendable {
    let engine: Engine
    // The lock guards the last document written and the digest of the registry it describes.
    private let cached = Guarded<(digest: String, body: [UInt8])?>(nil)

    init(engine: Engine) {
        self.engine = engine
    }

    /// The document of the registry served now.
    func document() -> HTTPResponse {
        // The key is the registry's digest (every model's name and version), read with the
        // registry itself: the generation counter is read apart from it and could already
        // belong to the next registry, which would file this document under the wrong one.
        let registry = engine.registry
        if let hit = cached.withLock({ $0 }), hit.digest == registry.digest {
            return HTTPResponse(status: 200, body: .bytes(hit.body))
        }
        // Built outside the lock; two requests that miss together both build, and either
        // result is the same document.
        let body = ServiceAPI.document(for: registry).json.jsonBytes
        cached.withLock { $0 = (registry.digest, body) }
        return HTTPResponse(status: 200, body: .bytes(body))
    }
}
