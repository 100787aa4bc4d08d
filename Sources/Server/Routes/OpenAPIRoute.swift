import ConvertdHTTP
import Foundation
import MappingEngine
import Primitives

/// `GET /openapi.json`: the service's OpenAPI 3.1 document, built once per registry and
/// output profile and sent from one shared buffer.
///
/// The first request after the registry changed builds the document; requests arriving while it
/// builds wait for it rather than build their own (single flight), and every response hands
/// libmicrohttpd the same immutable bytes to read in place. Concurrent fetches of a document of
/// tens of megabytes cost no extra build and no copy each. A profile's document
/// (`?profile=NAME`) is kept beside the plain one, until the registry changes: at most one per
/// profile the registry has, which `RegistryLimits.profiles` bounds.
final class OpenAPIRoute: Sendable {
    let engine: Engine
    // The lock guards the documents built, by profile name ("" for none), and the digest of the
    // registry they describe.
    private let cached = Guarded<(digest: String, bodies: [String: SharedBytes])?>(nil)
    // Held by the one request that builds, for the whole build: it is the flight the others wait
    // on. `cached`'s lock is never held while building.
    private let building = NSLock()

    init(engine: Engine) {
        self.engine = engine
    }

    /// The document of the registry served now, under the output profile `name` when one is asked.
    func document(profile name: String?) -> HTTPResponse {
        // The key is the registry's digest (every model's name and version, every declared
        // profile), read with the
        // registry itself: the generation counter is read apart from it and could already
        // belong to the next registry, which would file this document under the wrong one.
        let key = name ?? ""
        let served = engine.registry
        if let name, served.profiles[name] == nil { return ServiceError.unknownProfile(name).response }
        if let body = built(key, for: served.digest) { return OpenAPIRoute.response(body) }
        building.lock()
        defer { building.unlock() }
        // Read again: the registry may have changed while this request waited, and the build it
        // waited on may be the one it needs.
        let registry = engine.registry
        if let body = built(key, for: registry.digest) { return OpenAPIRoute.response(body) }
        let profile = name.flatMap { registry.profiles[$0] }
        if let name, profile == nil { return ServiceError.unknownProfile(name).response }
        // The stale documents go first, so the build does not hold both; responses still
        // sending them keep them until they finish.
        cached.withLock { if $0?.digest != registry.digest { $0 = nil } }
        var writer = JSONWriter(capacity: 1 << 16)
        defer { writer.deallocate() }
        ServiceAPI.document(for: registry, profile: profile).write(to: &writer)
        let body = writer.withBytes { SharedBytes(copying: $0) }
        cached.withLock { cache in
            if cache?.digest == registry.digest {
                cache?.bodies[key] = body
            } else {
                cache = (registry.digest, [key: body])
            }
        }
        return OpenAPIRoute.response(body)
    }

    /// The document built for the profile `key` of the registry of `digest`, if it is kept.
    private func built(_ key: String, for digest: String) -> SharedBytes? {
        cached.withLock { $0?.digest == digest ? $0?.bodies[key] : nil }
    }

    private static func response(_ body: SharedBytes) -> HTTPResponse {
        HTTPResponse(status: 200, body: .shared(body))
    }
}
