import Foundation
import TestSupport
import Testing
@testable import MappingEngine

/// The RFC 3339 writer and the calendar arithmetic behind it.
@Suite struct DateFormatterTests {
    static let cases: [(Int64, Int32, String?)] = [
        (0, 0, "1970-01-01T00:00:00Z"),
        (1_442_377_209, 0, "2015-09-16T04:20:09Z"),
        (1_442_377_209, 500_000_000, "2015-09-16T04:20:09.5Z"),
        (1_442_377_209, 120_000_000, "2015-09-16T04:20:09.12Z"),
        (0, 1, "1970-01-01T00:00:00.000000001Z"),
        (0, 100, "1970-01-01T00:00:00.0000001Z"),
        (0, 999_999_999, "1970-01-01T00:00:00.999999999Z"),
        (-1, 500_000_000, "1969-12-31T23:59:59.5Z"),
        (-62_135_596_800, 0, "0001-01-01T00:00:00Z"),
        (253_402_300_799, 999_999_999, "9999-12-31T23:59:59.999999999Z"),
        (951_782_400, 0, "2000-02-29T00:00:00Z"),
        (-2_203_891_200, 0, "1900-03-01T00:00:00Z"),
        (-62_135_596_801, 0, nil),
        (-62_135_596_800, -1, nil),
        (253_402_300_800, 0, nil),
        (253_402_300_799, 1_000_000_000, nil),
        (Int64.max, 0, nil),
        (Int64.min, 0, nil),
        (Int64.max, Int32.max, nil),
        (0, -1, "1969-12-31T23:59:59.999999999Z"),
        (0, 1_500_000_000, "1970-01-01T00:00:01.5Z"),
    ]

    @Test(arguments: cases)
    func writes(seconds: Int64, nanoseconds: Int32, expected: String?) {
        #expect(DateTestSupport.write(Instant(seconds: seconds, nanoseconds: nanoseconds)) == expected)
    }

    @Test func longestOutputFitsMaxLength() {
        let longest = DateTestSupport.write(Instant(seconds: 253_402_300_799, nanoseconds: 123_456_789))
        #expect(longest?.utf8.count == DateFormatter3339.maxLength)
    }

    @Test func instantsOrderBySecondsThenNanoseconds() {
        #expect(Instant(seconds: -1, nanoseconds: 999_999_999) < Instant(seconds: 0, nanoseconds: 0))
        #expect(Instant(seconds: 5, nanoseconds: 1) < Instant(seconds: 5, nanoseconds: 2))
        #expect(!(Instant(seconds: 5, nanoseconds: 2) < Instant(seconds: 5, nanoseconds: 2)))
    }

    @Test func civilDaysRoundTripOverEveryWritableYear() {
        var expectedDays = CivilCalendar.daysFromCivil(year: 1, month: 1, day: 1)
        for year in 1...9999 {
            for month in 1...12 {
                for day in 1...CivilCalendar.daysInMonth(month, year: year) {
                    let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
                    guard days == expectedDays else {
                        Issue.record("\(year)-\(month)-\(day): \(days), expected \(expectedDays)")
                        return
                    }
                    let civil = CivilCalendar.civilFromDays(days)
                    guard civil == (year, month, day) else {
                        Issue.record("\(days) gave \(civil), expected \(year)-\(month)-\(day)")
                        return
                    }
                    expectedDays += 1
                }
            }
        }
        #expect(expectedDays * 86_400 == Instant.latestSecond + 1)
    }

    @Test func writerOutputParsesBack() {
        var generator = SeededRandom(seed: 7)
        for _ in 0..<500 {
            let instant = generator.instant()
            guard let text = DateTestSupport.write(instant) else {
                Issue.record("\(instant) not written")
                continue
            }
            #expect(DateTestSupport.parse(text).flatMap { $0 == text ? text : nil } == text)
        }
    }
}

extension SeededRandom {
    /// An instant anywhere in years 0001–9999 with random nanoseconds.
    mutating func instant() -> Instant {
        Instant(
            seconds: Int64.random(in: Instant.earliestSecond...Instant.latestSecond, using: &self),
            nanoseconds: Int32.random(in: 0..<1_000_000_000, using: &self))
    }
}
