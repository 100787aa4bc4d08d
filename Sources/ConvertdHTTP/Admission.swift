import Glibc
import Primitives
import Synchronization

/// Decides, in the accept thread, what becomes of each new connection, from the connections
/// open in total and from the same client address: served, served for probes only (over
/// `limit`), or refused with a 503 written by convertd itself (over `limit + headroom`, or over
/// the client's share). The count starts at accept and ends at libmicrohttpd's closed
/// notification, so connections accepted but not yet taken up by a worker count too; that is
/// what keeps libmicrohttpd's own limit out of reach (see `MicroHTTPDContract`).
final class Admission: Sendable {
    /// What becomes of a new connection.
    enum Verdict: Equatable {
        case serve
        /// Over `limit`: only `/healthz` and `/readyz` are answered, everything else 503.
        case probesOnly
        /// Over `limit + headroom`, or the client has `perClient` open: 503 and closed.
        case refuse
    }

    /// Connections served in full.
    let limit: Int
    /// Connections over `limit` still handed to libmicrohttpd, so probes are answered.
    let headroom: Int
    /// Open connections from one address; 0 for no limit.
    let perClient: Int
    private let open = Atomic<Int>(0)
    // The lock guards the open connections by client address; only taken when `perClient` > 0.
    private let clients = Guarded<[ClientAddress: Int]>([:])

    init(limit: Int, perClient: Int) {
        self.limit = limit
        headroom = max(16, limit / 8)
        self.perClient = perClient
    }

    /// The most connections ever handed to libmicrohttpd at once.
    var ceiling: Int { limit + headroom }

    /// Connections admitted and not yet closed.
    var count: Int { open.load(ordering: .relaxed) }

    /// Counts a new connection from `address` in, unless it is refused.
    func admit(_ address: ClientAddress) -> Verdict {
        if perClient > 0 {
            let taken = clients.withLock { clients -> Bool in
                let open = clients[address, default: 0]
                guard open < perClient else { return false }
                clients[address] = open + 1
                return true
            }
            guard taken else { return .refuse }
        }
        let now = open.add(1, ordering: .relaxed).newValue
        if now > ceiling {
            release(address)
            return .refuse
        }
        return now > limit ? .probesOnly : .serve
    }

    /// Counts a connection out: closed, or never taken up.
    func release(_ address: ClientAddress) {
        open.subtract(1, ordering: .relaxed)
        guard perClient > 0 else { return }
        clients.withLock { clients in
            let open = clients[address, default: 1] - 1
            clients[address] = open > 0 ? open : nil
        }
    }
}

/// A client's IP address as a key: IPv4 and IPv4-mapped IPv6 alike, other families as one key.
struct ClientAddress: Hashable, Sendable {
    private let high: UInt64
    private let low: UInt64

    init(_ address: UnsafePointer<sockaddr>?) {
        guard let address else {
            (high, low) = (0, 0)
            return
        }
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let ip = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt32(bigEndian: $0.pointee.sin_addr.s_addr) }
            (high, low) = (0, 0xFFFF_0000_0000 | UInt64(ip))
        case AF_INET6:
            (high, low) = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                withUnsafeBytes(of: address.pointee.sin6_addr) { bytes in
                    (UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                     UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
                }
            }
        default:
            (high, low) = (0, 0)
        }
    }
}
