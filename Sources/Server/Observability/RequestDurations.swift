import MappingEngine
import Primitives
import Prometheus

/// How long requests took, as Prometheus histograms by route and schema
/// (`convertd_http_request_duration_seconds`), recorded when each request ends.
///
/// The `schema` label only ever holds a registered model's name: a request naming an unknown
/// one is recorded with `schema=""`, so clients cannot grow the number of series. A histogram
/// is made the first time its pair is seen and then found in a table under a short lock; each
/// thread remembers the last one it recorded into, so a run of requests for one model takes
/// neither the table's lock (which the pool threads contended for) nor a hash of the name.
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
        let schema = schema ?? ""
        let memo = LastHistogram.current
        if memo.owner === self, memo.route == route, memo.schema == schema, let histogram = memo.histogram {
            return histogram.recordNanoseconds(Int64(clamping: nanoseconds))
        }
        let (histogram, labelled) = self.histogram(route, schema)
        // A name recorded under `schema=""` is looked up again next time: it may have become a model.
        if labelled { memo.remember(histogram, for: self, route: route, schema: schema) }
        histogram.recordNanoseconds(Int64(clamping: nanoseconds))
    }

    /// The histogram for the pair, and whether it is labelled with `schema` itself.
    private func histogram(_ route: RouteLabel, _ schema: String) -> (DurationHistogram, labelled: Bool) {
        let key = Key(route: route, schema: schema)
        if let known = histograms.withLock({ $0[key] }) { return (known, true) }
        // Never seen: a name only becomes a label once it is known to be a model.
        let label = schema.isEmpty || isRegistered(schema) ? key : Key(route: route, schema: "")
        let histogram = histograms.withLock { table in
            if let known = table[label] { return known }
            let made = registry.makeDurationHistogram(
                descriptor: RequestDurations.descriptor,
                labels: [("route", route.name), ("schema", label.schema)],
                buckets: RequestDurations.buckets)
            table[label] = made
            return made
        }
        return (histogram, label == key)
    }
}

/// A thread's last histogram looked up, with what it was looked up by. Histograms are never
/// dropped from their table, so a remembered one stays the right one; the owner is held so that
/// a service made later at the same address cannot be mistaken for it.
private final class LastHistogram {
    private(set) var owner: RequestDurations?
    private(set) var route = RouteLabel.unmatched
    private(set) var schema = ""
    private(set) var histogram: DurationHistogram?

    func remember(_ histogram: DurationHistogram, for owner: RequestDurations, route: RouteLabel, schema: String) {
        self.owner = owner
        self.route = route
        self.schema = schema
        self.histogram = histogram
    }

    private static let perThread = ThreadLocal { LastHistogram() }

    /// The calling thread's memo.
    static var current: LastHistogram { perThread.current }
}
