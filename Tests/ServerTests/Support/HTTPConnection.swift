import Foundation

/// A minimal HTTP/1.1 client over one TCP connection, so tests control exactly what goes on the
/// wire: chunked bodies, bodies in pieces, keep-alive reuse, a peer that closes.
final class HTTPConnection: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A parsed response.
    struct Response {
        var status: Int
        /// Header names lowercased.
        var headers: [String: String]
        var body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }
        var json: Any? { try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) }
        func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    private let socket: Int32
    private var buffer: [UInt8] = []

    /// Connects to `port` on loopback from the loopback address `source` (any of 127.0.0.0/8
    /// works on Linux, so a test can be several clients).
    init(port: Int, source: String = "127.0.0.1", timeoutSeconds: Int = 30) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(errno)") }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // A throw from here on runs deinit, which closes the socket: closing it here as well
        // would close whatever socket another thread opened under the same number meanwhile.
        guard bound == 0 else { throw Failure(description: "bind \(source): \(errno)") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // Each write goes out at once, as a test means it to (no Nagle wait on small pieces).
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect: \(errno)") }
    }

    deinit {
        Glibc.close(socket)
    }

    /// Writes bytes as they are.
    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send: \(errno)") }
            sent += n
        }
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// The head of a request with `Content-Length`, or chunked when `length` is nil.
    static func head(_ method: String, _ path: String, length: Int?, headers: [(String, String)] = []) -> String {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += length.map { "Content-Length: \($0)\r\n" } ?? "Transfer-Encoding: chunked\r\n"
        return text + "\r\n"
    }

    /// Sends a whole request and reads its response.
    func request(_ method: String, _ path: String, body: String = "", headers: [(String, String)] = []) throws -> Response {
        try send(HTTPConnection.head(method, path, length: body.utf8.count, headers: headers) + body)
        return try readResponse()
    }

    /// Reads one response (its body by `Content-Length`).
    func readResponse() throws -> Response {
        var headEnd: Int?
        while headEnd == nil {
            headEnd = buffer.indices.dropLast(3).first { buffer[$0] == 13 && buffer[$0 + 1] == 10 && buffer[$0 + 2] == 13 && buffer[$0 + 3] == 10 }
            if headEnd == nil { try fill() }
        }
        let end = headEnd ?? 0
        let lines = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line \(lines[0])") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        buffer.removeFirst(end + 4)
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < length { try fill() }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }

    /// Whether the server closed the connection (reads end of stream, or a reset).
    func isClosedByPeer() -> Bool {
        var byte: UInt8 = 0
        let n = recv(socket, &byte, 1, 0)
        return n == 0 || (n < 0 && errno == ECONNRESET)
    }

    /// Everything the server sends until it closes the connection (or `timeoutSeconds` pass).
    func readToEnd(timeoutSeconds: Int = 10) -> [UInt8] {
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var all = buffer
        buffer = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return all }
            all += chunk[..<n]
        }
    }

    /// Whether the server has closed the connection, without waiting (an answer sent before
    /// the close, such as a 408, is read and dropped).
    func isClosedNow() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 { continue }
            return n == 0 || errno != EAGAIN
        }
    }

    /// Writes bytes without waiting; what the socket cannot take now is dropped. False once the
    /// server has closed the connection.
    func trickle(_ bytes: [UInt8]) -> Bool {
        let n = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        return n >= 0 || errno == EAGAIN
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw Failure(description: n == 0 ? "connection closed by the server" : "recv: \(errno)") }
        buffer += chunk[..<n]
    }
}
