import Foundation
import Testing

/// `SIGTERM` against the real `convertd serve`: the grace period bounds the exit whatever the
/// clients do — a worker thread busy converting, a body still arriving, idle connections — and
/// what is abandoned is named in the log.
@Suite(.serialized, .convertdBuilt, .tags(.live))
final class ShutdownLiveTests {
    private let fixture: FixtureDirectory
    private var schemas: URL { fixture.url }

    init() throws {
        fixture = try FixtureDirectory()
    }

    private let json = [("Content-Type", "application/json")]

    /// How long past the grace period an exit may come: the daemon's stop, the process's end.
    private static let margin = 3.0

    @Test func aWorkerBusyPastTheGracePeriodIsAbandonedNamedAndTheProcessExitsZero() throws {
        let limit = 64 << 20
        let server = try LiveServer(schemas: schemas, arguments: ["--grace", "1", "--max-body-bytes", String(limit), "--threads", "2"])
        // Sized by a timed sample, so the request keeps its thread busy for about ten seconds on
        // any build (debug, release, under a sanitizer) and any load: long past the grace period.
        let sample = 20_000
        let timed = Date()
        let answer = try server.connect().request("POST", "/convert/Product", body: ShutdownLiveTests.failingProducts(sample), headers: json)
        #expect(answer.status == 422)
        let perElement = Date().timeIntervalSince(timed) / Double(sample)
        let count = min((limit - 2) / (ShutdownLiveTests.failingProduct.count + 1), Int(10 / perElement))
        let body = ShutdownLiveTests.failingProducts(count)

        let id = "busy-\(UUID().uuidString)"
        let busy = try server.connect()
        try busy.send(HTTPConnection.head("POST", "/convert/Product", length: body.utf8.count, headers: json + [("X-Request-Id", id)]) + body)
        // The whole body is in the kernel's buffers; the server reads it in milliseconds and converts.
        usleep(500_000)
        let exit = terminate(server, waiting: 1 + ShutdownLiveTests.margin)
        #expect(exit.status == 0, "still running \(exit.seconds) s after SIGTERM with --grace 1 (\(count) elements)\n\(server.logText.suffix(600))")
        let abandoned = abandonedLines(server)
        #expect(abandoned.count == 1, "\(server.logText.suffix(800))")
        for field in ["method=POST", "path=/convert/Product", "request_id=\(id)", "running_s="] {
            #expect(abandoned.first?.contains(field) == true, "\(abandoned)")
        }
        #expect(server.logText.contains("stopped unfinished=1"))
    }

    @Test func aBodyStillArrivingIsCutOffAtTheGracePeriodAndNamed() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--grace", "1"])
        let idle = try server.connect()
        #expect(try idle.request("GET", "/healthz").status == 200)
        let slow = try server.connect()
        try slow.send(HTTPConnection.head("POST", "/convert/Product", length: 10_000, headers: json + [("X-Request-Id", "half-sent")]) + "[")
        usleep(200_000)
        let exit = terminate(server, waiting: 1 + ShutdownLiveTests.margin)
        #expect(exit.status == 0)
        #expect(exit.seconds < 2.5, "exited after \(exit.seconds) s")
        let abandoned = abandonedLines(server)
        #expect(abandoned.count == 1 && abandoned.first?.contains("request_id=half-sent") == true, "\(server.logText.suffix(600))")
        #expect(server.logText.contains("stopped unfinished=1"))
    }

    @Test func idleConnectionsDoNotHoldUpTheExit() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--grace", "10"])
        let used = try server.connect()
        #expect(try used.request("GET", "/healthz").status == 200)
        let silent = try server.connect()
        let started = try server.connect()
        try started.send("GET /healthz HTTP/1.1\r\n")
        usleep(200_000)
        let exit = terminate(server, waiting: 10)
        #expect(exit.status == 0)
        // Nothing is in flight, so nothing waits for the grace period.
        #expect(exit.seconds < 2, "exited after \(exit.seconds) s")
        #expect(server.logText.contains("stopped unfinished=0"), "\(server.logText.suffix(600))")
        withExtendedLifetime((silent, started)) {}
    }

    /// Sends `SIGTERM` and waits up to `timeout` seconds: the exit status, nil when the server was
    /// still running (it is then killed, so the test ends), and the seconds it took.
    private func terminate(_ server: LiveServer, waiting timeout: Double) -> (status: Int32?, seconds: Double) {
        let signalled = Date()
        server.signal(SIGTERM)
        let status = server.waitForExit(timeout: timeout)
        let seconds = Date().timeIntervalSince(signalled)
        if status == nil {
            kill(server.process.processIdentifier, SIGKILL)
            server.process.waitUntilExit()
        }
        return (server.process.terminationReason == .exit ? status : nil, seconds)
    }

    /// The log's lines naming a request abandoned at the end of the grace period.
    private func abandonedLines(_ server: LiveServer) -> [String] {
        server.logText.split(separator: "\n").filter { $0.contains("request abandoned") }.map(String.init)
    }

    /// A `Product` whose every property fails: each costs a conversion and five errors.
    private static let failingProduct = #"{"id":"x","title":"","price":"-1","released_at":"nope","maker":{"name":{}}}"#

    /// An array of `count` failing products.
    private static func failingProducts(_ count: Int) -> String {
        "[" + Array(repeating: failingProduct, count: count).joined(separator: ",") + "]"
    }
}
