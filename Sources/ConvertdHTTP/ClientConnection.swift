import Glibc
import Primitives
import Synchronization

/// One open TCP connection as the deadline watchdog sees it: its socket, the phase its current
/// request is in and since when, and how many bytes have moved. libmicrohttpd's thread for the
/// connection moves it from phase to phase; the watchdog may cut it off from another thread.
/// Both change the phase by compare-and-exchange, so exactly one of them wins a race.
final class ClientConnection: Sendable {
    /// Where a connection is in the life of a request.
    enum Phase: UInt64, Sendable {
        /// Between requests: connected, or the previous response sent; no request line yet.
        case idle
        /// The request line has arrived; the rest of the head has not.
        case head
        /// The head has been handed to the service; the body is arriving.
        case body
        /// The body is in; the service is working on the answer (no deadline: its work is
        /// bounded by the body's size).
        case processing
        /// The answer is queued and being sent.
        case responding
        /// The watchdog closed the connection; libmicrohttpd's thread must stop serving it.
        case cut
    }

    /// The connection's socket; valid until libmicrohttpd's closed notification.
    let socket: Int32
    /// The libmicrohttpd thread that serves the connection.
    let thread: pthread_t
    /// libmicrohttpd's handle, used only on `thread`.
    nonisolated(unsafe) let handle: OpaquePointer
    /// Accepted over the service's connection limit: only probes are answered.
    let overLimit: Bool
    /// The client's address, counted in `Admission` until the connection closes.
    let address: ClientAddress
    /// Why the current request's target is refused, decided when it arrived; touched only on `thread`.
    nonisolated(unsafe) var refusal: TransportError?
    /// The server ends the connection with an answer the client may still be sending into:
    /// it is closed lingering. Touched only on `thread`.
    nonisolated(unsafe) var lingers = false
    /// The phase in the low 3 bits, the monotonic millisecond it began above them.
    private let state: Atomic<UInt64>
    /// Body bytes received by the current request.
    let received = Atomic<Int>(0)
    /// Bytes of the current response.
    let responseSize = Atomic<Int>(0)

    init(socket: Int32, thread: pthread_t, handle: OpaquePointer, overLimit: Bool, address: ClientAddress) {
        self.socket = socket
        self.thread = thread
        self.handle = handle
        self.overLimit = overLimit
        self.address = address
        state = Atomic(ClientConnection.pack(.idle, at: MonotonicClock.milliseconds))
    }

    /// The current phase and the millisecond it began.
    var phase: (phase: Phase, since: UInt64) {
        ClientConnection.unpack(state.load(ordering: .acquiring))
    }

    /// Enters `next` from whatever phase the connection is in, unless it was cut; false then.
    /// Each step of a request says where it is rather than where it came from, so a step that
    /// libmicrohttpd skips (a request it ended itself) cannot leave a stale phase behind.
    @discardableResult
    func enter(_ next: Phase) -> Bool {
        var current = state.load(ordering: .relaxed)
        while current & ClientConnection.phaseMask != Phase.cut.rawValue {
            let (exchanged, found) = state.compareExchange(expected: current, desired: ClientConnection.pack(next, at: MonotonicClock.milliseconds),
                                                           ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = found
        }
        return false
    }

    /// A request ended: back to idle unless the connection was cut.
    func finishRequest() {
        refusal = nil
        received.store(0, ordering: .relaxed)
        responseSize.store(0, ordering: .relaxed)
        enter(.idle)
    }

    /// Claims the connection for cutting off if it is still in `phase` since `since`; the
    /// caller then closes its socket.
    func cut(ifStill phase: Phase, since: UInt64) -> Bool {
        state.compareExchange(expected: ClientConnection.pack(phase, at: since), desired: ClientConnection.pack(.cut, at: since),
                              ordering: .acquiringAndReleasing).exchanged
    }

    private static let phaseMask: UInt64 = 0b111

    private static func pack(_ phase: Phase, at milliseconds: UInt64) -> UInt64 {
        milliseconds << 3 | phase.rawValue
    }

    private static func unpack(_ word: UInt64) -> (Phase, UInt64) {
        (Phase(rawValue: word & phaseMask) ?? .cut, word >> 3)
    }
}
