import Foundation
import Testing

/// The attacks of the hardening issue, each against the real `convertd serve` over loopback:
/// error amplification, trickling clients, request smuggling, heads libmicrohttpd cannot hold,
/// and drains under connection churn.
@Suite(.serialized, .convertdBuilt, .tags(.live))
final class HardeningTests {
    private let fixture: FixtureDirectory
    private var schemas: URL { fixture.url }

    init() throws {
        fixture = try FixtureDirectory()
    }

    private let json = [("Content-Type", "application/json")]

    // MARK: Bounded answers

    /// An 8 MiB array of one repeated element, each element failing `errorsPerElement` times.
    static let amplifications: [(path: String, element: String, errorsPerElement: Int)] = [
        ("/convert/Product", "{}", 2),
        ("/reverse/Product", "1", 1),
    ]

    @Test(.enabled(if: ProcessInfo.processInfo.environment["CONVERTD_SANITIZER"] == nil,
                   "a sanitizer's shadow memory makes the server's resident memory meaningless"),
          arguments: amplifications)
    func anEightMebibyteArrayOfFailingElementsGetsABoundedAnswerAndMemoryReturns(_ attack: (path: String, element: String, errorsPerElement: Int)) throws {
        let server = try LiveServer(schemas: schemas)
        let connection = try server.connect()
        #expect(try connection.request("GET", "/healthz").status == 200)
        let resting = server.memory.resident
        let element = Array(attack.element.utf8)
        let count = ((8 << 20) - 1) / (element.count + 1)
        var body = [UInt8]("[".utf8)
        body.reserveCapacity(8 << 20)
        for index in 0..<count {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body += element
        }
        body.append(UInt8(ascii: "]"))
        try connection.send(HTTPConnection.head("POST", attack.path, length: body.count, headers: json))
        try connection.send(body)
        let response = try connection.readResponse()
        #expect(response.status == 422)
        #expect(response.body.count < 100_000, "a \(response.body.count)-byte answer")
        let errors = value(response.json, "errors") as? [Any] ?? []
        #expect(errors.count == 101)
        #expect(value(errors.last, "code") as? String == "too_many_errors")
        #expect(value(errors.last, "total") as? Int == attack.errorsPerElement * count)
        #expect(server.memory.peak < 200 << 20, "peak resident memory \(server.memory.peak >> 20) MiB")
        // The thread's buffers shrink and the heap is trimmed once the request ends.
        #expect(try connection.request("GET", "/healthz").status == 200)
        usleep(200_000)
        #expect(server.memory.resident < resting + (48 << 20), "resident \(server.memory.resident >> 20) MiB, \(resting >> 20) MiB at rest")
    }

    // MARK: Slow clients

    @Test func aTricklingHeadOrBodyIsCutOffWith408() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--header-timeout", "1", "--body-timeout", "1"])
        let head = try server.connect()
        try head.send("POST /convert/Product HTTP/1.1\r\n")
        let body = try server.connect()
        try body.send(HTTPConnection.head("POST", "/convert/Product", length: 1000, headers: json))
        let started = Date()
        // One byte every 100 ms: each byte would restart libmicrohttpd's own timeout.
        var headOpen = true, bodyOpen = true
        while (headOpen || bodyOpen) && Date().timeIntervalSince(started) < 8 {
            if headOpen { headOpen = head.trickle(Array("X-Slow: 1\r\n".utf8.prefix(1))) }
            if bodyOpen { bodyOpen = body.trickle([0x20]) }
            usleep(100_000)
        }
        #expect(Date().timeIntervalSince(started) < 4, "cut off after \(Date().timeIntervalSince(started)) s")
        for connection in [head, body] {
            let answer = String(decoding: connection.readToEnd(), as: UTF8.self)
            #expect(answer.hasPrefix("HTTP/1.1 408 "), "answered \(answer.prefix(80))")
            #expect(answer.contains(#""code":"request_timeout""#))
        }
    }

    @Test func thirteenHundredTricklingConnectionsLeaveOtherClientsServed() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--header-timeout", "3", "--log-level", "notice"])
        // The attacker comes from 127.0.0.2; the per-client cap (256 by default) keeps most of
        // its connections out, and the deadline cuts the rest off.
        let trickling = (0..<1300).compactMap { _ in try? server.connect(from: "127.0.0.2") }
        for connection in trickling { _ = connection.trickle(Array("GET /healthz HTTP/1.1\r\n".utf8)) }
        #expect(trickling.count == 1300)
        let stop = Locked(false)
        let attacker = Thread {
            while !stop.current {
                for connection in trickling { _ = connection.trickle([UInt8(ascii: "X")]) }
                usleep(200_000)
            }
        }
        attacker.start()
        defer { stop.withLock { $0 = true } }
        var slowest = 0.0
        for round in 0..<20 {
            let started = Date()
            let client = try server.connect()
            #expect(try client.request("GET", "/healthz").status == 200, "round \(round)")
            #expect(try client.request("POST", "/convert/Product", body: ServerFixture.productBody, headers: json).status == 200)
            slowest = max(slowest, Date().timeIntervalSince(started))
            usleep(100_000)
        }
        #expect(slowest < 1, "slowest answer \(slowest) s")
        // Past the head deadline every trickling connection has been closed.
        usleep(2_500_000)
        let open = trickling.filter { !$0.isClosedNow() }
        #expect(open.isEmpty, "\(open.count) trickling connections still open")
    }

    @Test func probesAreAnsweredWhileTricklingClientsHoldEverySlot() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--max-connections", "40", "--max-connections-per-client", "0"])
        let held = try (0..<40).map { _ in try server.connect(from: "127.0.0.3") }
        for connection in held { _ = connection.trickle(Array("GET /healthz HTTP/1.1\r\nX".utf8)) }
        usleep(200_000)
        let probe = try server.connect()
        #expect(try probe.request("GET", "/healthz").status == 200)
        let other = try server.connect()
        let answer = try other.request("GET", "/stats")
        #expect(answer.status == 503)
        #expect(value(answer.json, "errors", 0, "code") as? String == "overloaded")
    }

    // MARK: Strict framing

    /// A request, then a second one hidden where a lenient parser would read it as the next.
    static let smuggling: [(name: String, request: String, status: Int)] = [
        ("two different Content-Lengths",
         "POST /convert/Product HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 45\r\n\r\n{}",
         400),
        ("Transfer-Encoding with Content-Length",
         "POST /convert/Product HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
         400),
        ("white space before a colon",
         "POST /convert/Product HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding : chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
         400),
        ("a bare CR in a value",
         "POST /convert/Product HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\rContent-Length: 0\r\nContent-Length: 2\r\n\r\n{}",
         400),
        ("a NUL in a value",
         "POST /convert/Product HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\u{0}junk\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
         400),
        ("an unknown transfer coding",
         "POST /convert/Product HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
         501),
        ("a bad Content-Length",
         "POST /convert/Product HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n",
         400),
        ("no Host", "POST /convert/Product HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}", 400),
    ]

    @Test(arguments: smuggling)
    func ambiguousFramingIsRefusedAndTheHiddenRequestNeverAnswered(_ attack: (name: String, request: String, status: Int)) throws {
        let server = try LiveServer(schemas: schemas)
        let connection = try server.connect()
        try connection.send(attack.request + "GET /stats HTTP/1.1\r\nHost: x\r\n\r\n")
        let answer = String(decoding: connection.readToEnd(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 \(attack.status) "), "\(attack.name): \(answer.prefix(80))")
        #expect(answer.components(separatedBy: "\r\n\r\n").count == 2, "\(attack.name): more than one answer: \(answer)")
        #expect(answer.contains(#"{"errors":[{"code":""#), "\(attack.name): \(answer)")
        #expect(!answer.contains(#""requests""#), "\(attack.name): the hidden request was answered")
    }

    @Test func headsLibmicrohttpdCannotHoldStillGetAStatus() throws {
        let server = try LiveServer(schemas: schemas)
        let arguments = (0..<500).map { "a\($0)=1" }.joined(separator: "&")
        let headers = (0..<300).map { "X-H\($0): v\r\n" }.joined()
        let heads = [
            "GET /healthz?\(arguments) HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /healthz?\(arguments.prefix(1400)) HTTP/1.1\r\nHost: x\r\n\(headers)\r\n",
        ]
        for head in heads {
            let connection = try server.connect()
            try connection.send(head)
            let answer = String(decoding: connection.readToEnd(), as: UTF8.self)
            #expect(answer.hasPrefix("HTTP/1.1 4"), "answered \(answer.prefix(80))")
            #expect(answer.contains(#"{"errors":[{"code":""#))
        }
        #expect(try server.connect().request("GET", "/healthz").status == 200)
    }

    @Test func aNULInThePathNamesNoSchema() throws {
        let server = try LiveServer(schemas: schemas)
        let connection = try server.connect()
        let answer = try connection.request("POST", "/convert/Product%00junk", body: ServerFixture.productBody, headers: json)
        #expect(answer.status == 404)
        #expect(value(answer.json, "errors", 0, "code") as? String == "unknown_schema")
        _ = try connection.request("POST", "/convert/Nope", body: "{}", headers: json)
        let stats = try connection.request("GET", "/stats")
        // Only the load's compilations of the two fixture models: a miss builds nothing.
        #expect(value(stats.json, "cache", "builds") as? Int == 2, "\(stats.text)")
    }

    @Test func aStreamAnnouncedOverItsLimitIsRefusedBeforeContinue() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--max-stream-bytes", "100000"])
        let connection = try server.connect()
        try connection.send(HTTPConnection.head("POST", "/convert/Product", length: 200_000,
                                                headers: [("Content-Type", "application/x-ndjson"), ("Expect", "100-continue")]))
        let answer = String(decoding: connection.readToEnd(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 413 "), "answered \(answer.prefix(80))")
        #expect(!answer.contains("100 Continue"))
    }

    // MARK: Drain

    @Test func sigtermUnderConnectionChurnNeverAborts() throws {
        let rounds = ProcessInfo.processInfo.environment["CONVERTD_DRAIN_ROUNDS"].flatMap { Int($0) } ?? 25
        var random = SystemRandomNumberGenerator()
        for round in 0..<rounds {
            let server = try LiveServer(schemas: schemas, arguments: ["--grace", "2", "--log-level", "notice"])
            let stop = Locked(false)
            let port = server.port
            let churn = (0..<4).map { _ in
                Thread {
                    while !stop.current {
                        guard let connection = try? HTTPConnection(port: port, timeoutSeconds: 2) else { continue }
                        _ = try? connection.request("POST", "/convert/Product", body: ServerFixture.productBody,
                                                    headers: [("Content-Type", "application/json")])
                        _ = connection.trickle(Array("GET /healthz HTTP/1.1\r\n".utf8))
                    }
                }
            }
            churn.forEach { $0.start() }
            usleep(UInt32.random(in: 10_000...150_000, using: &random))
            server.signal(SIGTERM)
            let status = server.waitForExit(timeout: 10)
            stop.withLock { $0 = true }
            #expect(status == 0, "round \(round): exit status \(String(describing: status))\n\(server.logText.suffix(600))")
            #expect(server.process.terminationReason == .exit, "round \(round): killed by a signal\n\(server.logText.suffix(600))")
            if status != 0 { break }
        }
    }
}
