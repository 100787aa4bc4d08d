import Foundation
import Glibc
import Primitives
import Synchronization

/// Closes sockets the way nginx's lingering close does: once the answer is written and the
/// sending side shut, what the client still sends is read and dropped until it closes too, or
/// for at most `seconds`. Closing a socket with unread bytes in it makes the kernel send a
/// reset, and a reset can reach the client before it has read the answer: a client still
/// sending the body of a refused request (413, 400, 503 over the limit) would see its
/// connection reset instead of its answer.
///
/// One thread polls every lingering socket (a few at a time, usually none: `poll` over the set
/// each tick is simpler than an epoll set and as cheap). At most `capacity` linger at once; past
/// that a socket is closed at once, as without lingering.
final class LingeringClose: Sendable {
    let capacity: Int
    let seconds: Double
    private let stopping = Atomic<Bool>(false)
    private let started = Atomic<Bool>(false)
    private let stopped = DispatchSemaphore(value: 0)
    // The lock guards the lingering sockets and the monotonic millisecond each is closed by.
    private let lingering = Guarded<[Int32: UInt64]>([:])
    /// Milliseconds between sweeps for sockets past their time.
    private static let tick: Int32 = 100

    init(capacity: Int = 1024, seconds: Double = 5) {
        self.capacity = capacity
        self.seconds = seconds
    }

    /// Sockets lingering now.
    var count: Int { lingering.withLock { $0.count } }

    /// Takes `socket` over: shuts its sending side (what was written still goes out first) and
    /// reads what arrives until the client closes, or closes it at once when full.
    func close(_ socket: Int32) {
        shutdown(socket, Int32(SHUT_WR))
        let flags = fcntl(socket, F_GETFL)
        _ = fcntl(socket, F_SETFL, flags | O_NONBLOCK)
        let deadline = MonotonicClock.milliseconds + UInt64(seconds * 1000)
        let taken = lingering.withLock { lingering -> Bool in
            guard !stopping.load(ordering: .relaxed), lingering.count < capacity else { return false }
            lingering[socket] = deadline
            return true
        }
        if !taken { Glibc.close(socket) }
    }

    /// Starts the reading thread.
    func start() {
        started.store(true, ordering: .relaxed)
        let thread = Thread { [self] in
            let scratch = UnsafeMutableRawPointer.allocate(byteCount: 64 * 1024, alignment: 16)
            defer { scratch.deallocate() }
            var polled: [pollfd] = []
            while !stopping.load(ordering: .relaxed) {
                // Only this thread closes what is in the table, so the snapshot's sockets stay open.
                polled = lingering.withLock { $0.keys.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) } }
                let ready = poll(&polled, nfds_t(polled.count), LingeringClose.tick)
                if ready > 0 {
                    for entry in polled where entry.revents != 0 && LingeringClose.drained(entry.fd, into: scratch) {
                        finish(entry.fd)
                    }
                }
                sweep(now: MonotonicClock.milliseconds)
            }
            stopped.signal()
        }
        thread.name = "convertd-linger"
        thread.start()
    }

    /// Stops the thread and closes every socket still lingering.
    func stop() {
        guard !stopping.exchange(true, ordering: .relaxed) else { return }
        if started.load(ordering: .relaxed) { stopped.wait() }
        let sockets = lingering.withLock { lingering in
            defer { lingering = [:] }
            return Array(lingering.keys)
        }
        for socket in sockets { Glibc.close(socket) }
    }

    /// Reads what is waiting; true once the client has closed its side (or the socket failed).
    private static func drained(_ socket: Int32, into scratch: UnsafeMutableRawPointer) -> Bool {
        while true {
            let read = recv(socket, scratch, 64 * 1024, 0)  // non-blocking since `close(_:)`
            if read > 0 { continue }
            return read == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
        }
    }

    private func finish(_ socket: Int32) {
        let held = lingering.withLock { $0.removeValue(forKey: socket) != nil }
        if held { Glibc.close(socket) }
    }

    /// Closes the sockets past their time: the client had long enough to read its answer.
    private func sweep(now: UInt64) {
        let expired = lingering.withLock { lingering -> [Int32] in
            let expired = lingering.filter { $0.value <= now }.map(\.key)
            for socket in expired { lingering[socket] = nil }
            return expired
        }
        for socket in expired { Glibc.close(socket) }
    }
}
