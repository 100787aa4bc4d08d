import Foundation
import Glibc
import Synchronization

/// Where log lines go: stderr, with one `write(2)` per line, or — once `startBuffering` has
/// been called, as `serve` does — through a buffer per thread that is written when it fills,
/// when a line is urgent (an error, a lifecycle message), and every `interval` by a flusher
/// thread. Under load the request log then costs one `write(2)` per some hundred requests
/// instead of one per request; on a quiet server a line appears within the interval.
///
/// A thread's lines stay in their order, and a line is never split: each write holds whole
/// lines. A process killed by a signal loses at most the last interval's request lines.
enum LogOutput {
    /// A buffer is written once it holds this much.
    static let bufferBytes = 16 << 10

    /// One thread's pending lines, behind a lock the flusher also takes.
    private final class Pending: @unchecked Sendable {
        // The lock guards `bytes`.
        let lock = NSLock()
        var bytes: [UInt8] = []

        init() {
            bytes.reserveCapacity(LogOutput.bufferBytes + 512)
        }

        /// Writes what is pending; called with the lock held.
        func drain() {
            guard !bytes.isEmpty else { return }
            bytes.withUnsafeBytes { LogOutput.writeAll($0) }
            bytes.removeAll(keepingCapacity: true)
        }
    }

    private static let flusher = RepeatingThread()
    private static let buffering = Atomic<Bool>(false)
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
        flusher.start(every: interval, name: "convertd-log") { flush() }
    }

    /// Writes a line (or several whole lines).
    static func write(_ line: UnsafeRawBufferPointer, urgent: Bool) {
        guard buffering.load(ordering: .relaxed) else { return writeAll(line) }
        let pending = current
        pending.lock.withLock {
            pending.bytes.append(contentsOf: line)
            if urgent || pending.bytes.count >= bufferBytes { pending.drain() }
        }
    }

    /// Writes every thread's pending lines now: before the process exits, and from the flusher.
    static func flush() {
        for pending in registered.withLock({ $0 }) {
            pending.lock.withLock { pending.drain() }
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
