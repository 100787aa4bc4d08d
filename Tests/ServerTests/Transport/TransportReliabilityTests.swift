import Foundation
import Testing

/// The transport's answers to a connection flood, heads over the limits, bodies refused in
/// their middle and faulty HTTP/1.0 framing, each against the real `convertd serve` over
/// loopback. Each of these took the service down, or left a client without its answer, before
/// the reliability issue.
@Suite(.serialized, .convertdBuilt, .tags(.live))
final class TransportReliabilityTests {
    private let fixture: FixtureDirectory
    private var schemas: URL { fixture.url }
    private let json = [("Content-Type", "application/json")]

    init() throws {
        fixture = try FixtureDirectory()
    }

    // MARK: Connection floods

    /// libmicrohttpd 0.9.75 leaves a worker's mutex locked when it takes up a connection over
    /// its limit: one burst over it hung every worker for good.
    @Test func aConnectionFloodOverTheLimitLeavesTheServiceAnswering() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--max-connections", "64", "--log-level", "notice"])
        var flood = (0..<200).compactMap { _ in try? server.connect(from: "127.0.0.4") }
        #expect(flood.count == 200)
        usleep(1_500_000)
        // Those past the ceiling (64 + 16 of headroom) are answered 503 at once, without a request.
        let refused = flood.suffix(100).map { String(decoding: $0.readToEnd(timeoutSeconds: 3), as: UTF8.self) }
        #expect(refused.allSatisfy { $0.hasPrefix("HTTP/1.1 503 ") }, "\(refused.filter { !$0.hasPrefix("HTTP/1.1 503 ") }.count) without a 503")
        #expect(refused.allSatisfy { $0.contains("Retry-After: 1\r\n") && $0.contains(#""code":"overloaded""#) })
        flood.removeAll()  // closes them
        let stats = try server.connect().request("GET", "/stats")
        #expect((value(stats.json, "connectionsRefused") as? Int ?? 0) >= 100, "\(stats.text)")
        usleep(500_000)
        for round in 0..<3 {
            let client = try server.connect()
            #expect(try client.request("GET", "/healthz").status == 200, "round \(round)")
            #expect(try client.request("POST", "/convert/Product", body: ServerFixture.productBody, headers: json).status == 200)
        }
    }

    /// Behind a gateway every connection comes from one address: the manifest's settings
    /// (no per-client limit) under a burst larger than the connection limit.
    @Test func aBurstFromOneGatewayAddressAtTheDefaultLimitsLeavesTheServiceAnswering() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--max-connections-per-client", "0", "--log-level", "notice"])
        var burst = (0..<1300).compactMap { _ in try? server.connect(from: "127.0.0.5") }
        #expect(burst.count == 1300)
        for connection in burst.prefix(1100) { _ = connection.trickle(Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8)) }
        usleep(2_000_000)
        // Over the 1,024 served, probes are still answered; past the ceiling, 503 at accept.
        let last = String(decoding: burst.last?.readToEnd(timeoutSeconds: 3) ?? [], as: UTF8.self)
        #expect(last.hasPrefix("HTTP/1.1 503 "), "answered \(last.prefix(60))")
        burst.removeAll()
        usleep(500_000)
        let client = try server.connect()
        #expect(try client.request("GET", "/healthz").status == 200)
        #expect(try client.request("POST", "/convert/Product", body: ServerFixture.productBody, headers: json).status == 200)
    }

    @Test func connectionsOverTheShareOfOneAddressAreAnswered503() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--max-connections-per-client", "4", "--log-level", "notice"])
        let held = try (0..<4).map { _ in try server.connect(from: "127.0.0.6") }
        let extra = try server.connect(from: "127.0.0.6")
        let answer = String(decoding: extra.readToEnd(timeoutSeconds: 3), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 503 "), "answered \(answer.prefix(60))")
        #expect(try server.connect(from: "127.0.0.7").request("GET", "/healthz").status == 200)
        #expect(try held[0].request("GET", "/healthz").status == 200)
    }

    // MARK: Heads

    /// The largest head within every limit is served, so libmicrohttpd's memory holds it.
    @Test func theLargestHeadWithinTheLimitsIsServed() throws {
        let server = try LiveServer(schemas: schemas)
        let arguments = (0..<63).map { "a\($0)=1" }.joined(separator: "&")  // and `pad`: 64
        let target = "/healthz?" + arguments + "&pad=" + String(repeating: "p", count: 8 * 1024 - 10 - arguments.count - 5)
        #expect(target.utf8.count == 8 * 1024 - 1)
        let line = "GET \(target) HTTP/1.1\r\n"
        var fields = (0..<99).map { "X-F\($0): v\r\n" }
        let used = line.utf8.count + "Host: x\r\n".utf8.count + fields.joined().utf8.count + 2
        fields[0] = "X-F0: " + String(repeating: "v", count: 16 * 1024 - used - 2) + "\r\n"
        let head = line + "Host: x\r\n" + fields.joined() + "\r\n"
        #expect(head.utf8.count <= 16 * 1024)
        let connection = try server.connect()
        try connection.send(head)
        #expect(try connection.readResponse().status == 200)
        #expect(try connection.request("GET", "/healthz").status == 200)
    }

    static let overLimits: [(name: String, head: String, status: Int, code: String)] = [
        ("a 9 KiB target", "GET /healthz?x=\(String(repeating: "y", count: 9 * 1024)) HTTP/1.1\r\nHost: x\r\n\r\n", 414, "uri_too_long"),
        ("65 query arguments", "GET /healthz?\((0..<65).map { "a\($0)" }.joined(separator: "&")) HTTP/1.1\r\nHost: x\r\n\r\n", 414, "uri_too_long"),
        ("3,000 query arguments", "GET /healthz?\((0..<3000).map { "a\($0)" }.joined(separator: "&")) HTTP/1.1\r\nHost: x\r\n\r\n", 414, "uri_too_long"),
        ("101 fields", "GET /healthz HTTP/1.1\r\nHost: x\r\n\((0..<100).map { "X-F\($0): v\r\n" }.joined())\r\n", 431, "headers_too_large"),
        ("a 17 KiB head", "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "v", count: 17 * 1024))\r\n\r\n", 431, "headers_too_large"),
        // libmicrohttpd keeps 56 bytes a field in the connection's memory: a few fields short of
        // what it refuses itself, too little is left to build an answer's head there, and the
        // 431 went unanswered.
        ("435 fields", "GET /healthz HTTP/1.1\r\nHost: x\r\n\((0..<434).map { "X-F\($0): v\r\n" }.joined())\r\n", 431, "headers_too_large"),
        ("438 fields", "GET /healthz HTTP/1.1\r\nHost: x\r\n\((0..<437).map { "X-F\($0): v\r\n" }.joined())\r\n", 431, "headers_too_large"),
        ("466 one-letter fields", "GET /healthz HTTP/1.1\r\nHost: x\r\n\(String(repeating: "a: b\r\n", count: 465))\r\n", 431, "headers_too_large"),
    ]

    @Test(arguments: overLimits)
    func aHeadOverALimitIsAnsweredInJSONOnItsOwnConnection(_ attack: (name: String, head: String, status: Int, code: String)) throws {
        let server = try LiveServer(schemas: schemas)
        let connection = try server.connect()
        try connection.send(attack.head)
        let answer = String(decoding: connection.readToEnd(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 \(attack.status) "), "\(attack.name): \(answer.prefix(80))")
        #expect(answer.contains(#"{"errors":[{"code":"\#(attack.code)""#), "\(attack.name): \(answer)")
        #expect(try server.connect().request("GET", "/healthz").status == 200)
    }

    /// A request line larger than a connection's whole memory is answered by libmicrohttpd
    /// itself; before, convertd guessed which connection that was, and answered (and closed) an
    /// innocent one on the same thread instead.
    @Test func aHeadTooLargeForTheConnectionNeverTouchesAnother() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--threads", "1"])
        let innocent = try server.connect()
        try innocent.send("POST /convert/Product HTTP/1.1\r\nHost: x\r\n")
        usleep(100_000)
        let attacker = try server.connect()
        try attacker.send("GET /healthz?\(String(repeating: "a", count: 40 * 1024)) HTTP/1.1\r\nHost: x\r\n\r\n")
        let answer = String(decoding: attacker.readToEnd(timeoutSeconds: 5), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 414 "), "answered \(answer.prefix(80))")
        usleep(200_000)
        try innocent.send("Content-Type: application/json\r\nContent-Length: \(ServerFixture.productBody.utf8.count)\r\n\r\n\(ServerFixture.productBody)")
        let served = try innocent.readResponse()
        #expect(served.status == 200, "the innocent client got \(served.status): \(served.text)")
        #expect(try innocent.request("GET", "/healthz").status == 200)
        #expect(server.waitForLog("libmicrohttpd answered a head it could not hold", timeout: 5))
    }

    // MARK: Bodies refused in their middle

    /// The answer to a body refused before it has all arrived reaches a client that is still
    /// sending, instead of a reset (the connection is closed lingering).
    @Test func aChunkedBodyFarOverTheStreamLimitHearsIts413() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--max-stream-bytes", "100000"])
        let connection = try server.connect()
        try connection.send(HTTPConnection.head("POST", "/convert/Product", length: nil, headers: [("Content-Type", "application/x-ndjson")]))
        let line = Array((ServerFixture.productBody + "\n").utf8)
        var chunk = Array(String(line.count * 200, radix: 16).utf8) + [13, 10]
        for _ in 0..<200 { chunk += line }
        chunk += [13, 10]
        var sent = 0
        while sent < 12 << 20, (try? connection.send(chunk)) != nil { sent += chunk.count }
        #expect(sent >= 12 << 20, "the connection was reset after \(sent) bytes")
        let answer = String(decoding: connection.readToEnd(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 413 "), "answered \(answer.prefix(80))")
        #expect(answer.contains(#""code":"body_too_large""#))
        #expect(try server.connect().request("GET", "/healthz").status == 200)
    }

    @Test func aBodyAnnouncedOverTheLimitAndSentAnywayHearsIts413() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--max-body-bytes", "1000"])
        let connection = try server.connect()
        let size = 8 << 20
        try connection.send(HTTPConnection.head("POST", "/reverse/Product", length: size, headers: json))
        let piece = [UInt8](repeating: UInt8(ascii: " "), count: 64 * 1024)
        var sent = 0
        while sent < size, (try? connection.send(piece)) != nil { sent += piece.count }
        #expect(sent >= size, "the connection was reset after \(sent) bytes")
        let answer = String(decoding: connection.readToEnd(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 413 "), "answered \(answer.prefix(80))")
    }

    // MARK: HTTP/1.0 framing

    @Test func http10WithTransferEncodingIsFaultyFraming() throws {
        let server = try LiveServer(schemas: schemas)
        let connection = try server.connect()
        try connection.send("POST /convert/Product HTTP/1.0\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                            + "2\r\n{}\r\n0\r\n\r\nGET /stats HTTP/1.0\r\n\r\n")
        let answer = String(decoding: connection.readToEnd(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.") && answer.dropFirst(8).hasPrefix(" 400 "), "answered \(answer.prefix(80))")
        #expect(answer.contains(#""code":"bad_framing""#))
        #expect(answer.components(separatedBy: "\r\n\r\n").count == 2, "more than one answer: \(answer)")
    }

    @Test func twoHostsOnHTTP10AreRefusedWithoutNamingHTTP11() throws {
        let server = try LiveServer(schemas: schemas)
        let connection = try server.connect()
        try connection.send("GET /healthz HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n")
        let answer = String(decoding: connection.readToEnd(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.") && answer.dropFirst(8).hasPrefix(" 400 "), "answered \(answer.prefix(80))")
        #expect(answer.contains(#""code":"bad_header""#))
        #expect(!answer.contains("HTTP/1.1 request"), "\(answer)")
    }
}
