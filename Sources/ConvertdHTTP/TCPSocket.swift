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
}
