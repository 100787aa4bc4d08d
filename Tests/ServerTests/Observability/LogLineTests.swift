@testable import ConvertdHTTP
@testable import convertd
import Foundation
import Logging
import Testing

/// Log lines as bytes: JSON that parses back, text whose values stay one token each.
struct LogLineTests {
    private let head = RequestHead(method: "POST", path: "/convert/Product", requestID: "abc-1")
    private let endpoint = Endpoint.convert(schema: "Product")

    private func text(_ line: consuming LogLine) -> String {
        String(decoding: line.finished(), as: UTF8.self)
    }

    @Test func jsonLineParsesBackWithEveryField() throws {
        var line = LogLine(.json, level: .notice, message: "say \"hi\"\n")
        line.field("name", "ünï \\ \"q\"")
        line.field("count", -42)
        line.field("big", UInt64.max)
        line.field("list", json: .array([.number("1"), .string("x")]))
        let bytes = line.finished()
        #expect(bytes.last == 0x0A)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["level"] as? String == "notice")
        #expect(object["msg"] as? String == "say \"hi\"\n")
        #expect(object["name"] as? String == "ünï \\ \"q\"")
        #expect(object["count"] as? Int == -42)
        #expect((object["big"] as? NSNumber)?.uint64Value == UInt64.max)
        #expect((object["list"] as? [Any])?.count == 2)
        let stamp = try #require(object["ts"] as? String)
        #expect(stamp.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil)
    }

    /// The date and time come from a per-thread cache of the last second: a line a second later
    /// must not reuse it.
    @Test func theTimeStampFollowsTheClockFromOneSecondToTheNext() throws {
        let reader = ISO8601DateFormatter()
        reader.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for round in 0..<2 {
            if round > 0 { usleep(1_100_000) }
            let before = Date()
            let object = try #require(try JSONSerialization.jsonObject(with: Data(LogLine(.json, level: .info, literal: "tick").finished())) as? [String: Any])
            let text = try #require(object["ts"] as? String)
            let stamp = try #require(reader.date(from: text))
            #expect(abs(stamp.timeIntervalSince(before)) < 0.5, "\(stamp) against \(before)")
            #expect(object["msg"] as? String == "tick")
            #expect(object["level"] as? String == "info")
        }
    }

    @Test(arguments: [Logger.Level.trace, .debug, .info, .notice, .warning, .error, .critical])
    func theLevelIsSpelledAsSwiftLogSpellsIt(_ level: Logger.Level) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(LogLine(.json, level: level, message: "m").finished())) as? [String: Any])
        #expect(object["level"] as? String == level.rawValue)
        #expect(text(LogLine(.text, level: level, literal: "m")).hasSuffix(" \(level.rawValue) m\n"))
    }

    @Test func keysGivenAsTextAreEscaped() throws {
        var line = LogLine(.json, level: .info, message: "m")
        line.field(.text("we\"ird key"), "v")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.finished())) as? [String: Any])
        #expect(object["we\"ird key"] as? String == "v")
    }

    @Test func textLineQuotesValuesThatWouldSplit() {
        var line = LogLine(.text, level: .info, message: "request")
        line.field("plain", "a/b?c")
        line.field("spaced", "a b")
        line.field("equals", "k=v")
        line.field("empty", "")
        line.field("number", 7)
        let written = text(line)
        #expect(written.hasSuffix(#" info request plain=a/b?c spaced="a b" equals="k=v" empty="" number=7"# + "\n"))
    }

    @Test(arguments: [LogLine.Format.json, .text])
    func accessLineHasTheRequestFieldsSortedByKey(format: LogLine.Format) throws {
        let log = AccessLog(format: format, level: .info)
        let line = text(log.line(head, endpoint: endpoint, severity: .info, status: 200, bytesIn: 1402, bytesOut: 1216, nanoseconds: 123_456))
        let keys = ["bytes_in", "bytes_out", "method", "path", "request_id", "schema", "status", "trace_id", "us"]
        let positions = keys.map { line.range(of: format == .json ? "\"\($0)\":" : " \($0)=")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        if format == .json {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["us"] as? Int == 123)
            #expect(object["status"] as? Int == 200)
            #expect(object["path"] as? String == "/convert/Product")
        } else {
            #expect(line.contains(" status=200 trace_id=\(head.trace.traceID) us=123\n"))
        }
    }

    @Test func eventLinesSortMetadataAndKeepIntegersNumeric() throws {
        let fields: Logger.Metadata = ["z": "last", "count": .stringConvertible(12), "code": .stringConvertible("007"),
                                       "list": .array(["a", "b"]), "map": .dictionary(["k": "v"])]
        let json = LineLogHandler.line(.json, level: .error, message: "m", fields: fields).finished()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        #expect(object["count"] as? Int == 12)
        #expect(object["code"] as? String == "007")
        #expect(object["list"] as? [String] == ["a", "b"])
        #expect((object["map"] as? [String: String]) == ["k": "v"])
        let text = String(decoding: LineLogHandler.line(.text, level: .error, message: "m", fields: fields).finished(), as: UTF8.self)
        #expect(text.hasSuffix(#" error m code=007 count=12 list="[\"a\", \"b\"]" map="[\"k\": \"v\"]" z=last"# + "\n"))
    }
}
