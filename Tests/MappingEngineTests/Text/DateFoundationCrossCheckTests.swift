import Foundation
import TestSupport
import Testing
@testable import MappingEngine

/// Cross-checks against Foundation's formatters on random instants in 1600–9998 (Foundation's
/// Gregorian calendar switches to Julian before 1582, where the proleptic results differ).
@Suite struct DateFoundationCrossCheckTests {
    /// 1600-01-01T00:00:00Z and 9998-12-31T23:59:59Z.
    static let range: ClosedRange<Int64> = -11_676_096_000...253_370_764_799

    /// A DateFormatter for `pattern` in `zone`, with the fixed POSIX locale and Gregorian calendar.
    static func formatter(_ pattern: String, zone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        return formatter
    }

    /// A random offset in whole quarter hours within ±14 h.
    static func zone(using generator: inout SeededRandom) -> TimeZone {
        let quarters = Int.random(in: -56...56, using: &generator)
        return TimeZone(secondsFromGMT: quarters * 900) ?? TimeZone(secondsFromGMT: 0)!
    }

    @Test func foundationTextParsesToTheSameSecond() {
        var generator = SeededRandom(seed: 42)
        let utc = TimeZone(secondsFromGMT: 0)!
        let rfc1123 = Self.formatter("EEE, dd MMM yyyy HH:mm:ss 'GMT'", zone: utc)
        for _ in 0..<300 {
            let seconds = Int64.random(in: Self.range, using: &generator)
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let zone = Self.zone(using: &generator)
            let texts = [
                Self.formatter("yyyy-MM-dd'T'HH:mm:ssXXXXX", zone: zone).string(from: date),
                Self.formatter("yyyy-MM-dd HH:mm:ssZ", zone: zone).string(from: date),
                Self.formatter("EEE MMM dd HH:mm:ss Z yyyy", zone: zone).string(from: date),
                Self.formatter("EEE MMM dd HH:mm:ss.SSS Z yyyy", zone: zone).string(from: date),
                rfc1123.string(from: date),
                // Above 2×10¹⁰ an epoch number counts milliseconds.
                abs(seconds) <= 20_000_000_000 ? String(seconds) : String(seconds * 1000),
            ]
            for text in texts {
                let parsed = Array(text.utf8).withUnsafeBufferPointer {
                    DateParser.parse($0, formats: DateFormat.defaults)
                }
                #expect(parsed == Instant(seconds: seconds, nanoseconds: 0), "\(text)")
            }
        }
    }

    @Test func writerAgreesWithISO8601DateFormatter() {
        var generator = SeededRandom(seed: 1234)
        let iso = ISO8601DateFormatter()
        for _ in 0..<300 {
            let seconds = Int64.random(in: Self.range, using: &generator)
            guard let text = DateTestSupport.write(Instant(seconds: seconds, nanoseconds: 0)) else {
                Issue.record("\(seconds) not written")
                continue
            }
            let expected = iso.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            #expect(text == expected)
            #expect(iso.date(from: text)?.timeIntervalSince1970 == TimeInterval(seconds), "\(text)")
        }
    }

    @Test func millisecondsAgreeWithinAMillisecond() {
        var generator = SeededRandom(seed: 99)
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for _ in 0..<300 {
            let seconds = Int64.random(in: Self.range, using: &generator)
            let millis = Int32.random(in: 1...999, using: &generator)
            let instant = Instant(seconds: seconds, nanoseconds: millis * 1_000_000)
            let exact = Double(seconds) + Double(millis) / 1000
            guard let ours = DateTestSupport.write(instant), let date = iso.date(from: ours) else {
                Issue.record("\(instant) not written or not read back by Foundation")
                continue
            }
            #expect(abs(date.timeIntervalSince1970 - exact) < 0.0011, "\(ours)")

            let theirs = iso.string(from: Date(timeIntervalSince1970: exact))
            let parsed = Array(theirs.utf8).withUnsafeBufferPointer {
                DateParser.parse($0, formats: DateFormat.defaults)
            }
            if let parsed {
                let difference = Double(parsed.seconds - seconds)
                    + Double(parsed.nanoseconds - instant.nanoseconds) / 1e9
                #expect(abs(difference) < 0.0011, "\(theirs)")
            } else {
                Issue.record("\(theirs) rejected")
            }
        }
    }
}
