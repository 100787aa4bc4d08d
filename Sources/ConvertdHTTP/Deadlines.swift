/// How long a connection may take over each phase of a request, so that a client trickling
/// bytes is cut off in bounded time whatever it sends (libmicrohttpd's own timeout restarts on
/// every byte). Modelled on nginx's `client_header_timeout` and Apache's `mod_reqtimeout`,
/// whose body timeout grows with the bytes received at a minimum rate.
public struct Deadlines: Sendable, Equatable {
    /// Seconds a connection may stay without a complete request line: idle keep-alive, or a
    /// request line sent byte by byte.
    public var idleSeconds = 30
    /// Seconds from the request line to the end of the head.
    public var headerSeconds = 10
    /// Seconds the body may take before the minimum rate counts.
    public var bodySeconds = 10
    /// Bytes per second a body (or a response read by the client) must average past `bodySeconds`.
    public var minBytesPerSecond = 32 * 1024

    public init(idleSeconds: Int = 30, headerSeconds: Int = 10, bodySeconds: Int = 10, minBytesPerSecond: Int = 32 * 1024) {
        self.idleSeconds = idleSeconds
        self.headerSeconds = headerSeconds
        self.bodySeconds = bodySeconds
        self.minBytesPerSecond = minBytesPerSecond
    }


    /// What the watchdog does with a connection.
    enum Verdict: Equatable {
        case keep
        /// Close it: nothing can be answered (idle, or the response is being sent).
        case close
        /// Answer 408 and close it.
        case timeOut
    }

    /// The verdict on a connection `elapsed` milliseconds into `phase`, having moved `bytes`
    /// (body bytes received, or the response's size while it is sent).
    func verdict(_ phase: ClientConnection.Phase, elapsed: UInt64, bytes: Int) -> Verdict {
        switch phase {
        case .idle: elapsed > UInt64(idleSeconds) * 1000 ? .close : .keep
        case .head: elapsed > UInt64(headerSeconds) * 1000 ? .timeOut : .keep
        case .body: elapsed > allowance(for: bytes) ? .timeOut : .keep
        case .responding: elapsed > allowance(for: bytes) ? .close : .keep
        case .processing, .cut: .keep
        }
    }

    /// Milliseconds allowed to move `bytes`: the body timeout plus the bytes at the minimum rate.
    private func allowance(for bytes: Int) -> UInt64 {
        UInt64(bodySeconds) * 1000 + UInt64(max(0, bytes)) * 1000 / UInt64(max(1, minBytesPerSecond))
    }
}
