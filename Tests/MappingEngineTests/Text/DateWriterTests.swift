import Foundation
import TestSupport
import Testing
@testable import MappingEngine

/// `DateWriter`: an instant written back in each kind of `formats` entry, in UTC, only when the
/// text reads back to the same instant.
@Suite struct DateWriterTests {
    /// The instant an RFC 3339 text names.
    static func instant(_ text: String) throws -> Instant {
        let parsed = Array(text.utf8).withUnsafeBufferPointer { DateParser.parse($0, formats: [.rfc3339]) }
        return try #require(parsed, "\(text) is not RFC 3339")
    }

    /// (formats entries, the instant, what `upstream` writes: `"text"` for a string, a bare
    /// literal for a number, nil when no entry holds the instant exactly).
    static let written: [([String], String, String?)] = [
        (["rfc3339"], "2015-09-16T04:20:09.5Z", #""2015-09-16T04:20:09.5Z""#),
        (["date"], "2015-09-16T00:00:00Z", #""2015-09-16""#),
        (["date"], "2015-09-16T04:20:09Z", nil),
        (["twitter"], "2015-09-16T04:20:09Z", #""Wed Sep 16 04:20:09 +0000 2015""#),
        (["twitter"], "2015-09-06T04:20:09.12Z", #""Sun Sep 06 04:20:09.120 +0000 2015""#),
        (["twitter"], "2015-09-16T04:20:09.1234Z", #""Wed Sep 16 04:20:09.123400 +0000 2015""#),
        (["rfc1123"], "1994-11-06T08:49:37Z", #""Sun, 06 Nov 1994 08:49:37 GMT""#),
        (["rfc1123"], "0001-01-01T00:00:00Z", #""Mon, 01 Jan 0001 00:00:00 GMT""#),
        (["rfc1123"], "1994-11-06T08:49:37.1Z", nil),
        (["dotnet"], "2017-10-18T05:51:04.55Z", #""/Date(1508305864550)/""#),
        (["dotnet"], "1969-12-31T23:59:59Z", #""/Date(-1000)/""#),
        (["dotnet"], "2017-10-18T05:51:04.5501Z", nil),
        (["epoch"], "2015-09-16T04:20:09Z", "1442377209"),
        (["epoch"], "2015-09-16T04:20:09.25Z", "1442377209.25"),
        (["epoch"], "1969-12-31T23:59:58.5Z", "-1.5"),
        (["epoch"], "1970-01-01T00:00:00Z", "0"),
        // Past 2×10¹⁰ seconds `epoch` reads milliseconds, so that is what it gets.
        (["epoch"], "2700-01-01T00:00:00Z", "23036572800000"),
        (["epoch"], "1000-01-01T00:00:00.000000001Z", "-30610223999999.999999"),
        (["epoch_seconds"], "2700-01-01T00:00:00Z", "23036572800"),
        (["epoch_seconds"], "2015-09-16T04:20:09.123456789Z", "1442377209.123456789"),
        (["epoch_millis"], "2015-09-16T04:20:09.123456789Z", "1442377209123.456789"),
        (["epoch_millis"], "1969-12-31T23:59:59.9995Z", "-0.5"),
        (["dd.MM.yyyy"], "1965-06-01T00:00:00Z", #""01.06.1965""#),
        (["d.M.yyyy"], "1965-06-01T00:00:00Z", #""1.6.1965""#),
        (["dd.MM.yyyy"], "1965-06-01T00:00:01Z", nil),
        (["yyyy-MM-dd HH:mm:ss"], "2015-09-16T04:20:09Z", #""2015-09-16 04:20:09""#),
        (["yyyy-MM-dd HH:mm:ss"], "2015-09-16T04:20:09.001Z", nil),
        (["MMM d, yyyy h:mm a"], "2015-09-16T12:20:00Z", #""Sep 16, 2015 12:20 PM""#),
        (["MMM d, yyyy h:mm a"], "2015-09-16T00:05:00Z", #""Sep 16, 2015 12:05 AM""#),
        // Without `a` an afternoon hour cannot be told from a morning one.
        (["yyyy h:mm"], "2015-01-01T13:00:00Z", nil),
        (["EEEE, MMMM d, yyyy"], "2015-09-16T00:00:00Z", #""Wednesday, September 16, 2015""#),
        (["EEE MMM dd HH:mm:ss Z yyyy"], "2015-09-16T04:20:09Z", #""Wed Sep 16 04:20:09 +0000 2015""#),
        (["yyyyMMddHHmmssSSS"], "2015-09-16T12:20:09.123Z", #""20150916122009123""#),
        (["yyyy-MM-dd'T'HH:mm:ss.SSSZ"], "2015-09-16T04:20:09.5Z", #""2015-09-16T04:20:09.500+0000""#),
        (["yyyy-MM-dd'T'HH:mm:ss.SSS"], "2015-09-16T04:20:09.1234Z", nil),
        (["yyyy-MM-dd'T'HH:mm:ssXXX"], "2015-09-16T04:20:09Z", #""2015-09-16T04:20:09Z""#),
        (["'on' yyyy 'at' H'h'"], "2015-01-01T07:00:00Z", #""on 2015 at 7h""#),
        (["yyyy年MM月dd日"], "2015-09-16T00:00:00Z", #""2015年09月16日""#),
        (["yy-MM-dd"], "2068-12-31T00:00:00Z", #""68-12-31""#),
        (["yy-MM-dd"], "1968-12-31T00:00:00Z", nil),
        // `y` abutting another number keeps one digit: no room for a four-digit year.
        (["yMMdd"], "2015-09-16T00:00:00Z", nil),
        // The first entry that holds the instant wins; the rest are fallbacks, not alternatives.
        (["dd.MM.yyyy", "epoch"], "1965-06-01T00:00:00Z", #""01.06.1965""#),
        (["dd.MM.yyyy", "epoch"], "2015-09-16T04:20:09Z", "1442377209"),
        (["date", "rfc1123", "twitter"], "2015-09-16T04:20:09.5Z", #""Wed Sep 16 04:20:09.500 +0000 2015""#),
        // `dd.MM.y` writes year 19 as `01.01.19`, which `dd.MM.yy` (tried first) reads as 2019.
        (["dd.MM.yy", "dd.MM.y"], "0019-01-01T00:00:00Z", nil),
        (["dd.MM.yy", "dd.MM.y"], "1900-01-01T00:00:00Z", #""01.01.1900""#),
    ]

    @Test(arguments: written)
    func upstreamWritesTheFirstExactFormat(entries: [String], normalized: String, expected: String?) throws {
        let formats = try entries.map { try DateFormat(parsing: $0) }
        let found = DateWriter.upstream(try Self.instant(normalized), formats: formats)
        let shown: String? = switch found {
        case .string(let text)?: JSONValue.string(text).jsonText
        case .number(let text)?: text
        case nil: nil
        }
        #expect(shown == expected, "\(entries) ← \(normalized)")
    }

    /// Entries that hold every instant (or every one of the right precision) to the nanosecond.
    static let total: [(String, Int32)] = [
        ("rfc3339", 1), ("twitter", 1), ("epoch", 1), ("epoch_seconds", 1), ("epoch_millis", 1),
        ("dotnet", 1_000_000), ("rfc1123", 1_000_000_000), ("yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSSZ", 1),
    ]

    @Test(arguments: total)
    func everyInstantOfTheRightPrecisionIsWritten(entry: String, granularity: Int32) throws {
        let format = try DateFormat(parsing: entry)
        var generator = SeededRandom(seed: 7)
        for _ in 0..<500 {
            let seconds = Int64.random(in: Instant.earliestSecond...Instant.latestSecond, using: &generator)
            let nanoseconds = Int32.random(in: 0..<1_000_000_000, using: &generator) / granularity * granularity
            let instant = Instant(seconds: seconds, nanoseconds: nanoseconds)
            #expect(DateWriter.upstream(instant, formats: [format]) != nil, "\(entry): \(seconds)s \(nanoseconds)ns")
        }
    }

    /// Patterns written as Foundation's DateFormatter writes them in UTC (1600–9998, whole seconds:
    /// Foundation's calendar turns Julian before 1582 and its `Date` is a `Double`).
    @Test func patternsAgreeWithFoundation() throws {
        let patterns = [
            "dd.MM.yyyy", "d.M.yy", "yyyy-MM-dd HH:mm:ss", "EEE MMM dd HH:mm:ss Z yyyy",
            "EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, MMMM d, yyyy h:mm a", "yyyyMMddHHmmssSSS",
            "yyyy-MM-dd'T'HH:mm:ssXXX", "yyyy-MM-dd'T'HH:mm:ssZZZZZ",
        ]
        var generator = SeededRandom(seed: 2024)
        for source in patterns {
            let pattern = try DatePattern(source)
            let formatter = DateFoundationCrossCheckTests.formatter(source, zone: TimeZone(secondsFromGMT: 0)!)
            for _ in 0..<200 {
                let seconds = Int64.random(in: DateFoundationCrossCheckTests.range, using: &generator)
                let ours = pattern.text(DateFields(utc: Instant(seconds: seconds, nanoseconds: 0)))
                let theirs = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
                #expect(ours == theirs, "\(source) at \(seconds)")
            }
        }
    }

    @Test(arguments: [
        ("1970-01-01T00:00:00Z", 4), ("1969-12-31T23:59:59Z", 3), ("0001-01-01T00:00:00Z", 1),
        ("9999-12-31T23:59:59Z", 5), ("2015-09-16T04:20:09Z", 3),
    ])
    func utcFieldsNameTheWeekday(normalized: String, weekday: Int) throws {
        let fields = DateFields(utc: try Self.instant(normalized))
        #expect(fields.weekday == weekday)
        #expect(fields.instant() == (try Self.instant(normalized)))
    }
}
