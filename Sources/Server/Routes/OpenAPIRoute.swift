import ConvertdHTTP
import Foundation
import MappingEngine
import Primitives

/// `GET /openapi.json`: the service's OpenAPI 3.1 document, built once per registry and sent
/// from one shared buffer.
///
/// The first request after the registry changed builds the document; requests arriving while it
/// builds wait for it rather than build their own (single flight), and every response hands
/// libmicrohttpd the same immutable bytes to read in place. Concurrent fetches of a document of
/// tens of megabytes cost no extra build and no copy each.
final class OpenAPIRoute: Sendable {
    let engine: Engine
    // The lock guards the last document built and the digest of the registry it describes.
    private let cached = Guarded<(digest: String, body: SharedBytes)?>(nil)
    // Held by the one request that builds, for the whole build: it is the flight the others wait
    // on. `cached`'s lock is never held while building.
    private let building = NSLock()

    init(engine: Engine) {
        self.engine = engine
    }

    /// The document of the registry served now.
    func document() -> HTTPResponse {
        // The key is the registry's digest (every model's name and version), read with the
        // registry itself: the generation counter is read apart from it and could already
        // belong to the next registry, which would file this document under the wrong one.
        if let body = built(for: engine.registry.digest) { return OpenAPIRoute.response(body) }
        building.lock()
        defer { building.unlock() }
        // Read again: the registry may have changed while this request waited, and the build it
        // waited on may be the one it needs.
        let registry = engine.registry
        if let body = built(for: registry.digest) { return OpenAPIRoute.response(body) }
        // The stale document goes first, so the build does not hold both; responses still
        // sending it keep it until they finish.
        cached.withLock { $0 = nil }
        var writer = JSONWriter(capacity: 1 << 16)
        defer { writer.deallocate() }
        ServiceAPI.document(for: registry).write(to: &writer)
        let body = writer.withBytes { SharedBytes(copying: $0) }
        cached.withLock { $0 = (registry.digest, body) }
        return OpenAPIRoute.response(body)
    }

    /// The document built for the registry of `digest`, if it is the one kept.
    private func built(for digest: String) -> SharedBytes? {
        cached.withLock { $0?.digest == digest ? $0?.body : nil }
    }

    private static func response(_ body: SharedBytes) -> HTTPResponse {
        HTTPResponse(status: 200, body: .shared(body))
    }
}
