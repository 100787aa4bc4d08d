import Foundation
import Glibc
import Primitives
import Synchronization

/// Where log lines go: stderr, with one `write(2)` per line, or — once `startBuffering` has
/// been called, as `serve` does — through a buffer per thread that is written when it fills,
/// when a line is urgent (an error, a lifecycle message), and once its oldest line has waited
/// `interval`: by its own thread at its next line, or by a flusher thread when the thread has
/// gone quiet. Under load the request log then costs one `write(2)` per some hundred requests
/// instead of one per request; on a quiet server a line appears within three intervals.
///
/// The flusher never waits for a busy thread's buffer (it only tries its lock) and leaves a
/// buffer whose thread is still writing to that thread: a flusher that took the lock of every
/// buffer every interval and wrote under it stalled request threads behind it whenever it was
/// descheduled (the futex waits under load, and much of the p99).
///
/// A thread's lines stay in their order, and a line is never split: each write holds whole
/// lines. A process killed by a signal loses at most the last three intervals' request lines.
enum LogOutput {
    /// A buffer is written once it holds this much.
    static let bufferBytes = 16 << 10

    /// One thread's pending lines, behind a lock the flusher also takes.
    private final class Pending: @unchecked Sendable {
        // The lock guards `bytes`.
        let lock = NSLock()
        // Only ever touched under the lock: the runtime's exclusivity checks cost more than appending a line.
        @exclusivity(unchecked) var bytes: [UInt8] = []
        /// The coarse monotonic millisecond the oldest pending line was added, 0 when none is:
        /// stored under the lock, read by the flusher without it.
        let oldest = Atomic<UInt64>(0)

        init() {
            bytes.reserveCapacity(LogOutput.bufferBytes + 512)
        }

        /// Adds a line; called with the lock held.
        func append(_ line: UnsafeRawBufferPointer, at now: UInt64) {
            if bytes.isEmpty { oldest.store(max(1, now), ordering: .relaxed) }
            bytes.append(contentsOf: line)
        }

        /// Whether the oldest pending line has waited `interval` milliseconds by `now`.
        func isDue(at now: UInt64, interval: UInt64) -> Bool {
            let since = oldest.load(ordering: .relaxed)
            return since != 0 && now >= since + interval
        }

        /// Writes what is pending; called with the lock held.
        func drain() {
            guard !bytes.isEmpty else { return }
            bytes.withUnsafeBytes { LogOutput.writeAll($0) }
            bytes.removeAll(keepingCapacity: true)
            oldest.store(0, ordering: .relaxed)
        }
    }

    private static let flusher = RepeatingThread()
    private static let buffering = Atomic<Bool>(false)
    /// How long a line may wait in a buffer, in milliseconds.
    private static let interval = Atomic<UInt64>(50)
    /// Every thread's buffer, so the flusher and `flush` reach them all.
    private static let registered = Guarded<[Pending]>([])
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { stored in
            guard let stored else { return }
            let pending = Unmanaged<Pending>.fromOpaque(stored).takeRetainedValue()
            pending.lock.withLock { pending.drain() }
            LogOutput.registered.withLock { $0.removeAll { $0 === pending } }
        }
        return key
    }()

    /// From now on lines are buffered per thread and written at least every `interval` seconds.
    static func startBuffering(interval: Double) {
        guard !buffering.exchange(true, ordering: .relaxed) else { return }
        self.interval.store(UInt64(max(1, interval * 1000)), ordering: .relaxed)
        flusher.start(every: interval, name: "convertd-log") { flushQuiet() }
    }

    /// Writes a line (or several whole lines).
    static func write(_ line: UnsafeRawBufferPointer, urgent: Bool) {
        guard buffering.load(ordering: .relaxed) else { return writeAll(line) }
        let pending = current
        let now = MonotonicClock.milliseconds
        pending.lock.withLock {
            pending.append(line, at: now)
            if urgent || pending.bytes.count >= bufferBytes || pending.isDue(at: now, interval: interval.load(ordering: .relaxed)) {
                pending.drain()
            }
        }
    }

    /// Writes every thread's pending lines now, waiting for each buffer's lock: before the
    /// process exits.
    static func flush() {
        for pending in registered.withLock({ $0 }) {
            pending.lock.withLock { pending.drain() }
        }
    }

    /// The flusher's round: writes the buffers whose oldest line has waited one and a half
    /// intervals and whose lock is free. A thread adding lines writes its own buffer at the first
    /// line after one interval, so a buffer still due half an interval later belongs to a quiet
    /// thread, and a busy one is never waited for.
    private static func flushQuiet() {
        let now = MonotonicClock.milliseconds
        let interval = interval.load(ordering: .relaxed)
        let overdue = interval + interval / 2
        for pending in registered.withLock({ $0 }) where pending.isDue(at: now, interval: overdue) {
            guard pending.lock.try() else { continue }
            if pending.isDue(at: now, interval: overdue) { pending.drain() }
            pending.lock.unlock()
        }
    }

    /// The calling thread's buffer.
    private static var current: Pending {
        if let stored = pthread_getspecific(key) { return Unmanaged<Pending>.fromOpaque(stored).takeUnretainedValue() }
        let pending = Pending()
        pthread_setspecific(key, Unmanaged.passRetained(pending).toOpaque())
        registered.withLock { $0.append(pending) }
        return pending
    }

    /// `write(2)` until every byte is out (a pipe may take part of a large buffer); gives up on
    /// an error other than an interruption, as a log must never stop the service.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
