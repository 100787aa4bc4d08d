import MappingEngine
import Prometheus

/// How long requests took, as Prometheus histograms by route and schema
/// (`convertd_http_request_duration_seconds`), recorded when each request ends.
///
/// The `schema` label only ever holds a registered model's name: a request naming an unknown
/// one is recorded with `schema=""`, so clients cannot grow the number of series. A histogram
/// is made the first time its pair is seen, then found in a table under a short lock.
final class RequestDurations: Sendable {
    /// From 25 µs (a probe) to 10 s (a stream of a gigabyte): 1–2.5–5 steps per decade.
    static let buckets: [Duration] = [
        .microseconds(25), .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500),
        .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]

    static var descriptor: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "convertd", subsystem: "http", metricName: "request_duration", unitName: "seconds",
            helpText: "Time from a request's head to its last response byte queued, by route and schema.")
    }

    private struct Key: Hashable {
        var route: RouteLabel
        var schema: String
    }

    private let registry: PrometheusCollectorRegistry
    /// Decides whether a name may become a label: registered models only.
    private let isRegistered: @Sendable (String) -> Bool
    private let histograms = Guarded<[Key: DurationHistogram]>([:])

    init(registry: PrometheusCollectorRegistry, isRegistered: @escaping @Sendable (String) -> Bool) {
        self.registry = registry
        self.isRegistered = isRegistered
    }

    /// Records one request.
    func record(route: RouteLabel, schema: String?, nanoseconds: UInt64) {
        histogram(route, schema ?? "").recordNanoseconds(Int64(clamping: nanoseconds))
    }

    private func histogram(_ route: RouteLabel, _ schema: String) -> DurationHistogram {
        let key = Key(route: route, schema: schema)
        if let known = histograms.withLock({ $0[key] }) { return known }
        // Never seen: a name only becomes a label once it is known to be a model.
        let label = schema.isEmpty || isRegistered(schema) ? key : Key(route: route, schema: "")
        return histograms.withLock { table in
            if let known = table[label] { return known }
            let made = registry.makeDurationHistogram(
                descriptor: RequestDurations.descriptor,
                labels: [("route", route.name), ("schema", label.schema)],
                buckets: RequestDurations.buckets)
            table[label] = made
            return made
        }
    }
}
