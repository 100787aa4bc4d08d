import Foundation
import Testing

/// `convertd healthcheck`, the container's HEALTHCHECK, run as the container runs it: the
/// executable against a live server, a closed port, a peer that never answers and one that
/// answers 503.
@Suite(.convertdBuilt, .tags(.live))
struct HealthcheckCommandTests {
    /// Runs `convertd healthcheck` with `arguments` and extra environment variables.
    private func healthcheck(_ arguments: [String], environment: [String: String] = [:]) throws
        -> (status: Int32, stderr: String, seconds: Double)
    {
        var inherited = ProcessInfo.processInfo.environment
        inherited["PORT"] = nil
        let started = Date()
        let run = try ProcessRun(try #require(ConvertdBinary.url), ["healthcheck"] + arguments,
                                 environment: inherited.merging(environment) { $1 })
        return (run.status, run.stderr, Date().timeIntervalSince(started))
    }

    @Test func aServingServerIsHealthy() throws {
        let fixture = try FixtureDirectory()
        let server = try LiveServer(schemas: fixture.url)
        let result = try healthcheck(["--port", String(server.port)])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test func thePortIsReadFromPORTAsServeReadsIt() throws {
        let fixture = try FixtureDirectory()
        let server = try LiveServer(schemas: fixture.url)
        #expect(try healthcheck([], environment: ["PORT": String(server.port)]).status == 0)
        let invalid = try healthcheck([], environment: ["PORT": "http"])
        #expect(invalid.status == 1)
        #expect(invalid.stderr == "unhealthy: PORT=http: expected 0–65535\n")
    }

    @Test func aClosedPortIsUnhealthy() throws {
        let port = try LoopbackListener().closedPort()
        let result = try healthcheck(["--port", String(port)])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("unhealthy: cannot connect to 127.0.0.1:\(port): Connection refused"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aPeerThatNeverAnswersIsUnhealthyWithinTheTimeout() throws {
        // Listening but never accepting: the kernel completes the handshake, nothing answers.
        let silent = try LoopbackListener()
        let result = try healthcheck(["--port", String(silent.port), "--timeout", "0.5"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("timed out after 0.5 s"), "\(result.stderr)")
        #expect(result.seconds < 3)
    }

    @Test func anAnswerOtherThan200IsUnhealthy() throws {
        let peer = try LoopbackListener()
        let request = Locked("")
        let answered = Thread {
            request.withLock { $0 = peer.answerOnce("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n") }
        }
        answered.start()
        let result = try healthcheck(["--port", String(peer.port)])
        #expect(result.status == 1)
        #expect(result.stderr == "unhealthy: GET /healthz answered 503\n")
        #expect(request.current.hasPrefix("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"))
    }
}

/// A TCP socket listening on a free loopback port, closed when released.
private final class LoopbackListener: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    private var socket: Int32

    init() throws {
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(errno)") }
        socket = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, length) == 0 && listen(descriptor, 8) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard listening else {
            let code = errno
            close(descriptor)
            throw Failure(description: "listen on loopback: \(code)")
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        if socket >= 0 { close(socket) }
    }

    /// Stops listening and returns the port, on which connections are now refused.
    func closedPort() -> Int {
        close(socket)
        socket = -1
        return port
    }

    /// Accepts one connection, reads its request head, writes `response` and closes; returns the head.
    func answerOnce(_ response: String) -> String {
        let client = accept(socket, nil, nil)
        guard client >= 0 else { return "" }
        defer { close(client) }
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !head.ends(with: Array("\r\n\r\n".utf8)) {
            let n = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { break }
            head += buffer[..<n]
        }
        let bytes = Array(response.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return String(decoding: head, as: UTF8.self)
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
