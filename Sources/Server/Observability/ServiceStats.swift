import ConvertdHTTP
import Dispatch
import MappingEngine
import Primitives
import Prometheus

/// The service's own counters, the one source of truth that both `/stats` (JSON) and `/metrics`
/// (Prometheus) read: requests by route and status, bytes in and out, conversion errors by
/// code, requests in flight, open connections, uptime. Lock-free: every request adds to a few
/// relaxed atomics, so a snapshot is exact per counter, not across counters. Durations are
/// histograms, kept in `durations`; which requests are in flight, in `inProgress`.
final class ServiceStats: Sendable {
    /// Status codes 0–599 have a count each; 0 counts requests whose client left before the answer.
    static let statuses = 600
    /// Requests by route (row) and status (column).
    private let requests = AtomicCounts(count: RouteLabel.allCases.count * ServiceStats.statuses)
    /// Errors in conversion answers by `ErrorCode`, in `ErrorCode.allCases` order.
    private let errors = AtomicCounts(count: ErrorCode.allCases.count)
    private let inFlightGauge = AtomicGauge()
    /// The requests in flight themselves, for the shutdown to name those it abandons.
    let inProgress = InFlightRequests()
    private let bytesInGauge = AtomicGauge()
    private let bytesOutGauge = AtomicGauge()
    /// Open TCP connections, kept by the HTTP server.
    let connections = AtomicGauge()
    /// Connections the HTTP server answered 503 at accept (over its limits), ever.
    let refusedConnections = AtomicGauge()
    /// Where the histograms live, and what `/metrics` writes out.
    let registry = PrometheusCollectorRegistry()
    /// How long requests took, by route and schema.
    let durations: RequestDurations
    private let startedAt = DispatchTime.now().uptimeNanoseconds

    /// Counters for a service in front of `engine`, whose models may label durations.
    init(engine: Engine) {
        durations = RequestDurations(registry: registry) { engine.registry.models[$0] != nil }
    }

    /// A request has arrived.
    func begin(_ head: RequestHead) {
        inFlightGauge.add(1)
        inProgress.begin(head)
    }

    /// The request of `head` has ended with `status` after `nanoseconds`; returns the values its
    /// answer recovered from, for the request log.
    @discardableResult
    func end(_ head: RequestHead, endpoint: Endpoint?, status: Int, bytesIn: Int, bytesOut: Int, nanoseconds: UInt64) -> Int {
        inFlightGauge.add(-1)
        let warnings = inProgress.end(head)?.warnings ?? 0
        let route = RouteLabel(endpoint)
        requests.add(1, at: ServiceStats.cell(route, status))
        bytesInGauge.add(bytesIn)
        bytesOutGauge.add(bytesOut)
        durations.record(route: route, schema: endpoint?.schemaName, nanoseconds: nanoseconds)
        return warnings
    }

    /// A request the server answered (or closed) itself, never in flight.
    func refused(status: Int) {
        requests.add(1, at: ServiceStats.cell(.refused, status))
    }

    /// Counts the errors a conversion answer lists, by code, and its rules that failed by
    /// `schema` and the code clients saw. A closing `too_many_errors` entry counts the errors
    /// past the cap under its own code: the engine counts those without classifying them.
    func conversionErrors(_ listed: [ConversionError], schema: String) {
        for error in listed {
            let count = error.code == .tooManyErrors ? max(1, (error.total ?? 0) - (listed.count - 1)) : 1
            errors.add(count, at: ServiceStats.errorIndex[error.code] ?? 0)
            if error.rule != nil { ruleFailure(schema: schema, code: error.codeText) }
        }
    }

    /// Rules that failed, by schema and code. The pairs come from the schemas (a registered
    /// model, a code its rules declare), so clients cannot grow them; past `maxRulePairs` (a
    /// registry rewritten many times over), further pairs count under `schema=""`, `code=""`.
    private let ruleFailures = Guarded<[RuleFailureKey: Int]>([:])
    static let maxRulePairs = 10_000

    private func ruleFailure(schema: String, code: String) {
        ruleFailures.withLock { table in
            let key = table.count < ServiceStats.maxRulePairs || table[RuleFailureKey(schema: schema, code: code)] != nil
                ? RuleFailureKey(schema: schema, code: code) : RuleFailureKey(schema: "", code: "")
            table[key, default: 0] += 1
        }
    }

    /// Rules failed, by schema and code, sorted.
    var ruleFailuresBySchema: [(schema: String, code: String, count: Int)] {
        ruleFailures.withLock { $0.map { ($0.key.schema, $0.key.code, $0.value) } }.sorted { ($0.schema, $0.code) < ($1.schema, $1.code) }
    }

    /// Values recovered from, by schema, code and action.
    let recoveries = RecoveryCounts()

    /// Counts one error of `code` (a body that is not JSON, too deep, empty).
    func conversionError(_ code: ErrorCode) {
        errors.add(1, at: ServiceStats.errorIndex[code] ?? 0)
    }

    var inFlight: Int { inFlightGauge.value }
    var bytesIn: Int { bytesInGauge.value }
    var bytesOut: Int { bytesOutGauge.value }

    var uptimeSeconds: Double { Double(DispatchTime.now().uptimeNanoseconds - startedAt) / 1e9 }

    /// Requests answered by route and status, leaving out the pairs never seen.
    var requestsByRoute: [(route: RouteLabel, status: Int, count: Int)] {
        RouteLabel.allCases.flatMap { route in
            (0..<ServiceStats.statuses).compactMap { status in
                let count = requests[ServiceStats.cell(route, status)]
                return count > 0 ? (route, status, count) : nil
            }
        }
    }

    /// Requests answered by status over every route, leaving out the codes never sent.
    var requestsByStatus: [(status: Int, count: Int)] {
        (0..<ServiceStats.statuses).compactMap { status in
            let count = RouteLabel.allCases.reduce(0) { $0 + requests[ServiceStats.cell($1, status)] }
            return count > 0 ? (status, count) : nil
        }
    }

    /// Errors in conversion answers by code, leaving out the codes never seen.
    var errorsByCode: [(code: ErrorCode, count: Int)] {
        ErrorCode.allCases.enumerated().compactMap { index, code in
            errors[index] > 0 ? (code, errors[index]) : nil
        }
    }

    private struct RuleFailureKey: Hashable {
        var schema: String
        var code: String
    }

    private static let errorIndex = Dictionary(uniqueKeysWithValues: ErrorCode.allCases.enumerated().map { ($1, $0) })

    private static func cell(_ route: RouteLabel, _ status: Int) -> Int {
        route.rawValue * statuses + (0..<statuses ~= status ? status : 0)
    }
}
