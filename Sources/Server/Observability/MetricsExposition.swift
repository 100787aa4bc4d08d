import MappingEngine
import Primitives
import Prometheus

/// `GET /metrics`: the service's counters in the Prometheus text exposition format, written by
/// swift-prometheus from its registry.
///
/// The counters themselves stay where they are counted — `ServiceStats` for requests, the
/// engine for its meta cache, `SchemaAdmin` for reloads, the kernel for the process — so that
/// `/stats` and `/metrics` read one source. Each scrape brings the registry's metrics up to
/// those values (counters by their growth since the last scrape, gauges set), then has it write
/// them out; the request durations are histograms recorded into the registry as requests end.
/// Every family carries HELP text, which `promtool check metrics` requires and swift-metrics'
/// API has no place for, so the families are made on the registry directly.
final class MetricsExposition: Sendable {
    private let stats: ServiceStats
    private let engine: Engine
    private let schemas: SchemaAdmin?
    private let drift: DriftMonitor?
    private let process = ProcessMetrics()
    /// The registry's counters by name and labels, with the value each last showed. Held for the
    /// whole scrape, so two scrapes never add the same growth twice.
    private let counters = Guarded<[String: Mirror]>([:])

    /// A registry counter and the value it has been brought up to.
    private struct Mirror {
        var counter: Counter
        var shown: Double
    }

    init(stats: ServiceStats, engine: Engine, schemas: SchemaAdmin?, drift: DriftMonitor? = nil) {
        self.drift = drift
        self.stats = stats
        self.engine = engine
        self.schemas = schemas
    }

    /// The exposition, as of now.
    func render() -> [UInt8] {
        counters.withLock { mirrors in
            update(&mirrors)
            return stats.registry.emitToBuffer()
        }
    }

    private func update(_ mirrors: inout [String: Mirror]) {
        func count(_ name: String, _ help: String, _ labels: [(String, String)], _ value: some BinaryInteger) {
            advance(&mirrors, name, help, labels, to: Double(value))
        }
        for (route, status, value) in stats.requestsByRoute {
            count("convertd_http_requests_total", "Requests answered, by route and status (status 0: the client left first).",
                  [("route", route.name), ("status", String(status))], value)
        }
        count("convertd_http_request_bytes_total", "Request body bytes received.", [], stats.bytesIn)
        count("convertd_http_response_bytes_total", "Response body bytes sent.", [], stats.bytesOut)
        for (code, value) in stats.errorsByCode {
            count("convertd_conversion_errors_total",
                  "Errors in conversion answers, by code; code too_many_errors counts those past --max-errors, which are not classified.",
                  [("code", code.rawValue)], value)
        }
        for (schema, code, value) in stats.ruleFailuresBySchema {
            count("convertd_rule_failures_total", "Model rules that did not hold (or raised an error), by schema and the code clients saw.",
                  [("schema", schema), ("code", code)], value)
        }
        for (key, value) in stats.recoveries.all {
            count("convertd_recoveries_total",
                  "Values recovered from by onError or onItemError, by schema, the code of the error and the action; code and action unlisted count those past --max-errors.",
                  [("schema", key.schema), ("code", key.code), ("action", key.action)], value)
        }
        set("convertd_http_requests_in_flight", "Requests being read, converted or answered.", stats.inFlight)
        set("convertd_http_connections_open", "Open client connections.", stats.connections.value)
        count("convertd_http_connections_refused_total",
              "Connections answered 503 at accept and closed: over --max-connections and its headroom, or a client's share.", [],
              stats.refusedConnections.value)

        let cache = engine.statistics
        count("convertd_meta_cache_hits_total", "Meta table lookups answered from the table.", [], cache.hits)
        count("convertd_meta_cache_misses_total", "Meta table lookups of a name no model has.", [], cache.misses)
        count("convertd_meta_cache_builds_total", "Models compiled into the meta table.", [], cache.builds)
        count("convertd_meta_cache_invalidations_total", "Meta table entries dropped by schema changes.", [], cache.invalidations)
        advance(&mirrors, "convertd_meta_cache_build_seconds_total", "Time spent compiling models into the meta table.", [],
                to: Double(cache.buildNanoseconds) / 1e9)
        set("convertd_meta_cache_entries", "Compiled models in the meta table.", cache.entries)
        set("convertd_registry_generation", "The schema registry's generation, raised by every accepted change.", cache.generation)
        set("convertd_registry_models", "Models served.", engine.registry.names.count)
        if let schemas {
            let reloads = schemas.reloads
            let help = "Reloads of the schema directory (start, SIGHUP, watch, POST /schemas/reload), by result."
            count("convertd_schema_reloads_total", help, [("result", "success")], reloads.succeeded)
            count("convertd_schema_reloads_total", help, [("result", "failure")], reloads.failed)
            count("convertd_schema_changes_incompatible_total",
                  "Schema changes (PUT, reload, the directory watch) refused because they broke a model's compatibility level.", [],
                  schemas.incompatibleRefusals)
        }
        if let drift {
            set("convertd_drift_models", "Models whose drift is kept (GET /schemas/{Model}/drift).", drift.trackedModels)
            count("convertd_drift_untracked_total", "Sampled conversions not kept because the most models whose drift is kept were.", [],
                  drift.untrackedObservations)
        }

        let now = process.read()
        advance(&mirrors, "process_cpu_seconds_total", "User and system CPU time spent, in seconds.", [], to: now.cpuSeconds)
        set("process_resident_memory_bytes", "Resident memory size in bytes.", now.residentBytes)
        set("process_virtual_memory_bytes", "Virtual memory size in bytes.", now.virtualBytes)
        set("process_open_fds", "Open file descriptors.", now.openDescriptors)
        set("process_start_time_seconds", "Start time of the process since the Unix epoch, in seconds.", process.startTime)
    }

    /// Brings the counter `name{labels}` up to `value`; a counter never goes down, so a smaller
    /// value (a source restarted) leaves it where it is.
    private func advance(_ mirrors: inout [String: Mirror], _ name: String, _ help: String, _ labels: [(String, String)], to value: Double) {
        let key = labels.reduce(name) { $0 + "\u{0}" + $1.0 + "=" + $1.1 }
        var mirror = mirrors[key] ?? Mirror(
            counter: stats.registry.makeCounter(descriptor: MetricsExposition.descriptor(name, help), labels: labels), shown: 0)
        defer { mirrors[key] = mirror }
        guard value > mirror.shown else { return }
        let growth = value - mirror.shown
        if growth == growth.rounded(), growth < 0x1p53 {
            mirror.counter.increment(by: Int64(growth))
        } else {
            mirror.counter.increment(by: growth)
        }
        mirror.shown = value
    }

    private func set(_ name: String, _ help: String, _ value: some BinaryInteger) {
        set(name, help, Double(value))
    }

    private func set(_ name: String, _ help: String, _ value: Double) {
        stats.registry.makeGauge(descriptor: MetricsExposition.descriptor(name, help)).set(value)
    }

    /// A descriptor naming the family `name` whole (swift-prometheus joins the parts with `_`).
    private static func descriptor(_ name: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: name, unitName: "", helpText: help)
    }
}
