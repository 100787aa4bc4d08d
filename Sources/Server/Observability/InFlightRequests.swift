import ConvertdHTTP
import Foundation
import Glibc
import Primitives
import Synchronization

/// The requests in progress, each as a short summary (method, path, request id, start), so a
/// shutdown that gives up on some can say which.
///
/// Kept off the request path's shared cache lines: each worker thread notes its requests in a
/// slot of its own, made and registered on its first request, under the slot's own lock, which
/// only that thread takes, except for the rare `snapshot`. libmicrohttpd keeps a connection
/// on one thread, so a request ends on the thread it began on and its slot holds the few
/// requests of that thread's connections. Measured with callgrind on a release build (a small
/// `/convert` over keep-alive): 1,010 instructions per request, begin and end together, of
/// 81,300 (1.2%); a `Guarded` list (the runtime's exclusivity checks) and a memo holding its
/// tracker (retains) had cost a third more.
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
        /// Values its answer recovered from (`Convertd-Warnings`), for the request log.
        var warnings = 0

        /// Seconds from the request's head to `now`.
        func seconds(at now: UInt64) -> Double {
            Double(now &- started) / 1e9
        }
    }

    /// Tells trackers apart in a thread's memo without holding them.
    private static let trackers = Atomic<UInt64>(0)
    private let id = InFlightRequests.trackers.add(1, ordering: .relaxed).newValue
    // The lock guards the list of every thread's slot: taken when a thread registers its slot
    // and by `snapshot`, never per request. Slots are never removed.
    private let slots = Guarded<[Slot]>([])

    /// A request's head has arrived.
    func begin(_ head: RequestHead) {
        slot.add(Summary(method: head.method, path: head.path, requestID: head.requestID, span: head.trace.span,
                         started: InFlightRequests.now))
    }

    /// A request begun with `head` has ended: its summary, as noted while it ran.
    @discardableResult
    func end(_ head: RequestHead) -> Summary? {
        let span = head.trace.span
        if let ended = slot.remove(span) { return ended }
        // Not this thread's: a request that ended on another thread than it began on.
        for other in slots.withLock({ $0 }) {
            if let ended = other.remove(span) { return ended }
        }
        return nil
    }

    /// Notes that the answer of the request begun with `head` recovered `count` values.
    func noteWarnings(_ head: RequestHead, count: Int) {
        let span = head.trace.span
        if slot.update(span, { $0.warnings += count }) { return }
        for other in slots.withLock({ $0 }) where other.update(span, { $0.warnings += count }) { return }
    }

    /// The requests in progress now, oldest first.
    func snapshot() -> [Summary] {
        slots.withLock { $0 }.flatMap(\.requests).sorted { $0.started < $1.started }
    }

    /// The coarse monotonic clock (a few milliseconds' resolution, no system call), in nanoseconds.
    static var now: UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// The calling thread's slot, registered on its first request.
    private var slot: Slot {
        let memo = SlotMemo.current
        // The slot is held by `slots` as long as this tracker lives, and this tracker is running.
        if memo.tracker == id, let slot = memo.slot { return slot.takeUnretainedValue() }
        // A thread that served another tracker in between (tests) finds its slot again.
        let thread = pthread_self()
        let found = slots.withLock { list in
            if let known = list.first(where: { pthread_equal($0.thread, thread) != 0 }) { return known }
            list.append(Slot(thread: thread))
            return list[list.count - 1]
        }
        memo.tracker = id
        memo.slot = Unmanaged.passUnretained(found)
        return found
    }
}

/// One thread's requests in progress.
private final class Slot: @unchecked Sendable {
    let thread: pthread_t
    // The lock guards `list`: taken by the thread itself per request, and by a snapshot.
    private let lock = NSLock()
    // Only ever touched under the lock: the runtime's exclusivity checks would cost more than
    // the rest of adding a request.
    @exclusivity(unchecked) private var list: [InFlightRequests.Summary] = []

    init(thread: pthread_t) {
        self.thread = thread
        list.reserveCapacity(8)
    }

    func add(_ summary: InFlightRequests.Summary) {
        lock.withLock { list.append(summary) }
    }

    /// Removes the request with `span` and returns it; nil when this slot has none.
    func remove(_ span: UInt64) -> InFlightRequests.Summary? {
        lock.withLock {
            // The newest first: on a busy thread the request ending is usually the last one begun.
            guard let index = list.lastIndex(where: { $0.span == span }) else { return nil }
            return list.remove(at: index)
        }
    }

    /// Changes the request with `span`; false when this slot has none.
    func update(_ span: UInt64, _ change: (inout InFlightRequests.Summary) -> Void) -> Bool {
        lock.withLock {
            guard let index = list.lastIndex(where: { $0.span == span }) else { return false }
            change(&list[index])
            return true
        }
    }

    var requests: [InFlightRequests.Summary] { lock.withLock { list } }
}

/// A thread's slot and the id of the tracker it belongs to.
private final class SlotMemo {
    var tracker: UInt64 = 0
    var slot: Unmanaged<Slot>?

    private static let perThread = ThreadLocal { SlotMemo() }

    /// The calling thread's memo.
    static var current: SlotMemo { perThread.current }
}
