import Glibc

/// A TCP socket for `host:port`: the address resolved with `getaddrinfo` (a numeric port, for
/// listening when `passive`) and a socket of its family, for the listener and the health probe.
public struct TCPSocket {
    /// Why no socket could be made.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public let descriptor: Int32
    /// The resolved address, to bind or connect to; valid until `release`.
    public let address: addrinfo
    private let list: UnsafeMutablePointer<addrinfo>

    public init(host: String, port: Int, passive: Bool) throws(Failure) {
        var hints = addrinfo()
        hints.ai_flags = (passive ? AI_PASSIVE : 0) | AI_NUMERICSERV
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let list else {
            throw Failure(description: "cannot resolve host '\(host)': \(String(cString: gai_strerror(status)))")
        }
        let descriptor = Glibc.socket(list.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            freeaddrinfo(list)
            throw Failure(description: "cannot open a socket: \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
        self.list = list
        address = list.pointee
    }

    /// Frees the resolved address; the socket stays open.
    public func release() {
        freeaddrinfo(list)
    }

    /// Whether every address `host` resolves to for a passive socket (as `init` resolves it) is a
    /// loopback one: 127.0.0.0/8, `::1`, or 127.x mapped into IPv6. Every one, not the first: a
    /// name with several addresses, or one resolved again at bind time, must not pass on a
    /// loopback address it lists beside another. Nil when `host` does not resolve (the listener
    /// then fails to start).
    public static func isLoopback(host: String) -> Bool? {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, "0", &hints, &list) == 0, let list else { return nil }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let current = entry {
            guard let address = current.pointee.ai_addr, isLoopback(address) else { return false }
            entry = current.pointee.ai_next
        }
        return true
    }

    /// Whether `address` is 127.0.0.0/8, `::1`, or 127.x mapped into IPv6.
    private static func isLoopback(_ address: UnsafeMutablePointer<sockaddr>) -> Bool {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt32(bigEndian: $0.pointee.sin_addr.s_addr) }
            return ipv4 >> 24 == 127
        case AF_INET6:
            let bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
            }
            let loopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
            let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
            return loopback || mapped
        default:
            return false
        }
    }
}
