import ArgumentParser
import ConvertdHTTP
import Dispatch
import Foundation
import Logging
import MappingEngine

/// `convertd serve` (the default command): the HTTP service.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the schemas over HTTP (the default command).",
        discussion: "Every option falls back to the environment variable named in its help, then to its default "
            + "(`convertd reference flags` lists them). "
            + "SIGTERM/SIGINT drain and exit; SIGHUP reloads the schema directory."
    )

    @Option(help: ServeSetting.host.help("Address to listen on"))
    var host: String?
    @Option(help: ServeSetting.port.help("Port to listen on; 0 picks a free one"))
    var port: Int?
    @Option(help: ServeSetting.schemas.help("Directory of schema files"))
    var schemas: String?
    @Option(help: ServeSetting.threads.help("Worker threads"))
    var threads: Int?
    @Option(help: ServeSetting.maxBodyBytes.help("Largest JSON body in bytes read whole, longest NDJSON line, and largest element of a streamed JSON array"))
    var maxBodyBytes: Int?
    @Option(help: ServeSetting.maxStreamBytes.help("Largest NDJSON body, or JSON array body over --max-body-bytes, in bytes, read as a stream"))
    var maxStreamBytes: Int?
    @Option(help: ServeSetting.maxDepth.help("Deepest nesting of a body"))
    var maxDepth: Int?
    @Option(help: ServeSetting.maxErrors.help("Errors listed per document before one too_many_errors entry with the total"))
    var maxErrors: Int?
    @Option(help: ServeSetting.maxRuleCost.help("Largest static cost of one CEL expression (a rule, compute, transform or when) in evaluation steps; a schema over it, or with a loop over something unbounded, is refused"))
    var maxRuleCost: Int?
    @Option(help: ServeSetting.connectionTimeout.help("Seconds a connection may stay without a complete request line: idle keep-alive, or a line sent slowly"))
    var connectionTimeout: Int?
    @Option(help: ServeSetting.headerTimeout.help("Seconds from a request line to the end of its head; then 408"))
    var headerTimeout: Int?
    @Option(help: ServeSetting.bodyTimeout.help("Seconds a body may take before --min-body-rate applies; then 408"))
    var bodyTimeout: Int?
    @Option(help: ServeSetting.minBodyRate.help("Bytes per second a body, or a response being read, must average past --body-timeout"))
    var minBodyRate: Int?
    @Option(help: ServeSetting.maxConnections.help("Open connections served; more get 503"))
    var maxConnections: Int?
    @Option(help: ServeSetting.maxConnectionsPerClient.help("Open connections from one client address, more are closed at once; 0 for no limit, as behind a gateway"))
    var maxConnectionsPerClient: Int?
    @Option(help: ServeSetting.adminToken.help("Bearer token that opens the admin API (PUT/DELETE /schemas/{Model}, POST /schemas/reload); without one the admin API answers 403. On an address other than loopback it needs --admin-on-network; --admin-token-file needs nothing"))
    var adminToken: String?
    @Option(help: ServeSetting.adminTokenFile.help("File holding the admin token, such as a mounted Secret; trailing line breaks are dropped"))
    var adminTokenFile: String?
    @Flag(help: ServeSetting.adminOnNetwork.help("Allow --admin-token or ADMIN_TOKEN while listening on an address other than loopback; without it serve refuses to start so"))
    var adminOnNetwork = false
    @Flag(help: ServeSetting.persist.help("Write accepted admin changes into the schema directory, so a restart serves them; without it they last until restart, laid over the directory again at every reload"))
    var persist = false
    @Option(help: ServeSetting.reloadInterval.help("Seconds between checks of the schema directory, reloaded when its files change; 0 turns the watch off"))
    var reloadInterval: Double?
    @Option(help: ServeSetting.compatibility.help("The compatibility level (NONE, BACKWARD, FORWARD, FULL, or one of them _TRANSITIVE) of a model whose file declares none: a change that breaks it is refused with 409"))
    var compatibility: String?
    @Option(help: ServeSetting.driftSample.help("Sample one conversion in this many per worker thread for GET /schemas/{Model}/drift; 0 turns drift off"))
    var driftSample: Int?
    @Option(help: ServeSetting.driftCost.help("Nanoseconds drift may cost a conversion on average: after a sample that took t, a worker thread samples again no sooner than t / this many conversions later; 0 samples exactly one in --drift-sample"))
    var driftCost: Int?
    @Option(help: ServeSetting.driftWindow.help("Seconds of sampled traffic a drift report covers (it slides in sixths)"))
    var driftWindow: Double?
    @Option(help: ServeSetting.driftEntries.help("Entries each list of a drift report keeps per sixth of the window, whatever the traffic sends"))
    var driftEntries: Int?
    @Flag(help: ServeSetting.sharePort.help("Share the port with other processes that ask the same (SO_REUSEPORT); without it a port in use is an error"))
    var sharePort = false
    @Option(help: ServeSetting.grace.help("Seconds in-flight requests get to finish after SIGTERM; then the process exits 0 without those still running, naming each in the log"))
    var grace: Double?
    @Option(help: ServeSetting.logLevel.help("Log level: trace, debug, info, notice, warning, error or critical"))
    var logLevel: String?
    @Option(help: ServeSetting.logFormat.help("Log format: json (one object a line) or text (key=value)"))
    var logFormat: String?

    func run() throws {
        let signals = Signals()
        MemoryRelease.configure()
        let config = try ServerConfig(self, environment: ProcessInfo.processInfo.environment)
        LoggingSystem.bootstrap { label in LineLogHandler(label: label, format: config.logFormat, level: config.logLevel) }
        // Request lines are written in batches, once their oldest has waited 50 ms (75 ms on a
        // quiet thread); whatever is pending goes out before the process ends.
        LogOutput.startBuffering(interval: 0.05)
        defer { LogOutput.flush() }
        let logger = Logger(label: "convertd")

        var registryLimits = RegistryLimits.default
        registryLimits.ruleCost = config.limits.maxRuleCost
        let schemas = SchemaAdmin(engine: Engine(limits: registryLimits), directory: config.schemas, persist: config.persist,
                                  compatibility: config.compatibility)
        let service = Service(schemas: schemas, adminToken: config.adminToken, limits: config.limits, drift: config.drift, logger: logger,
                              accessLog: AccessLog(format: config.logFormat, level: config.logLevel))
        let server = HTTPServer(settings: config.server, handler: service, connections: service.stats.connections,
                                refusedConnections: service.stats.refusedConnections)
        let port: Int
        do {
            port = try server.start()
        } catch {
            logger.critical("not starting", metadata: ["error": .string(error.description)])
            throw ExitCode(1)
        }
        // The port is bound first, so a probe hears 503 from /readyz while the schemas load.
        guard service.reload() else {
            logger.critical("not starting: the schema directory has errors", metadata: ["schemas": .string(config.schemas)])
            _ = server.stop(within: 1)
            throw ExitCode(1)
        }
        if let warning = MicroHTTPDContract.versionWarning { logger.warning("\(warning)") }
        logger.notice("listening", metadata: [
            "host": .string(config.server.host), "port": .stringConvertible(port),
            "threads": .stringConvertible(config.server.threads), "models": .stringConvertible(service.engine.registry.names.count),
            "schemas": .string(config.schemas), "admin": .string(config.adminToken == nil ? "off" : "on"),
            "libmicrohttpd": .string(MicroHTTPDContract.version),
        ])
        let watch = config.reloadInterval > 0 ? SchemaWatch(service: service, interval: config.reloadInterval) : nil
        watch?.start()

        while true {
            let signal = signals.next()
            if Signals.stop.contains(signal) { break }
            logger.notice("reloading schemas", metadata: ["schemas": .string(config.schemas)])
            service.reload()
        }
        drain(service, server, grace: config.grace, logger: logger)
        watch?.stop()
    }

    /// Readiness goes 503, no new connections, and in-flight requests get `grace` seconds to
    /// finish. The grace period is a hard bound: a request still running then is abandoned —
    /// a worker thread busy converting cannot be interrupted — and named in the log, and the
    /// process exits 0 without waiting for it.
    private func drain(_ service: Service, _ server: HTTPServer, grace: Double, logger: Logger) {
        service.startDraining()
        server.stopAccepting()
        logger.notice("draining", metadata: ["in_flight": .stringConvertible(service.stats.inFlight), "grace_s": .stringConvertible(grace)])
        let deadline = InFlightRequests.now + UInt64(max(0, grace) * 1e9)
        while service.stats.inFlight > 0 && InFlightRequests.now < deadline {
            usleep(5_000)
        }
        let running = service.stats.inProgress
        let overdue = running.snapshot()
        // Stopping the daemon closes the connections left (idle ones at once, those of overdue
        // requests still arriving or being sent with them); it waits for a thread busy with a
        // request, so it gets what is left of the grace period, at least a moment.
        let now = InFlightRequests.now
        let stopped = server.stop(within: max(0.25, Double(deadline > now ? deadline - now : 0) / 1e9))
        // A request begun after the wait (pipelined on a kept connection) may be what holds the stop up.
        let abandoned = stopped ? overdue : overdue + running.snapshot().filter { late in !overdue.contains { $0.span == late.span } }
        let end = InFlightRequests.now
        for request in abandoned {
            logger.warning("request abandoned at the end of the grace period", metadata: [
                "method": .string(request.method), "path": .string(request.path), "request_id": .string(request.requestID),
                "running_s": .string(String(format: "%.3f", request.seconds(at: end))),
            ])
        }
        logger.notice("stopped", metadata: ["unfinished": .stringConvertible(abandoned.count)])
        guard stopped else {
            // A worker thread is still busy: the process ends without it.
            LogOutput.flush()
            fflush(nil)
            _exit(0)
        }
    }
}
