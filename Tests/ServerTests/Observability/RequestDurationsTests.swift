import Prometheus
import Testing

@testable import ConvertdHTTP
@testable import convertd

/// `RequestDurations` finds a series through the thread's memo of its last one: the memo must
/// never record into another pair's series, another service's, or keep an unknown name under
/// `schema=""` once it has become a model.
struct RequestDurationsTests {
    private static func counts(_ registry: PrometheusCollectorRegistry) -> Exposition {
        Exposition(registry.emitToString())
    }

    private static func count(route: String, schema: String) -> String {
        #"convertd_http_request_duration_seconds_count{route="\#(route)",schema="\#(schema)"}"#
    }

    @Test func eachPairIsRecordedInItsOwnSeriesWhateverTheOrder() {
        let registry = PrometheusCollectorRegistry()
        let durations = RequestDurations(registry: registry) { ["Book", "Author"].contains($0) }
        let sequence: [(RouteLabel, String?)] = [(.convert, "Book"), (.convert, "Book"), (.convert, "Author"), (.reverse, "Book"),
                                                 (.convert, "Book"), (.health, nil), (.health, nil), (.convert, "Author")]
        for (route, schema) in sequence { durations.record(route: route, schema: schema, nanoseconds: 40_000) }
        let samples = RequestDurationsTests.counts(registry)
        #expect(samples[RequestDurationsTests.count(route: "convert", schema: "Book")] == 3)
        #expect(samples[RequestDurationsTests.count(route: "convert", schema: "Author")] == 2)
        #expect(samples[RequestDurationsTests.count(route: "reverse", schema: "Book")] == 1)
        #expect(samples[RequestDurationsTests.count(route: "healthz", schema: "")] == 2)
    }

    @Test func anUnknownNameIsLookedUpAgainAndGetsItsLabelOnceItIsAModel() {
        let registry = PrometheusCollectorRegistry()
        let known = Locked<Set<String>>([])
        let durations = RequestDurations(registry: registry) { name in known.withLock { $0.contains(name) } }
        durations.record(route: .convert, schema: "Later", nanoseconds: 1_000)
        durations.record(route: .convert, schema: "Later", nanoseconds: 1_000)
        known.withLock { _ = $0.insert("Later") }
        durations.record(route: .convert, schema: "Later", nanoseconds: 1_000)
        let samples = RequestDurationsTests.counts(registry)
        #expect(samples[RequestDurationsTests.count(route: "convert", schema: "")] == 2)
        #expect(samples[RequestDurationsTests.count(route: "convert", schema: "Later")] == 1)
    }

    @Test func twoServicesOnOneThreadKeepTheirOwnSeries() {
        let first = PrometheusCollectorRegistry(), second = PrometheusCollectorRegistry()
        let a = RequestDurations(registry: first) { _ in true }
        let b = RequestDurations(registry: second) { _ in true }
        a.record(route: .convert, schema: "Book", nanoseconds: 1_000)
        b.record(route: .convert, schema: "Book", nanoseconds: 1_000)
        b.record(route: .convert, schema: "Book", nanoseconds: 1_000)
        #expect(RequestDurationsTests.counts(first)[RequestDurationsTests.count(route: "convert", schema: "Book")] == 1)
        #expect(RequestDurationsTests.counts(second)[RequestDurationsTests.count(route: "convert", schema: "Book")] == 2)
    }
}
