import Dispatch

/// The service's request counters for `/stats`: requests by status, in flight, open connections,
/// uptime. Lock-free, so a snapshot is exact per counter, not across counters.
final class ServiceStats: Sendable {
    /// One counter per status code 0–599; 0 counts requests whose client left before the answer.
    private let byStatus: [Gauge] = (0..<600).map { _ in Gauge() }
    private let inFlightGauge = Gauge()
    /// Open TCP connections, kept by the HTTP server.
    let connections = Gauge()
    private let startedAt = DispatchTime.now().uptimeNanoseconds

    /// A request has arrived.
    func begin() {
        inFlightGauge.add(1)
    }

    /// A request has ended with `status`.
    func end(status: Int) {
        inFlightGauge.add(-1)
        byStatus[byStatus.indices.contains(status) ? status : 0].add(1)
    }

    /// A request the server answered (or closed) itself, never in flight.
    func refused(status: Int) {
        byStatus[byStatus.indices.contains(status) ? status : 0].add(1)
    }

    var inFlight: Int { inFlightGauge.value }

    var uptimeSeconds: Double { Double(DispatchTime.now().uptimeNanoseconds - startedAt) / 1e9 }

    /// Requests answered, by status code, leaving out the codes never sent.
    var requestsByStatus: [(status: Int, count: Int)] {
        byStatus.indices.compactMap { status in
            let count = byStatus[status].value
            return count > 0 ? (status, count) : nil
        }
    }
}
