import Dispatch
import Glibc

/// Reads a regular file's next chunk on a thread of its own while the caller works on the
/// chunk before it: two buffers, one the caller holds and one being read, so the copy out of
/// the page cache (about a tenth of converting a large array) overlaps the conversion.
///
/// Only for regular files: a read from one always returns, so stopping early never waits on a
/// pipe's writer.
final class ReadAhead {
    private let shared: Shared
    /// The buffer the caller holds.
    private var held: Int
    /// Set once a read reached the end or failed: the thread has returned.
    private var ended = false

    /// Starts reading `descriptor` into the buffer the caller does not hold (`buffers[1 - held]`).
    /// The buffers stay the caller's, to free after this is gone.
    init(descriptor: Int32, buffers: [UnsafeMutableBufferPointer<UInt8>], held: Int) {
        let shared = Shared(descriptor: descriptor, buffers: buffers)
        self.shared = shared
        self.held = held
        DispatchQueue(label: "convertd.read-ahead").async { shared.readLoop(from: 1 - held) }
    }

    /// Stops the thread (at its next chunk) and waits for it to return.
    deinit {
        if !ended {
            shared.stopping = true
            shared.released.signal()
            shared.done.wait()
        }
    }

    /// Gives back the held buffer and returns the next chunk (empty at the end), or the read's
    /// errno when it failed.
    func next() -> (chunk: UnsafeBufferPointer<UInt8>, error: Int32) {
        let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        if ended { return (none, 0) }
        shared.released.signal()
        shared.filled.wait()
        held = 1 - held
        let (count, error) = shared.outcomes[held]
        if count <= 0 {
            ended = true
            shared.done.wait()
            return (none, count < 0 ? error : 0)
        }
        return (UnsafeBufferPointer(rebasing: shared.buffers[held][..<count]), 0)
    }

    /// What the caller and the reading thread share; each field is handed over by a semaphore.
    private final class Shared: @unchecked Sendable {
        let descriptor: Int32
        let buffers: [UnsafeMutableBufferPointer<UInt8>]
        /// Per buffer, what its last read gave: a byte count, or -1 and the errno.
        let outcomes = UnsafeMutablePointer<(count: Int, error: Int32)>.allocate(capacity: 2)
        /// Signalled when the caller gives its buffer back, or when it stops.
        let released = DispatchSemaphore(value: 0)
        /// Signalled when a buffer has been read.
        let filled = DispatchSemaphore(value: 0)
        /// Signalled when the reading thread returns.
        let done = DispatchSemaphore(value: 0)
        var stopping = false

        init(descriptor: Int32, buffers: [UnsafeMutableBufferPointer<UInt8>]) {
            self.descriptor = descriptor
            self.buffers = buffers
            outcomes.initialize(repeating: (0, 0), count: 2)
        }

        deinit {
            outcomes.deallocate()
        }

        func readLoop(from first: Int) {
            var slot = first
            while true {
                var count: Int
                repeat {
                    count = read(descriptor, buffers[slot].baseAddress, buffers[slot].count)
                } while count < 0 && errno == EINTR
                outcomes[slot] = (count, count < 0 ? errno : 0)
                filled.signal()
                if count <= 0 { break }
                // The next read goes into the buffer the caller holds now, once it gives it back.
                released.wait()
                if stopping { break }
                slot = 1 - slot
            }
            done.signal()
        }
    }
}
