import Testing
@testable import MappingEngine

/// Shared helpers for the date tests: text in, RFC 3339 text out.
enum DateTestSupport {
    /// Parses `text` with `formats` and writes the result, or nil when it is rejected.
    static func parse(_ text: String, formats: [DateFormat] = DateFormat.defaults) -> String? {
        let bytes = Array(text.utf8)
        let instant = bytes.withUnsafeBufferPointer { DateParser.parse($0, formats: formats) }
        return instant.flatMap(write)
    }

    /// Parses a JSON number literal as an epoch and writes the result, or nil when it is rejected.
    static func parseEpoch(_ literal: String, formats: [DateFormat] = DateFormat.defaults) -> String? {
        let bytes = Array(literal.utf8)
        let instant = bytes.withUnsafeBufferPointer { DateParser.parseEpoch($0, formats: formats) }
        return instant.flatMap(write)
    }

    /// `instant` as RFC 3339 text, or nil outside years 0001–9999.
    static func write(_ instant: Instant) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DateFormatter3339.maxLength) { out in
            guard let base = out.baseAddress, let count = DateFormatter3339.write(instant, to: base) else {
                return nil
            }
            return String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
        }
    }
}

/// The default formats: every accepted form and the RFC 3339 text it becomes.
@Suite struct DateDefaultFormatTests {
    static let accepted: [(String, String)] = [
        // RFC 3339 / ISO 8601, fraction lengths 0–9
        ("2015-09-16T04:20:09Z", "2015-09-16T04:20:09Z"),
        ("2015-09-16T04:20:09.1Z", "2015-09-16T04:20:09.1Z"),
        ("2015-09-16T04:20:09.12Z", "2015-09-16T04:20:09.12Z"),
        ("2015-09-16T04:20:09.123Z", "2015-09-16T04:20:09.123Z"),
        ("2015-09-16T04:20:09.1234Z", "2015-09-16T04:20:09.1234Z"),
        ("2015-09-16T04:20:09.12345Z", "2015-09-16T04:20:09.12345Z"),
        ("2015-09-16T04:20:09.123456Z", "2015-09-16T04:20:09.123456Z"),
        ("2015-09-16T04:20:09.1234567Z", "2015-09-16T04:20:09.1234567Z"),
        ("2015-09-16T04:20:09.12345678Z", "2015-09-16T04:20:09.12345678Z"),
        ("2015-09-16T04:20:09.123456789Z", "2015-09-16T04:20:09.123456789Z"),
        ("2015-09-16T04:20:09.000Z", "2015-09-16T04:20:09Z"),
        ("2015-09-16T04:20:09.500Z", "2015-09-16T04:20:09.5Z"),
        ("2015-09-16T04:20:09.000000001Z", "2015-09-16T04:20:09.000000001Z"),
        // zone forms
        ("2015-09-16T12:20:09+08:00", "2015-09-16T04:20:09Z"),
        ("2015-09-16T12:20:09+0800", "2015-09-16T04:20:09Z"),
        ("2015-09-16T12:20:09+08", "2015-09-16T04:20:09Z"),
        ("2015-09-15T22:50:09-05:30", "2015-09-16T04:20:09Z"),
        ("2015-09-15T22:50:09-0530", "2015-09-16T04:20:09Z"),
        ("2015-09-16T04:20:09-00:00", "2015-09-16T04:20:09Z"),
        ("2015-09-16T04:20:09+00:00", "2015-09-16T04:20:09Z"),
        ("2015-09-16T12:20:09.123+08:00", "2015-09-16T04:20:09.123Z"),
        ("2015-09-16T12:20:09.000+0800", "2015-09-16T04:20:09Z"),
        ("2015-09-16T04:20:09", "2015-09-16T04:20:09Z"),
        ("2015-09-16t04:20:09z", "2015-09-16T04:20:09Z"),
        // space separator (YYModel's `yyyy-MM-dd HH:mm:ss` and `.SSS`)
        ("2015-09-16 04:20:09", "2015-09-16T04:20:09Z"),
        ("2015-09-16 04:20:09.000", "2015-09-16T04:20:09Z"),
        ("2015-09-16 04:20:09.250", "2015-09-16T04:20:09.25Z"),
        ("2015-09-16 12:20:09+08:00", "2015-09-16T04:20:09Z"),
        ("2015-09-16T04:20:09.000", "2015-09-16T04:20:09Z"),
        // calendar edges
        ("2016-02-29T00:00:00Z", "2016-02-29T00:00:00Z"),
        ("2000-02-29T23:59:59Z", "2000-02-29T23:59:59Z"),
        ("2015-01-01T00:30:00+01:00", "2014-12-31T23:30:00Z"),
        ("2015-12-31T23:30:00-01:00", "2016-01-01T00:30:00Z"),
        ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z"),
        ("9999-12-31T23:59:59.999999999Z", "9999-12-31T23:59:59.999999999Z"),
        ("1969-12-31T23:59:59.5Z", "1969-12-31T23:59:59.5Z"),
        // whitespace is trimmed
        ("  2015-09-16T04:20:09Z\n", "2015-09-16T04:20:09Z"),
        ("\t2015-09-16\r\n", "2015-09-16T00:00:00Z"),
        // date only
        ("2015-09-16", "2015-09-16T00:00:00Z"),
        ("2000-02-29", "2000-02-29T00:00:00Z"),
        ("0001-01-01", "0001-01-01T00:00:00Z"),
        // Twitter / Weibo
        ("Wed Sep 16 12:20:09 +0800 2015", "2015-09-16T04:20:09Z"),
        ("Wed Sep 16 12:20:09.000 +0800 2015", "2015-09-16T04:20:09Z"),
        ("Wed Sep 16 12:20:09.123 +0800 2015", "2015-09-16T04:20:09.123Z"),
        ("Fri Sep 04 00:12:21 +0800 2015", "2015-09-03T16:12:21Z"),
        ("Tue Sep 15 23:20:09 -0500 2015", "2015-09-16T04:20:09Z"),
        ("wed SEP 16 12:20:09 +0800 2015", "2015-09-16T04:20:09Z"),
        ("Mon Sep 16 12:20:09 +0800 2015", "2015-09-16T04:20:09Z"),
        ("Thu Jan 01 00:00:00 +0000 1970", "1970-01-01T00:00:00Z"),
        // RFC 1123, each zone kind
        ("Sun, 06 Nov 1994 08:49:37 GMT", "1994-11-06T08:49:37Z"),
        ("Sun, 06 Nov 1994 08:49:37 UT", "1994-11-06T08:49:37Z"),
        ("Sun, 06 Nov 1994 08:49:37 UTC", "1994-11-06T08:49:37Z"),
        ("Sun, 06 Nov 1994 08:49:37 Z", "1994-11-06T08:49:37Z"),
        ("Sun, 06 Nov 1994 08:49:37 +0000", "1994-11-06T08:49:37Z"),
        ("Sun, 06 Nov 1994 08:49:37 -0800", "1994-11-06T16:49:37Z"),
        ("Sun, 06 Nov 1994 08:49:37 +0530", "1994-11-06T03:19:37Z"),
        ("Sun, 06 Nov 1994 08:49:37 EST", "1994-11-06T13:49:37Z"),
        ("Sun, 06 Nov 1994 08:49:37 EDT", "1994-11-06T12:49:37Z"),
        ("Sun, 06 Nov 1994 08:49:37 CST", "1994-11-06T14:49:37Z"),
        ("Sun, 06 Nov 1994 08:49:37 CDT", "1994-11-06T13:49:37Z"),
        ("Sun, 06 Nov 1994 08:49:37 MST", "1994-11-06T15:49:37Z"),
        ("Sun, 06 Nov 1994 08:49:37 MDT", "1994-11-06T14:49:37Z"),
        ("Sun, 06 Nov 1994 08:49:37 PST", "1994-11-06T16:49:37Z"),
        ("Sun, 06 Nov 1994 08:49:37 PDT", "1994-11-06T15:49:37Z"),
        ("sun, 06 nov 1994 08:49:37 gmt", "1994-11-06T08:49:37Z"),
        ("Sunday, 06 Nov 1994 08:49:37 GMT", "1994-11-06T08:49:37Z"),
        ("06 Nov 1994 08:49:37 GMT", "1994-11-06T08:49:37Z"),
        ("Sun, 6 Nov 1994 08:49:37 GMT", "1994-11-06T08:49:37Z"),
        // .NET
        ("/Date(1508305864550+0000)/", "2017-10-18T05:51:04.55Z"),
        ("/Date(1508305864550)/", "2017-10-18T05:51:04.55Z"),
        ("/Date(1508305864550+0800)/", "2017-10-18T05:51:04.55Z"),
        ("/Date(1508305864550-0500)/", "2017-10-18T05:51:04.55Z"),
        ("/Date(-1508305864550)/", "1922-03-16T18:08:55.45Z"),
        ("/Date(0)/", "1970-01-01T00:00:00Z"),
        ("/Date(-1)/", "1969-12-31T23:59:59.999Z"),
        // epoch numbers in strings: seconds, milliseconds above 2×10¹⁰, fractions
        ("1442377209", "2015-09-16T04:20:09Z"),
        ("1442377209.5", "2015-09-16T04:20:09.5Z"),
        ("1442377209.123456789", "2015-09-16T04:20:09.123456789Z"),
        ("1442377209500", "2015-09-16T04:20:09.5Z"),
        ("1442377209500.25", "2015-09-16T04:20:09.50025Z"),
        ("20000000000", "2603-10-11T11:33:20Z"),
        ("20000000001", "1970-08-20T11:33:20.001Z"),
        ("-20000000001", "1969-05-14T12:26:39.999Z"),
        ("0", "1970-01-01T00:00:00Z"),
        ("-5", "1969-12-31T23:59:55Z"),
        ("-0.5", "1969-12-31T23:59:59.5Z"),
        ("1.4e9", "2014-05-13T16:53:20Z"),
        (" 1442377209 ", "2015-09-16T04:20:09Z"),
        ("253402300799", "1978-01-11T21:31:40.799Z"),
        ("2015", "1970-01-01T00:33:35Z"),
    ]

    @Test(arguments: accepted)
    func accepts(input: String, expected: String) {
        #expect(DateTestSupport.parse(input) == expected)
    }

    static let rejected: [String] = [
        "", "   ", "garbage", "null", "T", "2015-09", "2015-09-16T", "2015-09-16T04:20",
        // calendar validity
        "2015-02-30", "2015-02-29T00:00:00Z", "1900-02-29", "2015-13-01", "2015-00-10",
        "2015-09-00", "2015-09-31", "2015-04-31T00:00:00Z",
        // clock validity
        "2015-09-16T24:00:01Z", "2015-09-16T24:00:00Z", "2015-09-16T23:60:00Z",
        "2015-09-16T23:59:60Z",
        // shape
        "2015-9-16", "2015-09-6", "15-09-16", "2015/09/16", "2015-09-16X04:20:09Z",
        "2015-09-16T04:20:09Zjunk", "2015-09-16T04:20:09Z x", "2015-09-16x",
        "2015-09-16T04:20:09.Z", "2015-09-16T04:20:09.1234567890Z", "2015-09-16T04:20:09+8",
        "2015-09-16T04:20:09+24:00", "2015-09-16T04:20:09+08:60", "2015-09-16T04:20:09+08:0",
        "2015-09-16T04:20:09 Z",
        // years 0001–9999 only
        "0000-01-01T00:00:00Z", "0000-12-31", "0001-01-01T00:00:00+00:01",
        "9999-12-31T23:59:59-00:01", "10000-01-01T00:00:00Z",
        // Twitter
        "Wed Sep 16 12:20:09 2015", "Xyz Sep 16 12:20:09 +0800 2015",
        "Wed Sepx 16 12:20:09 +0800 2015", "Wed Sep 31 12:20:09 +0800 2015",
        "Wed Sep 16 12:20:09 +08 2015", "Wed Sep 16 12:20:09. +0800 2015",
        "Wed Sep 16 12:20:09 +0800 15", "Wed Sep 16 12:20:09 +0800 2015 x",
        // RFC 1123
        "Sun, 06 Nov 1994 08:49:37 XYZ", "Sun 06 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49 GMT", "Sun, 06 Nov 94 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37",
        // .NET
        "/Date()/", "/Date(abc)/", "/Date(123", "/Date(123)", "/Date(1508305864550+08)/",
        "/Date(1.5)/", "/Date(99999999999999999999)/",
        // epoch text
        "1442377209.", ".5", "+5", "1e", "12abc", "1442377209.1234567891", "99999999999999999999",
        "1e400", "253402300800000", "-62135596801000", "1442377209500.0000001", "--5", "0x10",
    ]

    @Test(arguments: rejected)
    func rejects(input: String) {
        #expect(DateTestSupport.parse(input) == nil)
    }

    @Test func rejectsEmptyBuffer() {
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        #expect(DateParser.parse(empty, formats: DateFormat.defaults) == nil)
        #expect(DateParser.parseEpoch(empty, formats: DateFormat.defaults) == nil)
    }

    @Test func defaultsAreInSpecOrder() {
        #expect(DateFormat.defaults == [.rfc3339, .dateOnly, .twitter, .rfc1123, .dotNet, .epoch])
    }

    @Test func weiboCorpusDate() {
        #expect(DateTestSupport.parse("Wed Sep 16 12:20:09 +0800 2015") == "2015-09-16T04:20:09Z")
    }
}
