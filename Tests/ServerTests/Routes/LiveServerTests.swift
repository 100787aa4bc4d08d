import Foundation
import TestSupport
import Testing

/// The real `convertd serve` on a free port, over HTTP: endpoints, error statuses, chunked and
/// oversized bodies, the connection limit, reload under load, drain on SIGTERM.
@Suite(.serialized, .convertdBuilt, .tags(.live))
final class LiveServerTests {
    private let fixture: FixtureDirectory
    private var schemas: URL { fixture.url }

    init() throws {
        fixture = try FixtureDirectory()
    }

    private let json = [("Content-Type", "application/json")]

    @Test func everyEndpointAnswersWithTypeLengthAndRequestID() throws {
        let server = try LiveServer(schemas: schemas)
        let connection = try server.connect()
        let answers = [
            try connection.request("POST", "/convert/Product", body: ServerFixture.productBody, headers: json),
            try connection.request("POST", "/reverse/Product", body: ServerFixture.productOutput, headers: json),
            try connection.request("GET", "/schemas"),
            try connection.request("GET", "/schemas/Product"),
            try connection.request("GET", "/stats"),
            try connection.request("GET", "/healthz"),
            try connection.request("GET", "/readyz"),
        ]
        #expect(answers.map(\.status) == [200, 200, 200, 200, 200, 200, 200])
        #expect(answers[0].text == ServerFixture.productOutput)
        for answer in answers {
            #expect(answer.header("Content-Type") == "application/json")
            #expect(answer.header("Content-Length") == String(answer.body.count))
            #expect(answer.header("X-Request-Id")?.isEmpty == false)
            #expect(answer.json != nil)
        }
        #expect(Set(answers.compactMap { $0.header("X-Request-Id") }).count == answers.count)
        let tagged = try connection.request("GET", "/healthz", headers: [("X-Request-Id", "trace-123")])
        #expect(tagged.header("X-Request-Id") == "trace-123")
        #expect(server.waitForLog("request_id=trace-123"))
        #expect(server.logText.contains("method=POST path=/convert/Product"))
        #expect(server.logText.contains("schema=Product status=200"))
    }

    @Test func traceContextIsFollowedThroughAndLogged() throws {
        let server = try LiveServer(schemas: schemas)
        let connection = try server.connect()
        let parent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
        let followed = try connection.request("GET", "/healthz", headers: [("traceparent", parent)])
        let answered = try #require(followed.header("traceparent"))
        #expect(answered.hasPrefix("00-4bf92f3577b34da6a3ce929d0e0e4736-") && answered.hasSuffix("-01"))
        #expect(answered != parent)
        let begun = try #require(try connection.request("GET", "/healthz").header("traceparent"))
        let traceID = String(begun.split(separator: "-")[1])
        #expect(traceID != "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(server.waitForLog("trace_id=4bf92f3577b34da6a3ce929d0e0e4736"))
        #expect(server.waitForLog("trace_id=\(traceID)"))
    }

    @Test func statsCountOneHitPerRequestAndOneBuildPerModel() throws {
        let server = try LiveServer(schemas: schemas)
        let connection = try server.connect()
        for _ in 0..<5 {
            #expect(try connection.request("POST", "/convert/Product", body: ServerFixture.productBody, headers: json).status == 200)
        }
        let stats = try connection.request("GET", "/stats").json
        // Both fixture models (Product, Maker) are compiled once at load; every request is a hit.
        #expect(value(stats, "cache", "builds") as? Int == 2)
        #expect(value(stats, "cache", "hits") as? Int == 5)
        #expect(value(stats, "requests", "byStatus", "200") as? Int == 5)
        #expect(value(stats, "connections") as? Int == 1)
    }

    @Test func errorStatusesHaveJSONBodiesAndKeepTheConnection() throws {
        let server = try LiveServer(schemas: schemas)
        let connection = try server.connect()
        let cases: [(method: String, path: String, body: String, headers: [(String, String)], status: Int, code: String)] = [
            ("POST", "/convert/Product", #"{"id":"#, json, 400, "bad_json"),
            ("POST", "/convert/Product", "", json, 400, "empty_body"),
            ("GET", "/nothing", "", [], 404, "not_found"),
            ("POST", "/convert/Nope", "{}", json, 404, "unknown_schema"),
            ("DELETE", "/convert/Product", "", [], 405, "method_not_allowed"),
            ("POST", "/convert/Product", "{}", [("Content-Type", "text/plain")], 415, "unsupported_media_type"),
            ("POST", "/convert/Product", #"{"id":"x"}"#, json, 422, "invalid_number"),
            ("POST", "/convert/Product?mode=sloppy", "{}", json, 400, "invalid_option"),
        ]
        for item in cases {
            let response = try connection.request(item.method, item.path, body: item.body, headers: item.headers)
            #expect(response.status == item.status, "\(item.method) \(item.path)")
            #expect(value(response.json, "errors", 0, "code") as? String == item.code, "\(item.method) \(item.path)")
            #expect(response.header("Content-Type") == "application/json")
        }
        let wrong = try connection.request("GET", "/convert/Product")
        #expect(wrong.header("Allow") == "POST")
        let bad = try connection.request("POST", "/convert/Product", body: "{\n  \"id\": ]", headers: json)
        #expect(value(bad.json, "errors", 0, "line") as? Int == 2)
        #expect(value(bad.json, "errors", 0, "column") as? Int == 9)
        #expect(value(bad.json, "errors", 0, "offset") as? Int == 10)
    }

    @Test func aBodyInManySmallChunks() throws {
        let server = try LiveServer(schemas: schemas)
        let connection = try server.connect()
        let body = Array(ServerFixture.productBody.utf8)
        // Chunked transfer coding, 1 to 7 bytes a chunk, each its own write.
        try connection.send(HTTPConnection.head("POST", "/convert/Product", length: nil, headers: json))
        var offset = 0
        while offset < body.count {
            let size = min(body.count - offset, 1 + offset % 7)
            try connection.send(Array(String(size, radix: 16).utf8) + [13, 10] + body[offset..<offset + size] + [13, 10])
            offset += size
            usleep(500)
        }
        try connection.send("0\r\n\r\n")
        let chunked = try connection.readResponse()
        #expect(chunked.status == 200)
        #expect(chunked.text == ServerFixture.productOutput)
        // Content-Length, the body written a few bytes at a time.
        try connection.send(HTTPConnection.head("POST", "/convert/Product", length: body.count, headers: json))
        for start in stride(from: 0, to: body.count, by: 3) {
            try connection.send(Array(body[start..<min(body.count, start + 3)]))
            usleep(500)
        }
        let pieces = try connection.readResponse()
        #expect(pieces.status == 200)
        #expect(pieces.text == ServerFixture.productOutput)
    }

    @Test func aBodyOverTheLimitIs413ThenTheConnectionIsReusedOrClosedCleanly() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--max-body-bytes", "1000", "--max-stream-bytes", "65536"])
        let big = #"{"id":1,"name":"\#(String(repeating: "x", count: 2000))"}"#
        // Announced by Content-Length: read (it could have been an array, streamed), dropped once
        // it shows it is not, answered; the connection stays usable.
        let connection = try server.connect()
        let announced = try connection.request("POST", "/convert/Product", body: big, headers: json)
        #expect(announced.status == 413)
        #expect(value(announced.json, "errors", 0, "code") as? String == "body_too_large")
        #expect(try connection.request("POST", "/convert/Product", body: ServerFixture.productBody, headers: json).status == 200)
        // Chunked: discovered while reading; same.
        try connection.send(HTTPConnection.head("POST", "/convert/Product", length: nil, headers: json))
        for _ in 0..<4 { try connection.send("200\r\n" + String(repeating: " ", count: 512) + "\r\n") }
        try connection.send("0\r\n\r\n")
        #expect(try connection.readResponse().status == 413)
        #expect(try connection.request("GET", "/healthz").status == 200)
        // Over the stream limit: answered at once, then closed.
        let huge = try server.connect()
        try huge.send(HTTPConnection.head("POST", "/convert/Product", length: 100 << 20, headers: json) + "{\"id\":")
        let refused = try huge.readResponse()
        #expect(refused.status == 413)
        #expect(huge.isClosedByPeer())
        // A client waiting for 100 Continue hears 413 instead and never sends the body.
        let polite = try server.connect()
        try polite.send(HTTPConnection.head("POST", "/convert/Product", length: 100_000, headers: json + [("Expect", "100-continue")]))
        #expect(try polite.readResponse().status == 413)
    }

    @Test func connectionsOverTheLimitHear503ButProbesAreAnswered() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--max-connections", "2"])
        let first = try server.connect(), second = try server.connect()
        #expect(try first.request("GET", "/healthz").status == 200)
        #expect(try second.request("GET", "/healthz").status == 200)
        let third = try server.connect()
        let answer = try third.request("GET", "/stats")
        #expect(answer.status == 503)
        #expect(value(answer.json, "errors", 0, "code") as? String == "overloaded")
        #expect(answer.header("Retry-After") == "1")
        #expect(third.isClosedByPeer())
        let probe = try server.connect()
        #expect(try probe.request("GET", "/healthz").status == 200)
        #expect(probe.isClosedByPeer())
        #expect(try first.request("GET", "/healthz").status == 200)
    }

    @Test func ndjsonBodiesLargerThanTheBodyLimitStream() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--max-body-bytes", "4096"])
        let connection = try server.connect()
        let lines = 5_000
        try connection.send(HTTPConnection.head("POST", "/convert/Product", length: nil, headers: [("Content-Type", "application/x-ndjson")]))
        let block = String(repeating: ServerFixture.productBody + "\n", count: 100)
        for _ in 0..<(lines / 100) {
            try connection.send(String(block.utf8.count, radix: 16) + "\r\n" + block + "\r\n")
        }
        try connection.send("0\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/x-ndjson")
        let results = response.text.split(separator: "\n")
        #expect(results.count == lines)
        #expect(results.allSatisfy { $0 == ServerFixture.productOutput })
    }

    @Test func sixtyFourClientsConvertWhileSIGHUPReloads() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--log-level", "notice"])
        let failures = Locked<[String]>([])
        let running = Locked(true)
        var threads: [Thread] = []
        let done = DispatchGroup()
        for client in 0..<64 {
            done.enter()
            let thread = Thread { [port = server.port] in
                defer { done.leave() }
                do {
                    let connection = try HTTPConnection(port: port)
                    var sent = 0
                    while running.current || sent < 20 {
                        let response = try connection.request("POST", "/convert/Product", body: ServerFixture.productBody,
                                                              headers: [("Content-Type", "application/json")])
                        if response.status != 200 || response.text != ServerFixture.productOutput {
                            failures.withLock { $0.append("client \(client): \(response.status) \(response.text)") }
                        }
                        sent += 1
                    }
                } catch {
                    failures.withLock { $0.append("client \(client): \(error)") }
                }
            }
            threads.append(thread)
            thread.start()
        }
        let broken = schemas.appendingPathComponent("broken.yaml")
        for round in 1...6 {
            usleep(150_000)
            if round % 2 == 0 {
                try "Broken: { properties: { x: nosuchtype } }".write(to: broken, atomically: true, encoding: .utf8)
            } else {
                try? FileManager.default.removeItem(at: broken)
                try (ServerFixture.products + "\n# round \(round)\n").write(to: schemas.appendingPathComponent("products.yaml"),
                                                                             atomically: true, encoding: .utf8)
            }
            server.signal(SIGHUP)
            // "schemas loaded" was logged once at startup already.
            #expect(round % 2 == 0 ? server.waitForLog("schema reload failed", count: round / 2)
                                   : server.waitForLog("schemas loaded", count: (round + 1) / 2 + 1))
        }
        running.withLock { $0 = false }
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(failures.current.isEmpty, "\(failures.current.prefix(5))")
        // The last good registry is served, and a real change takes effect.
        try? FileManager.default.removeItem(at: broken)
        try ServerFixture.products.replacingOccurrences(of: "minLength: 1", with: "minLength: 5")
            .write(to: schemas.appendingPathComponent("products.yaml"), atomically: true, encoding: .utf8)
        server.signal(SIGHUP)
        #expect(server.waitForLog("schemas loaded", count: 5))
        let connection = try server.connect()
        #expect(try connection.request("POST", "/convert/Product", body: ServerFixture.productBody, headers: json).status == 422)
    }

    @Test func sigtermLetsInFlightRequestsFinishThenExitsZero() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--grace", "20"])
        let idle = try server.connect()
        #expect(try idle.request("GET", "/healthz").status == 200)
        let body = Array(ServerFixture.productBody.utf8)
        let half = body.count / 2
        var inFlight: [HTTPConnection] = []
        for _ in 0..<3 {
            let connection = try server.connect()
            try connection.send(HTTPConnection.head("POST", "/convert/Product", length: body.count, headers: json))
            try connection.send(Array(body[..<half]))
            inFlight.append(connection)
        }
        // Wait until the server holds all three (the /stats request itself is the fourth).
        var held = 0
        for _ in 0..<500 where held < 4 {
            held = value(try idle.request("GET", "/stats").json, "inFlight") as? Int ?? 0
            if held < 4 { usleep(20_000) }
        }
        #expect(held == 4)
        server.signal(SIGTERM)
        #expect(server.waitForLog("draining"))
        let ready = try idle.request("GET", "/readyz")
        #expect(ready.status == 503)
        #expect(ready.header("Connection")?.lowercased() == "close")
        #expect(throws: (any Error).self) { try HTTPConnection(port: server.port) }
        for connection in inFlight {
            try connection.send(Array(body[half...]))
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.text == ServerFixture.productOutput)
        }
        #expect(server.waitForExit() == 0)
        #expect(server.logText.contains("stopped unfinished=0"))
    }

    @Test func randomRequestsGetDefinedAnswersNever500() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--log-level", "notice", "--max-body-bytes", "65536"])
        var random = SeededRandom(seed: 20261122)
        let methods = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "BREW"]
        let paths = ["/convert/Product", "/convert/Product?mode=strict&explain", "/convert/Product?pretty=1&explain=true",
                     "/convert/Product?mode=", "/convert/Maker", "/convert/Nope", "/reverse/Product", "/schemas", "/schemas/Product",
                     "/schemas/%00", "/stats", "/healthz", "/readyz", "/", "/convert/Product/", "/convert/%E2%82%AC", "/..%2f..%2fetc"]
        let types: [String?] = [nil, "application/json", "application/x-ndjson", "text/plain", "application/+json", "application/json; charset=latin1", ";;"]
        let seeds = [ServerFixture.productBody, ServerFixture.productOutput, "[\(ServerFixture.productBody)]", #"{"id":18446744073709551616}"#,
                     String(repeating: "[", count: 400), "\(ServerFixture.productBody)\n\(ServerFixture.productBody)\n", "\u{FEFF}{}", "null"]
        var connection = try server.connect()
        let rounds = ProcessInfo.processInfo.environment["CONVERTD_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 3000
        for round in 0..<rounds {
            var body = Array(seeds[random.below(seeds.count)].utf8)
            for _ in 0..<random.below(4) where !body.isEmpty {
                switch random.below(3) {
                case 0: body[random.below(body.count)] = UInt8(random.below(256))
                case 1: body.removeLast(random.below(body.count))
                default: body.insert(UInt8(random.below(256)), at: random.below(body.count))
                }
            }
            var headers: [(String, String)] = []
            if let type = types[random.below(types.count)] { headers.append(("Content-Type", type)) }
            let method = methods[random.below(methods.count)], path = paths[random.below(paths.count)]
            try connection.send(HTTPConnection.head(method, path, length: body.count, headers: headers))
            try connection.send(body)
            let response = try connection.readResponse()
            #expect(response.status != 500 && response.status < 600, "round \(round): \(method) \(path) → \(response.status)")
            if response.header("Content-Type") == "application/json" {
                #expect(response.json != nil, "round \(round): \(method) \(path) answered \(response.text.prefix(200))")
            }
            if response.header("Connection")?.lowercased() == "close" { connection = try server.connect() }
        }
        #expect(try server.connect().request("GET", "/healthz").status == 200)
        #expect(!server.logText.contains(" error request"))
    }

    @Test func aSchemaDirectoryWithErrorsRefusesToStartAndListsThemAll() throws {
        try "A: { properties: { x: nosuchtype } }".write(to: schemas.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        try #"{"B": {"extends": "Missing"}}"#.write(to: schemas.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        #expect(throws: LiveServer.StartFailure.self) { try LiveServer(schemas: schemas) }
        let process = Process()
        process.executableURL = ConvertdBinary.url
        process.arguments = ["--port", "0", "--schemas", schemas.path, "--log-format", "text"]
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        let log = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(log.contains("a.yaml: A.x: unknown type or model 'nosuchtype'"))
        #expect(log.contains("b.json: B: extends unknown model 'Missing'"))
        #expect(log.contains("not starting"))
    }
}

/// A value shared between test threads, behind a lock.
final class Locked<Value>: @unchecked Sendable {
    // The lock guards `value`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.withLock { body(&value) }
    }

    var current: Value { withLock { $0 } }
}

