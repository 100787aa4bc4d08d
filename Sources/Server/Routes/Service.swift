import ConvertdHTTP
import Logging
import MappingEngine
import Synchronization

/// convertd behind the HTTP server: routes each request to its endpoint, counts and logs it,
/// reloads the schema directory, and drains on shutdown.
final class Service: HTTPHandler {
    /// What the service accepts.
    struct Limits: Sendable {
        /// The largest JSON body collected whole, the longest NDJSON line, and the largest
        /// element of a streamed array.
        var maxBodyBytes = 8 << 20
        /// The largest NDJSON body, or JSON array body, read as a stream.
        var maxStreamBytes = 1 << 30
        var maxDepth = 256
        /// Errors listed per document (and per NDJSON stream) before one `too_many_errors` entry.
        var maxErrors = 100
        /// The static cost one CEL expression of a schema may have (`RegistryLimits.ruleCost`).
        var maxRuleCost = RegistryLimits.default.ruleCost
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
    private let inference: InferRoute
    private let openAPI: OpenAPIRoute
    private let contracts: ContractRoutes
    /// What sampled conversions saw, by model.
    let drift: DriftMonitor
    private let draining = Atomic<Bool>(false)
    /// Set once the first registry is served: until then `/readyz` answers 503.
    private let loaded: Atomic<Bool>

    init(schemas: SchemaAdmin, adminToken: AdminToken? = nil, limits: Limits, drift: DriftMonitor.Settings = .init(), logger: Logger,
         accessLog: AccessLog) {
        engine = schemas.engine
        self.schemas = schemas
        self.adminToken = adminToken
        self.limits = limits
        stats = ServiceStats(engine: engine)
        self.logger = logger
        self.accessLog = accessLog
        self.drift = DriftMonitor(settings: drift)
        conversions = ConversionRoute(engine: engine, maxDepth: limits.maxDepth, maxErrors: limits.maxErrors, stats: stats, drift: self.drift)
        contracts = ContractRoutes(admin: schemas, drift: self.drift)
        info = InfoRoutes(engine: engine, stats: stats, metrics: MetricsExposition(stats: stats, engine: engine, schemas: schemas, drift: self.drift))
        admin = AdminRoutes(admin: schemas)
        inference = InferRoute(maxDepth: limits.maxDepth)
        openAPI = OpenAPIRoute(engine: engine)
        // An engine built around a registry (tools, tests) serves from the start.
        loaded = Atomic(!engine.registry.names.isEmpty)
    }

    var maxBodyBytes: Int { limits.maxBodyBytes }

    var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// From now on `/readyz` answers 503 and every response closes its connection.
    func startDraining() {
        draining.store(true, ordering: .relaxed)
    }

    /// The route handed to the server is an `Endpoint`'s; `respond` and `finished` read it back.
    func plan(_ head: RequestHead) -> (route: HTTPRoute?, plan: RequestPlan) {
        stats.begin(head)
        switch Router.route(method: head.method, path: head.path) {
        case .success(let endpoint): return (endpoint.route, plan(head, endpoint: endpoint))
        case .failure(let error): return (nil, .answer(error.response))
        }
    }

    /// What to do with a request routed to `endpoint`.
    private func plan(_ head: RequestHead, endpoint: Endpoint) -> RequestPlan {
        // Over the connection limit only the probes are served, so an orchestrator still sees
        // a live process while clients are told to come back.
        if head.overLimit && !endpoint.isProbe {
            return .answer(TransportError.overloaded.response)
        }
        // Before the first registry is served every model would read as unknown: 503 sends a
        // gateway's retry to another instance, where 404 would tell the client the model is gone.
        if endpoint.schemaName != nil && !loaded.load(ordering: .relaxed) {
            var response = ServiceError.unavailable(reason: "the schemas are still loading").response
            response.headers += [("Retry-After", "1")]
            return .answer(response)
        }
        if endpoint.isAdmin {
            switch AdminToken.verdict(head.authorization, token: adminToken) {
            case .allowed: break
            case .off: return .answer(ServiceError.adminDisabled.response)
            case .unauthorized: return .answer(ServiceError.unauthorized.response)
            }
        }
        guard endpoint.takesBody else { return .collect(endpoint.route) }
        switch (MediaType(contentType: head.contentType), endpoint) {
        case (.json, .convert(let schema)) where head.contentLength.map { $0 > limits.maxBodyBytes } ?? true:
            // Too large to collect, or of unknown length: an array is converted as it arrives.
            return streamPlan(schema: schema, head: head, ndjson: false)
        case (.json, _), (.yaml, .putSchema), (.yaml, .schemaCompatibility), (.ndjson, .infer):
            return .collect(endpoint.route)
        case (.ndjson, .convert(let schema)):
            return streamPlan(schema: schema, head: head, ndjson: true)
        case (.unsupported(let type), _):
            return .answer(ServiceError.unsupportedMediaType(type).response)
        case (.ndjson, _), (.yaml, _):
            return .answer(ServiceError.unsupportedMediaType(head.contentType ?? "").response)
        }
    }

    /// A body converted as it arrives: NDJSON line by line, or JSON (an array element by
    /// element), with the model resolved once for the whole body.
    private func streamPlan(schema: String, head: RequestHead, ndjson: Bool) -> RequestPlan {
        let model: CompiledModel
        switch conversions.model(schema, profile: head.query("profile"), workspace: ThreadWorkspace.current) {
        case .success(let found): model = found
        case .failure(let error): return .answer(error.response)
        }
        if let refusal = ConversionRoute.disabled(model) { return .answer(refusal) }
        // Refused from its announced length, before a client waiting for `100 Continue` sends it.
        if let length = head.contentLength, length > limits.maxStreamBytes {
            return .answer(TransportError.bodyTooLarge(limit: limits.maxStreamBytes).response)
        }
        do {
            let options = try conversions.options(head)
            if ndjson {
                return .stream(NDJSONStream(route: conversions, head: head, model: model, options: options.conversion,
                                            maxLineBytes: limits.maxBodyBytes, maxBytes: limits.maxStreamBytes))
            }
            return .stream(JSONBodyStream(route: conversions, model: model, schema: schema, head: head, options: options, limits: limits))
        } catch {
            return .answer(error.response)
        }
    }

    func respond(to head: RequestHead, route: HTTPRoute, body: UnsafeBufferPointer<UInt8>) -> HTTPResponse {
        // `plan` writes every route from an `Endpoint`; any other names no endpoint.
        guard let endpoint = Endpoint(route) else { return ServiceError.notFound(path: head.path).response }
        return respond(to: head, endpoint: endpoint, body: body)
    }

    /// The answer of `endpoint` to a request whose whole body is in.
    private func respond(to head: RequestHead, endpoint: Endpoint, body: UnsafeBufferPointer<UInt8>) -> HTTPResponse {
        switch endpoint {
        case .convert(let schema): conversions.convert(body, schema: schema, head: head)
        case .reverse(let schema): conversions.reverse(body, schema: schema, head: head)
        case .schemas: info.schemas()
        case .schema(let name): info.schema(name, profile: head.query("profile"))
        case .schemaExample(let name): info.example(name)
        case .putSchema(let name): changed(admin.put(name, body: body, yaml: MediaType(contentType: head.contentType) == .yaml), head)
        case .deleteSchema(let name): changed(admin.delete(name), head)
        case .reloadSchemas: changed(admin.reload(), head)
        case .infer: inference.infer(body, head: head)
        case .stats: info.statistics()
        case .metrics: info.prometheus()
        case .health: info.health()
        case .ready: info.ready(loaded: loaded.load(ordering: .relaxed), draining: isDraining)
        case .playground(let asset): PlaygroundRoute.response(asset)
        case .openAPI: openAPI.document(profile: head.query("profile"))
        case .profiles: info.profiles()
        case .schemaVersions(let name): contracts.versions(name)
        case .versionState(let name): changed(contracts.setState(name, body: body), head)
        case .schemaCompatibility(let name): contracts.compatibility(name, body: body, yaml: MediaType(contentType: head.contentType) == .yaml)
        case .schemaDrift(let name): contracts.drift(name)
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

    func finished(_ head: RequestHead, route: HTTPRoute?, status: Int, bytesIn: Int, bytesOut: Int, nanoseconds: UInt64) {
        let endpoint = route.flatMap(Endpoint.init)
        let warnings = stats.end(head, endpoint: endpoint, status: status, bytesIn: bytesIn, bytesOut: bytesOut, nanoseconds: nanoseconds)
        accessLog.record(head, endpoint: endpoint, status: status, bytesIn: bytesIn, bytesOut: bytesOut, nanoseconds: nanoseconds,
                         warnings: warnings)
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
            for name in update.removed { drift.forget(model: name) }
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
