import Foundation
import TestSupport
import Testing

/// The request log, batched per thread by `serve`: every line arrives whole, a quiet server's
/// line within the flush interval, and the lines still pending when SIGTERM comes are written.
@Suite(.serialized, .convertdBuilt, .tags(.live))
final class LogOutputTests {
    private let fixture: FixtureDirectory

    init() throws {
        fixture = try FixtureDirectory()
    }

    @Test func aQuietServersLineArrivesWithinTheInterval() throws {
        let server = try LiveServer(schemas: fixture.url)
        let connection = try server.connect()
        let sent = Date()
        #expect(try connection.request("GET", "/healthz", headers: [("X-Request-Id", "quiet-1")]).status == 200)
        #expect(server.waitForLog("request_id=quiet-1", timeout: 5))
        // 50 ms of batching, with room for a loaded machine.
        #expect(Date().timeIntervalSince(sent) < 2)
    }

    /// A thread that keeps answering writes its own buffer once its oldest line has waited the
    /// interval: its lines do not wait for 16 KiB, nor for the thread to go quiet.
    @Test func aBusyServersLinesArriveWhileItIsStillBusy() throws {
        let server = try LiveServer(schemas: fixture.url)
        let connection = try server.connect()
        #expect(try connection.request("GET", "/healthz", headers: [("X-Request-Id", "steady-0")]).status == 200)
        var seen = false
        // About 40 short lines (far under 16 KiB) over a second, never quiet for 20 ms.
        for index in 1...40 where !seen {
            usleep(20_000)
            #expect(try connection.request("GET", "/healthz", headers: [("X-Request-Id", "steady-\(index)")]).status == 200)
            seen = server.logText.contains("request_id=steady-0 ")
        }
        #expect(seen)
    }

    @Test func concurrentRequestsLeaveOneWholeLineEachAndNoneIsLostAtShutdown() throws {
        let server = try LiveServer(schemas: fixture.url, arguments: ["--threads", "2"])
        let clients = 4, perClient = 150
        let failures = Locked(0)
        let group = DispatchGroup()
        for client in 0..<clients {
            group.enter()
            Thread.detachNewThread { [port = server.port] in
                defer { group.leave() }
                do {
                    let connection = try HTTPConnection(port: port, source: "127.0.0.1")
                    for index in 0..<perClient {
                        let answer = try connection.request("POST", "/convert/Product", body: ServerFixture.productBody,
                                                            headers: [("Content-Type", "application/json"), ("X-Request-Id", "batch-\(client)-\(index)")])
                        if answer.status != 200 { failures.withLock { $0 += 1 } }
                    }
                } catch {
                    failures.withLock { $0 += 1 }
                }
            }
        }
        group.wait()
        #expect(failures.current == 0)
        // At once: the last lines may still be waiting for the flusher when the signal comes.
        server.signal(SIGTERM)
        #expect(server.waitForExit() == 0)
        usleep(100_000)
        let lines = server.logText.split(separator: "\n")
        let requests = lines.filter { $0.contains("request_id=batch-") }
        #expect(requests.count == clients * perClient)
        #expect(Set(requests.compactMap { $0.split(separator: " ").first { $0.hasPrefix("request_id=") } }).count == clients * perClient)
        // Whole lines: each starts with its time stamp and holds one request.
        for line in requests {
            #expect(line.hasPrefix("20"), "\(line)")
            #expect(line.components(separatedBy: " info request ").count == 2, "\(line)")
        }
    }
}
