import CMicroHTTPD  // MSG_DONTWAIT and MSG_NOSIGNAL: sys/socket.h as the shim includes it (Glibc's module does not export them to every file)
import Glibc
import Primitives
import Synchronization

/// Keeps the open connections and cuts off those past their `Deadlines`, from a thread of its
/// own: a head or body past its deadline gets a 408 written straight to the socket, then the
/// socket is shut down, which libmicrohttpd sees as the client leaving and closes.
///
/// A connection is removed in libmicrohttpd's closed notification, which comes before its
/// socket is closed; the socket is shut down only under the same lock, so it is never one that
/// was closed and reused.
final class Watchdog: Sendable {
    /// A connection the watchdog or the parser check cut off, for the log.
    struct Cut: Sendable {
        var status: Int
        var reason: String
    }

    let deadlines: Deadlines
    // The lock guards the table of open connections.
    private let open = Guarded<[ObjectIdentifier: ClientConnection]>([:])
    private let thread = RepeatingThread()
    private let report: @Sendable ([Cut]) -> Void
    /// Seconds between checks of the connections.
    private static let period = 0.2

    /// `report` hears, outside the lock, which connections were cut off.
    init(deadlines: Deadlines, report: @escaping @Sendable ([Cut]) -> Void) {
        self.deadlines = deadlines
        self.report = report
    }

    func add(_ connection: ClientConnection) {
        open.withLock { $0[ObjectIdentifier(connection)] = connection }
    }

    func remove(_ connection: ClientConnection) {
        _ = open.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// Starts checking, until `stop`.
    func start() {
        thread.start(every: Watchdog.period, name: "convertd-watchdog") { [self] in
            let cuts = sweep(now: MonotonicClock.milliseconds)
            if !cuts.isEmpty { report(cuts) }
        }
    }

    func stop() {
        thread.stop()
    }

    /// Cuts off every connection past its deadline.
    private func sweep(now: UInt64) -> [Cut] {
        open.withLock { open in
            var cuts: [Cut] = []
            for connection in open.values {
                let (phase, since) = connection.phase
                let bytes = phase == .responding ? connection.responseSize.load(ordering: .relaxed) : connection.received.load(ordering: .relaxed)
                let verdict = deadlines.verdict(phase, elapsed: Watchdog.elapsed(since: since, now: now), bytes: bytes)
                guard verdict != .keep, !Watchdog.waitsOnTheServer(connection.socket, phase),
                      connection.cut(ifStill: phase, since: since) else { continue }
                if verdict == .timeOut {
                    let error = TransportError.requestTimeout(phase == .head ? "head" : "body")
                    Watchdog.answer(connection.socket, error.response)
                    // A request cut off in its body is logged when libmicrohttpd ends it.
                    if phase == .head { cuts.append(Cut(status: error.status, reason: error.message)) }
                } else if phase == .responding {
                    cuts.append(Cut(status: 0, reason: "the client read the response too slowly"))
                }
                shutdown(connection.socket, Int32(SHUT_RDWR))
            }
            return cuts
        }
    }

    /// Answers, on the calling libmicrohttpd thread, a request whose whole head libmicrohttpd
    /// has just rejected with `status` (a malformed `Content-Length`, an unsupported version):
    /// its own answer has no JSON body. The request is this thread's one connection whose head
    /// has arrived but was not handed on (`MicroHTTPDContract`, 3): libmicrohttpd takes a
    /// connection from a received head to the access handler in one step, so no other can be
    /// in that state. With none, or more than one, nothing is done and libmicrohttpd answers.
    func answerRejectedHead(status: Int, headReceived: (ClientConnection) -> Bool) -> Cut? {
        let thread = pthread_self()
        return open.withLock { open in
            let candidates = open.values.filter { pthread_equal($0.thread, thread) != 0 && $0.phase.phase == .head && headReceived($0) }
            guard candidates.count == 1, let connection = candidates.first else { return nil }
            let (phase, since) = connection.phase
            guard connection.cut(ifStill: phase, since: since) else { return nil }
            let error = TransportError.rejectedHead(status: status)
            Watchdog.answer(connection.socket, error.response)
            shutdown(connection.socket, Int32(SHUT_RDWR))
            return Cut(status: error.status, reason: error.message)
        }
    }

    /// Milliseconds from `since` to `now`. A phase entered after `now` was read, while the sweep
    /// ran, has not begun to count: a wrapping subtraction would make it look ages old and cut
    /// a connection that just finished a request.
    static func elapsed(since: UInt64, now: UInt64) -> UInt64 {
        now > since ? now - since : 0
    }

    /// Whether a late connection is late because of the server, not the client: bytes it sent
    /// wait unread (its thread is busy with another request), or, while answering, nothing
    /// sent waits for the client to read. Only a client that holds things up is cut off.
    private static func waitsOnTheServer(_ socket: Int32, _ phase: ClientConnection.Phase) -> Bool {
        var bytes: Int32 = 0
        if phase == .responding {
            return ioctl(socket, UInt(TIOCOUTQ), &bytes) == 0 && bytes == 0
        }
        return ioctl(socket, UInt(FIONREAD), &bytes) == 0 && bytes > 0
    }

    /// Writes a whole response to a socket without waiting: what does not fit in the socket's
    /// buffer is dropped, as the connection closes anyway.
    private static func answer(_ socket: Int32, _ response: HTTPResponse) {
        let bytes = RawResponse.bytes(of: response)
        _ = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
    }
}
