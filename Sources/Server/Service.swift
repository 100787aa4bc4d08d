import Logging
import MappingEngine
import Synchronization

/// convertd behind the HTTP server: routes each request to its endpoint, counts and logs it,
/// reloads the schema directory, and drains on shutdown.
final class Service: HTTPHandler {
    /// What the service accepts.
    struct Limits: Sendable {
        /// The largest JSON body, and the longest NDJSON line.
        var maxBodyBytes = 8 << 20
        /// The largest NDJSON body, read as a stream.
        var maxStreamBytes = 1 << 30
        var maxDepth = 256
        /// Errors listed per document (and per NDJSON stream) before one `too_many_errors` entry.
        var maxErrors = 100
    }

    let engine: Engine
    let limits: Limits
    let stats: ServiceStats
    let logger: Logger
    let accessLog: AccessLog
    private let conversions: ConversionRoute
    private let info: InfoRoutes
    private let draining = Atomic<Bool>(false)

    init(engine: Engine, limits: Limits, stats: ServiceStats, logger: Logger, accessLog: AccessLog) {
        self.engine = engine
        self.limits = limits
        self.stats = stats
        self.logger = logger
        self.accessLog = accessLog
        conversions = ConversionRoute(engine: engine, maxDepth: limits.maxDepth, maxErrors: limits.maxErrors)
        info = InfoRoutes(engine: engine, stats: stats)
    }

    var maxBodyBytes: Int { limits.maxBodyBytes }

    var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// From now on `/readyz` answers 503 and every response closes its connection.
    func startDraining() {
        draining.store(true, ordering: .relaxed)
    }

    func plan(_ head: inout RequestHead) -> RequestPlan {
        stats.begin()
        let endpoint: Endpoint
        switch Router.route(method: head.method, path: head.path) {
        case .success(let found): endpoint = found
        case .failure(let error): return .answer(error.response)
        }
        head.schema = endpoint.schemaName
        // Over the connection limit only the probes are served, so an orchestrator still sees
        // a live process while clients are told to come back.
        if head.overLimit && !endpoint.isProbe {
            var response = HTTPError.overloaded.response
            response.headers += [("Retry-After", "1"), ("Connection", "close")]
            return .answer(response)
        }
        guard endpoint.takesBody else { return .collect(endpoint) }
        switch MediaType(contentType: head.contentType) {
        case .json:
            return .collect(endpoint)
        case .unsupported(let type):
            return .answer(HTTPError.unsupportedMediaType(type).response)
        case .ndjson:
            guard case .convert(let schema) = endpoint else {
                return .answer(HTTPError.unsupportedMediaType(head.contentType ?? "").response)
            }
            return streamPlan(schema: schema, head: head)
        }
    }

    private func streamPlan(schema: String, head: RequestHead) -> RequestPlan {
        guard engine.cache.currentRegistry.models[schema] != nil else { return .answer(HTTPError.unknownSchema(schema).response) }
        // Refused from its announced length, before a client waiting for `100 Continue` sends it.
        if let length = head.contentLength, length > limits.maxStreamBytes {
            return .answer(HTTPError.bodyTooLarge(limit: limits.maxStreamBytes).response)
        }
        do {
            let options = try conversions.options(head)
            return .stream(NDJSONStream(engine: engine, schema: schema, options: options.conversion,
                                        maxLineBytes: limits.maxBodyBytes, maxBytes: limits.maxStreamBytes))
        } catch {
            return .answer(error.response)
        }
    }

    func respond(to head: RequestHead, endpoint: Endpoint, body: UnsafeBufferPointer<UInt8>) -> HTTPResponse {
        switch endpoint {
        case .convert(let schema): conversions.convert(body, schema: schema, head: head)
        case .reverse(let schema): conversions.reverse(body, schema: schema, head: head)
        case .schemas: info.schemas()
        case .schema(let name): info.schema(name)
        case .stats: info.statistics()
        case .health: info.health()
        case .ready: info.ready(draining: isDraining)
        }
    }

    func finished(_ head: RequestHead, status: Int, bytesIn: Int, bytesOut: Int, nanoseconds: UInt64) {
        stats.end(status: status)
        accessLog.record(head, status: status, bytesIn: bytesIn, bytesOut: bytesOut, nanoseconds: nanoseconds)
        if max(bytesIn, bytesOut) >= MemoryRelease.largeRequestBytes { MemoryRelease.afterLargeRequest() }
    }

    func refused(status: Int, reason: String) {
        stats.refused(status: status)
        logger.info("request refused", metadata: ["status": .stringConvertible(status), "reason": .string(reason)])
    }

    func diagnostic(_ message: String) {
        logger.debug("libmicrohttpd", metadata: ["message": .string(message)])
    }

    /// Loads the schema directory again and serves it; on errors keeps the current registry and
    /// logs every error. Returns whether the new registry is served.
    @discardableResult
    func reload(directory: String) -> Bool {
        do {
            let registry = try SchemaLoader.load(directory: directory)
            let dropped = engine.cache.replace(registry: registry)
            logger.notice("schemas reloaded", metadata: [
                "models": .stringConvertible(registry.names.count),
                "recompile": .string(dropped.sorted().joined(separator: ",")),
                "generation": .stringConvertible(engine.cache.snapshot.generation),
            ])
            return true
        } catch {
            for problem in error.errors {
                logger.error("schema error", metadata: ["error": .string(problem.description)])
            }
            logger.error("schema reload failed; serving the last good schemas", metadata: ["errors": .stringConvertible(error.errors.count)])
            return false
        }
    }
}
