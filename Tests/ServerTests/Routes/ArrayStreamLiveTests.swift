import Foundation
import Testing

/// Top-level arrays over the real server, larger than `--max-body-bytes`: converted as they
/// arrive, in bounded memory, answered as `convertd convert` answers the same file.
@Suite(.serialized, .convertdBuilt, .tags(.live))
final class ArrayStreamLiveTests {
    private let fixture: FixtureDirectory
    private let json = [("Content-Type", "application/json")]

    init() throws {
        fixture = try FixtureDirectory()
    }

    /// About `bytes` of products as one array, every 50th with a 2 KB name (so elements span
    /// the server's chunks), the last one `last` when given.
    private static func array(bytes: Int, last: String? = nil) -> [UInt8] {
        var text = "["
        var index = 0
        while text.utf8.count < bytes {
            if index > 0 { text += ",\n" }
            text += index % 50 == 49
                ? #"{"id":\#(index),"title":"\#(String(repeating: "long name ", count: 200))"}"#
                : ServerFixture.productBody.replacingOccurrences(of: #""id":"42""#, with: #""id":"\#(index)""#)
            index += 1
        }
        if let last { text += ",\n" + last }
        return Array((text + "]").utf8)
    }

    @Test func aThirtyMegabyteArrayConvertsInBoundedMemoryAsTheCommandLineDoes() throws {
        let server = try LiveServer(schemas: fixture.url, arguments: ["--log-level", "notice"])
        let body = Self.array(bytes: 30 << 20)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-array-\(UUID().uuidString).json")
        try Data(body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let before = server.memory.resident

        let connection = try server.connect()
        try connection.send(Array(HTTPConnection.head("POST", "/convert/Product", length: body.count, headers: json).utf8) + body)
        let response = try connection.readResponse()
        #expect(response.status == 200)
        let peak = server.memory.peak
        #expect(peak < 150 << 20, "peak resident memory \(peak >> 20) MB (at rest \(before >> 20) MB)")

        let command = try ProcessRun(try #require(ConvertdBinary.url), ["convert", "--schemas", fixture.url.path, "--schema", "Product", file.path])
        #expect(command.status == 0)
        #expect(response.body == Array(command.stdout.utf8.dropLast()), "the HTTP answer differs from convertd convert's output")
        #expect(response.body.count > 20 << 20)
        // The connection is still usable.
        #expect(try connection.request("POST", "/convert/Product", body: ServerFixture.productBody, headers: json).status == 200)
    }

    @Test func aBadElementAtTheEndIs422WithItsIndex() throws {
        let server = try LiveServer(schemas: fixture.url, arguments: ["--max-body-bytes", "65536", "--log-level", "notice"])
        let body = Self.array(bytes: 1 << 20, last: #"{"id":"x","title":""}"#)
        let connection = try server.connect()
        // Chunked, without a length.
        try connection.send(HTTPConnection.head("POST", "/convert/Product", length: nil, headers: json))
        for start in stride(from: 0, to: body.count, by: 10_000) {
            let piece = body[start..<min(body.count, start + 10_000)]
            try connection.send(Array(String(piece.count, radix: 16).utf8) + [13, 10] + piece + [13, 10])
        }
        try connection.send("0\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 422)
        let errors = value(response.json, "errors") as? [[String: Any]] ?? []
        let count = body.split(separator: UInt8(ascii: "\n")).count
        #expect(errors.compactMap { $0["path"] as? String } == ["/\(count - 1)/id", "/\(count - 1)/name"])
    }

    @Test func brokenSyntaxInTheMiddleIsBadJSONAtItsOffsetInTheWholeBody() throws {
        let server = try LiveServer(schemas: fixture.url, arguments: ["--max-body-bytes", "65536", "--log-level", "notice"])
        var body = Self.array(bytes: 1 << 20)
        let middle = body.count / 2
        let place = body[middle...].firstIndex(of: UInt8(ascii: ":"))!
        body[place] = UInt8(ascii: ";")
        let line = body[..<place].filter { $0 == UInt8(ascii: "\n") }.count + 1
        let connection = try server.connect()
        try connection.send(Array(HTTPConnection.head("POST", "/convert/Product", length: body.count, headers: json).utf8) + body)
        let response = try connection.readResponse()
        #expect(response.status == 400)
        #expect(value(response.json, "errors", 0, "code") as? String == "bad_json")
        #expect(value(response.json, "errors", 0, "offset") as? Int == place)
        #expect(value(response.json, "errors", 0, "line") as? Int == line)
    }

    @Test func aBodyOverTheStreamLimitIsRefusedFromItsLength() throws {
        let server = try LiveServer(schemas: fixture.url, arguments: ["--max-body-bytes", "4096", "--max-stream-bytes", "100000"])
        let connection = try server.connect()
        try connection.send(HTTPConnection.head("POST", "/convert/Product", length: 200_000, headers: json + [("Expect", "100-continue")]))
        let answer = String(decoding: connection.readToEnd(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 413 "), "answered \(answer.prefix(80))")
        #expect(!answer.contains("100 Continue"))
        // Between the two limits a client waiting for 100 Continue is told to go on: it may be an array.
        let polite = try server.connect()
        let body = Self.array(bytes: 50_000)
        try polite.send(HTTPConnection.head("POST", "/convert/Product", length: body.count, headers: json + [("Expect", "100-continue")]))
        let proceed = try polite.readResponse()
        #expect(proceed.status == 100)
        try polite.send(body)
        #expect(try polite.readResponse().status == 200)
    }
}
