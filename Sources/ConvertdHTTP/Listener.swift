import Dispatch
import Foundation
import Glibc
import Synchronization

/// convertd's listening socket and the thread that accepts on it. Owning the socket lets
/// shutdown stop accepting by closing it, so new clients are refused at once and move to other
/// instances: libmicrohttpd's own way, `MHD_quiesce_daemon`, races its epoll workers and can
/// abort the process.
final class Listener: Sendable {
    /// Why the socket could not be opened.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The port bound (the chosen one when asked for port 0).
    let port: Int
    private let socket: Int32
    private let stopping = Atomic<Bool>(false)
    private let stopped = DispatchSemaphore(value: 0)
    private let started = Atomic<Bool>(false)

    /// Binds `host:port` and listens; an IPv6 address takes IPv4 clients too. A port another
    /// process listens on is refused, unless `sharePort` asks to share it with processes that
    /// ask the same (`SO_REUSEPORT`: the kernel spreads connections between them).
    init(host: String, port: Int, sharePort: Bool = false) throws(Failure) {
        let opened: TCPSocket
        do { opened = try TCPSocket(host: host, port: port, passive: true) } catch { throw Failure(description: error.description) }
        defer { opened.release() }
        let descriptor = opened.descriptor, address = opened.address
        var on: Int32 = 1
        var off: Int32 = 0
        // SO_REUSEADDR only lets a restarted server bind while old connections linger in
        // TIME_WAIT; it does not let two servers listen on one port.
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if sharePort { setsockopt(descriptor, SOL_SOCKET, SO_REUSEPORT, &on, socklen_t(MemoryLayout<Int32>.size)) }
        if address.ai_family == AF_INET6 {
            setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &off, socklen_t(MemoryLayout<Int32>.size))
        }
        guard bind(descriptor, address.ai_addr, address.ai_addrlen) == 0, listen(descriptor, SOMAXCONN) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "cannot listen on \(host):\(port): \(reason)")
        }
        socket = descriptor
        self.port = Listener.boundPort(descriptor)
    }

    /// Accepts on a thread of its own until `stop`, handing each client's socket and address on.
    func start(handOff: @escaping @Sendable (Int32, UnsafePointer<sockaddr>, socklen_t) -> Void) {
        started.store(true, ordering: .relaxed)
        let thread = Thread { [self] in
            var address = sockaddr_storage()
            while !stopping.load(ordering: .relaxed) {
                var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
                let client = withUnsafeMutablePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(socket, $0, &length) }
                }
                if client >= 0 {
                    withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { handOff(client, $0, length) } }
                    continue
                }
                switch errno {
                case EINTR, ECONNABORTED, EAGAIN, EPROTO, EPERM:
                    continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    usleep(10_000)  // out of descriptors or memory: let connections close, then accept again
                default:
                    if !stopping.load(ordering: .relaxed) { usleep(10_000) }
                }
            }
            stopped.signal()
        }
        thread.name = "convertd-accept"
        thread.start()
    }

    /// Stops accepting and closes the socket: clients that connect from now on are refused.
    func stop() {
        guard !stopping.exchange(true, ordering: .relaxed) else { return }
        // Shutting a listening socket down wakes the thread blocked in accept (EINVAL).
        shutdown(socket, Int32(SHUT_RDWR))
        if started.load(ordering: .relaxed) { stopped.wait() }
        close(socket)
    }

    private static func boundPort(_ socket: Int32) -> Int {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        switch Int32(address.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) } }
        case AF_INET6:
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) } }
        default:
            return 0
        }
    }
}
