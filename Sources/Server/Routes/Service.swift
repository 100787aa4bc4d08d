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
    let schemas: SchemaAdmin
    let limits: Limits
    let stats: ServiceStats
    let logger: Logger
    let accessLog: AccessLog
    /// Opens the admin API; nil leaves it off (403).
    private let adminToken: AdminToken?
    private let conversions: ConversionRoute
    private let info: InfoRoutes
    private let admin: AdminRoutes
    private let draining = Atomic<Bool>(false)
    /// Set once the first registry is served: until then `/readyz` answers 503.
    private let loaded: Atomic<Bool>

    init(schemas: SchemaAdmin, adminToken: AdminToken? = nil, limits: Limits, stats: ServiceStats, logger: Logger, accessLog: AccessLog) {
        engine = schemas.engine
        self.schemas = schemas
        self.adminToken = adminToken
        self.limits = limits
        self.stats = stats
        self.logger = logger
        self.accessLog = accessLog
        conversions = ConversionRoute(engine: engine, maxDepth: limits.maxDepth, maxErrors: limits.maxErrors)
        info = InfoRoutes(engine: engine, stats: stats)
        admin = AdminRoutes(admin: schemas)
        // An engine built around a registry (tools, tests) serves from the start.
        loaded = Atomic(!engine.registry.names.isEmpty)
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
        if endpoint.isAdmin {
            switch AdminToken.verdict(head.authorization, token: adminToken) {
            case .allowed: break
            case .off: return .answer(HTTPError.adminDisabled.response)
            case .unauthorized: return .answer(HTTPError.unauthorized.response)
            }
        }
        guard endpoint.takesBody else { return .collect(endpoint) }
        switch (MediaType(contentType: head.contentType), endpoint) {
        case (.json, _), (.yaml, .putSchema):
            return .collect(endpoint)
        case (.ndjson, .convert(let schema)):
            return streamPlan(schema: schema, head: head)
        case (.unsupported(let type), _):
            return .answer(HTTPError.unsupportedMediaType(type).response)
        case (.ndjson, _), (.yaml, _):
            return .answer(HTTPError.unsupportedMediaType(head.contentType ?? "").response)
        }
    }

    private func streamPlan(schema: String, head: RequestHead) -> RequestPlan {
        guard engine.registry.models[schema] != nil else { return .answer(HTTPError.unknownSchema(schema).response) }
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
        case .putSchema(let name): changed(admin.put(name, body: body, yaml: MediaType(contentType: head.contentType) == .yaml), head)
        case .deleteSchema(let name): changed(admin.delete(name), head)
        case .reloadSchemas: changed(admin.reload(), head)
        case .stats: info.statistics()
        case .health: info.health()
        case .ready: info.ready(loaded: loaded.load(ordering: .relaxed), draining: isDraining)
        }
    }

    /// Logs an accepted change to the schemas (never the token).
    private func changed(_ response: HTTPResponse, _ head: RequestHead) -> HTTPResponse {
        guard response.status < 300, case .bytes(let body) = response.body else { return response }
        logger.notice("schemas changed", metadata: [
            "method": .string(head.method), "path": .string(head.path), "request_id": .string(head.requestID),
            "change": .string(String(decoding: body, as: UTF8.self)),
        ])
        return response
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

    /// Loads the schema directory (the first time, or again on `SIGHUP`) and serves it; on errors
    /// keeps the current registry and logs every error. Returns whether the directory is served.
    @discardableResult
    func reload() -> Bool {
        report(schemas.reload())
    }

    /// Reloads when the directory's files changed (the watch); false when nothing changed.
    @discardableResult
    func reloadIfChanged() -> Bool {
        guard let outcome = schemas.reloadIfChanged() else { return false }
        return report(outcome)
    }

    /// Logs what a reload did, and marks the service ready after the first one that worked.
    private func report(_ outcome: SchemaAdmin.Outcome) -> Bool {
        switch outcome {
        case .success(let update):
            loaded.store(true, ordering: .relaxed)
            logger.notice("schemas loaded", metadata: [
                "models": .stringConvertible(engine.registry.names.count),
                "added": .string(update.added.joined(separator: ",")),
                "replaced": .string(update.replaced.joined(separator: ",")),
                "removed": .string(update.removed.joined(separator: ",")),
                "generation": .stringConvertible(update.generation),
                "digest": .string(update.digest),
            ])
            return true
        case .failure(let error):
            let problems: [String]
            switch error {
            case .refused(.invalid(let errors)): problems = errors.errors.map(\.description)
            case .refused(let other): problems = [other.description]
            case .notPersisted(let reason): problems = [reason]
            }
            for problem in problems {
                logger.error("schema error", metadata: ["error": .string(problem)])
            }
            logger.error(loaded.load(ordering: .relaxed) ? "schema reload failed; serving the last good schemas" : "the schema directory has errors",
                         metadata: ["errors": .stringConvertible(problems.count), "schemas": .string(schemas.directory)])
            return false
        }
    }
}
