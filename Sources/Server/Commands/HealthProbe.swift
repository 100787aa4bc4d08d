import ConvertdHTTP
import Glibc

/// One `GET` over a plain socket, answered by its status code: what `convertd healthcheck` asks
/// the server. Plain Glibc rather than URLSession, whose FoundationNetworking links libcurl,
/// which the runtime image does not carry.
struct HealthProbe {
    /// Why no status came back.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    var host: String
    var port: Int
    /// Seconds each of connecting, sending and receiving may take.
    var timeout: Double

    /// Sends `GET path` with `Connection: close` and returns the status code of the answer.
    func status(of path: String) throws(Failure) -> Int {
        let descriptor = try connect()
        defer { close(descriptor) }
        try send(descriptor, Array("GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8))
        let line = try statusLine(descriptor)
        // "HTTP/1.1 200 OK": the code is the second field, three digits.
        let fields = line.split(separator: " ", maxSplits: 2)
        guard fields.count >= 2, fields[0].hasPrefix("HTTP/"), fields[1].count == 3, let code = Int(fields[1]) else {
            throw Failure(description: "not an HTTP answer from \(address): '\(line.prefix(80))'")
        }
        return code
    }

    private var address: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// A connected socket, with the timeout on every later send and receive. On Linux a
    /// blocking `connect` also gives up after `SO_SNDTIMEO`.
    private func connect() throws(Failure) -> Int32 {
        let opened: TCPSocket
        do { opened = try TCPSocket(host: host, port: port, passive: false) } catch { throw Failure(description: error.description) }
        defer { opened.release() }
        let descriptor = opened.descriptor, entry = opened.address
        let seconds = max(timeout, 0.001)
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var result: Int32
        repeat { result = Glibc.connect(descriptor, entry.ai_addr, entry.ai_addrlen) } while result != 0 && errno == EINTR
        guard result == 0 else {
            let reason = errno == EINPROGRESS ? "timed out after \(timeout) s" : String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "cannot connect to \(address): \(reason)")
        }
        return descriptor
    }

    private func send(_ descriptor: Int32, _ bytes: [UInt8]) throws(Failure) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { Glibc.send(descriptor, $0 + sent, raw.count - sent, Int32(MSG_NOSIGNAL)) } ?? -1
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "cannot send to \(address): \(reason(errno))") }
            sent += n
        }
    }

    /// The answer's first line, read until its line feed (at most 1 KiB).
    private func statusLine(_ descriptor: Int32) throws(Failure) -> String {
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while line.count < 1024 {
            let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw Failure(description: "no answer from \(address): \(reason(errno))") }
            if n == 0 { break }
            line += buffer[..<n]
            if let end = line.firstIndex(of: 0x0A) {
                line.removeSubrange(end...)
                break
            }
        }
        guard !line.isEmpty else { throw Failure(description: "\(address) closed the connection without answering") }
        if line.last == 0x0D { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }

    /// A receive or send timeout reads as EAGAIN; say what it means.
    private func reason(_ code: Int32) -> String {
        code == EAGAIN || code == EWOULDBLOCK ? "timed out after \(timeout) s" : String(cString: strerror(code))
    }
}
