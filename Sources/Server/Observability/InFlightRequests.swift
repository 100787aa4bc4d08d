import Glibc

/// The requests in progress, each as a short summary (method, path, request id, start), so a
/// shutdown that gives up on some can say which.
///
/// Kept off the request path's shared cache lines: each worker thread notes its requests in a
/// slot of its own, made and registered on its first request, under the slot's own lock, which
/// only that thread takes, except for the rare `snapshot`. libmicrohttpd keeps a connection
/// on one thread, so a request ends on the thread it began on and its slot holds the few
/// requests of that thread's connections.
final class InFlightRequests: Sendable {
    /// One request in progress.
    struct Summary: Sendable, Equatable {
        var method: String
        var path: String
        var requestID: String
        /// A key unique among the requests in progress: the span convertd answers the request as.
        var span: UInt64
        /// When the request's head arrived, on the coarse monotonic clock, in nanoseconds.
        var started: UInt64

        /// Seconds from the request's head to `now`.
        func seconds(at now: UInt64) -> Double {
            Double(now &- started) / 1e9
        }
    }

    // The lock guards the list of every thread's slot: taken when a thread registers its slot
    // and by `snapshot`, never per request.
    private let slots = Guarded<[Slot]>([])

    /// A request's head has arrived.
    func begin(_ head: RequestHead) {
        let summary = Summary(method: head.method, path: head.path, requestID: head.requestID, span: head.trace.span,
                              started: InFlightRequests.now)
        slot.requests.withLock { $0.append(summary) }
    }

    /// A request begun with `head` has ended.
    func end(_ head: RequestHead) {
        let span = head.trace.span
        if slot.requests.withLock({ InFlightRequests.remove(span, from: &$0) }) { return }
        // Not this thread's: a request that ended on another thread than it began on.
        for other in slots.withLock({ $0 }) where other.requests.withLock({ InFlightRequests.remove(span, from: &$0) }) { return }
    }

    /// The requests in progress now, oldest first.
    func snapshot() -> [Summary] {
        slots.withLock { $0 }.flatMap { slot in slot.requests.withLock { $0 } }.sorted { $0.started < $1.started }
    }

    /// The coarse monotonic clock (a few milliseconds' resolution, no system call), in nanoseconds.
    static var now: UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// Removes the request with `span`; false when `requests` has none.
    private static func remove(_ span: UInt64, from requests: inout [Summary]) -> Bool {
        // The newest first: on a busy thread the request ending is usually the last one begun.
        guard let index = requests.lastIndex(where: { $0.span == span }) else { return false }
        requests.remove(at: index)
        return true
    }

    /// The calling thread's slot, registered on its first request.
    private var slot: Slot {
        let memo = SlotMemo.current
        if memo.owner === self, let slot = memo.slot { return slot }
        // A thread that served another tracker in between (tests) finds its slot again.
        let thread = pthread_self()
        let found = slots.withLock { list in
            if let known = list.first(where: { pthread_equal($0.thread, thread) != 0 }) { return known }
            list.append(Slot(thread: thread))
            return list[list.count - 1]
        }
        memo.remember(found, for: self)
        return found
    }
}

/// One thread's requests in progress.
private final class Slot: Sendable {
    let thread: pthread_t
    // The lock guards the thread's requests in progress: taken by the thread itself per request,
    // and by a snapshot.
    let requests = Guarded<[InFlightRequests.Summary]>([])

    init(thread: pthread_t) {
        self.thread = thread
        requests.withLock { $0.reserveCapacity(8) }
    }
}

/// A thread's slot and the tracker it belongs to. The owner is held so that a tracker made later
/// at the same address cannot be mistaken for it (one service per process; tests make many).
private final class SlotMemo {
    private(set) var owner: InFlightRequests?
    private(set) var slot: Slot?

    func remember(_ slot: Slot, for owner: InFlightRequests) {
        self.owner = owner
        self.slot = slot
    }

    private static let perThread = ThreadLocal { SlotMemo() }

    /// The calling thread's memo.
    static var current: SlotMemo { perThread.current }
}
