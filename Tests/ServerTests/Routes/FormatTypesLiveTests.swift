import Foundation
import TestSupport
import Testing

/// SPEC §10's types on the wire: every format type and a zoned date converted over HTTP in lax
/// and strict mode, the daylight-saving gap and overlap, each date form a profile can ask for
/// with `/reverse` taking it back, and the JSON Schema `format` of each type.
@Suite(.serialized, .convertdBuilt, .tags(.live))
final class FormatTypesLiveTests {
    private let directory: URL
    private let json = [("Content-Type", "application/json")]
    /// Every type in a form only lax mode takes.
    private let upstream = """
        {"day":"2024-07-01T00:00:00Z","opens":"9:30","timeout":"1h30m","id":"urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",\
        "contact":"Ana@Example.COM","v4":"192.0.2.1","v6":"[2001:0db8::0001]","any":"::ffff:192.0.2.1","net":"10.1.2.3",\
        "host":"API.Example.com.","starts":"2024-07-01 09:30:00","sent":"2024-07-01T09:30:00+02:00"}
        """
    /// The canonical text of each, with the two dates as `rfc3339` writes them.
    private let canonical = """
        {"day":"2024-07-01","opens":"09:30:00","timeout":"PT1H30M","id":"f81d4fae-7dec-11d0-a765-00a0c91e6bf6",\
        "contact":"Ana@example.com","v4":"192.0.2.1","v6":"2001:db8::1","any":"::ffff:192.0.2.1","net":"10.1.2.3/32",\
        "host":"api.example.com",
        """

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-format-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let schema = """
            $profiles:
              seconds: { date: epoch-s }
              millis: { date: epoch-ms }
              web: { date: http }
              zoned: { date: rfc3339-offset }
            Calendar:
              properties:
                day: localDate
                opens: time
                timeout: duration
                id: uuid
                contact: email
                v4: ipv4
                v6: ipv6
                any: ip
                net: cidr
                host: hostname
                starts: { type: date, timezone: Europe/Berlin }
                sent: { type: date, keepOffset: true }
            """
        try schema.write(to: directory.appendingPathComponent("calendar.yaml"), atomically: true, encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    @Test func laxModeWritesEachTypesCanonicalText() throws {
        let server = try LiveServer(schemas: directory)
        let answer = try server.connect().request("POST", "/convert/Calendar", body: upstream, headers: json)
        #expect(answer.status == 200)
        #expect(answer.text == canonical + #""starts":"2024-07-01T07:30:00Z","sent":"2024-07-01T09:30:00+02:00"}"#)
    }

    @Test func strictModeRefusesTheLaxFormsWithTheirCodes() throws {
        let server = try LiveServer(schemas: directory)
        let answer = try server.connect().request("POST", "/convert/Calendar?mode=strict", body: upstream, headers: json)
        #expect(answer.status == 422)
        let errors = try #require(Self.errors(answer.text))
        #expect(errors.map(\.path) == ["/day", "/opens", "/timeout", "/id", "/v6", "/net", "/host"])
        #expect(errors.map(\.code) == ["invalid_date", "invalid_date", "invalid_duration", "invalid_uuid", "invalid_ip", "invalid_ip", "invalid_hostname"])
        // Each canonical text is what strict mode takes.
        let again = try server.connect().request("POST", "/convert/Calendar?mode=strict",
                                                 body: canonical + #""starts":"2024-07-01T07:30:00Z","sent":"2024-07-01T09:30:00+02:00"}"#, headers: json)
        #expect(again.status == 200)
    }

    @Test func aZonedDateRefusesTheGapAndTakesTheEarlierOffsetInTheOverlap() throws {
        let server = try LiveServer(schemas: directory)
        let connection = try server.connect()
        let gap = try connection.request("POST", "/convert/Calendar", body: #"{"starts":"2024-03-31T02:30:00"}"#, headers: json)
        #expect(gap.status == 422)
        #expect(gap.text.contains(#""code":"invalid_date","message":"a local time that Europe/Berlin skips (a daylight-saving gap)""#))
        let overlap = try connection.request("POST", "/convert/Calendar", body: #"{"starts":"2024-10-27T02:30:00"}"#, headers: json)
        #expect(overlap.text == #"{"starts":"2024-10-27T00:30:00Z"}"#)
    }

    @Test(arguments: [("seconds", "1719819000", "1719819000"), ("millis", "1719819000000", "1719819000000"),
                      ("web", #""Mon, 01 Jul 2024 07:30:00 GMT""#, #""Mon, 01 Jul 2024 07:30:00 GMT""#),
                      ("zoned", #""2024-07-01T09:30:00+02:00""#, #""2024-07-01T09:30:00+02:00""#)])
    func eachDateFormIsWrittenAndReversed(profile: String, starts: String, sent: String) throws {
        let server = try LiveServer(schemas: directory)
        let connection = try server.connect()
        let written = try connection.request("POST", "/convert/Calendar?profile=\(profile)", body: upstream, headers: json)
        #expect(written.status == 200)
        #expect(written.text == canonical + #""starts":\#(starts),"sent":\#(sent)}"#)
        let reversed = try connection.request("POST", "/reverse/Calendar?profile=\(profile)", body: written.text, headers: json)
        #expect(reversed.status == 200)
        // Back to the plain form, the same instants.
        let plain = try connection.request("POST", "/convert/Calendar", body: reversed.text, headers: json)
        let expected = try connection.request("POST", "/convert/Calendar", body: upstream, headers: json)
        #expect(Self.instants(expected.text).count == 2)
        #expect(Self.instants(plain.text) == Self.instants(expected.text), "\(profile): \(reversed.text)")
    }

    @Test func eachTypeHasAJSONSchemaFormat() throws {
        let server = try LiveServer(schemas: directory)
        let schema = try server.connect().request("GET", "/schemas/Calendar").text
        for (name, format) in [("day", "date"), ("opens", "time-local"), ("timeout", "duration"), ("id", "uuid"), ("contact", "email"),
                               ("v4", "ipv4"), ("v6", "ipv6"), ("net", "cidr"), ("host", "hostname"), ("starts", "date-time")] {
            #expect(schema.contains(#""\#(name)":{"type":"string","format":"\#(format)""#), "\(name) in \(schema)")
        }
        #expect(schema.contains(#""any":{"type":"string","anyOf":[{"format":"ipv4"},{"format":"ipv6"}]"#))
    }

    /// The errors of a 422 answer, as path and code.
    private static func errors(_ text: String) -> [(path: String, code: String)]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let errors = object["errors"] as? [[String: Any]] else { return nil }
        return errors.map { ($0["path"] as? String ?? "", $0["code"] as? String ?? "") }
    }

    /// `starts` and `sent` of a converted document as instants, in seconds.
    private static func instants(_ text: String) -> [Double] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return [] }
        let formatter = ISO8601DateFormatter()
        return ["starts", "sent"].compactMap { (object[$0] as? String).flatMap(formatter.date(from:))?.timeIntervalSince1970 }
    }
}
