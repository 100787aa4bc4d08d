/// Writes an instant as RFC 3339 UTC.
public enum DateFormatter3339 {
    /// Maximum bytes written.
    public static let maxLength = 30

    /// Writes e.g. `2015-09-16T04:20:09Z` to `out` (room for `maxLength` bytes) and returns the
    /// byte count; nil when the year is outside 1...9999.
    ///
    /// Fraction digits appear only when non-zero, without trailing zeros. Nanoseconds outside
    /// 0..<1_000_000_000 are carried into the seconds first.
    public static func write(_ instant: Instant, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        let nanosecondsPerSecond: Int64 = 1_000_000_000
        var nanoseconds = Int64(instant.nanoseconds)
        let carry = nanoseconds >= 0 ? nanoseconds / nanosecondsPerSecond
            : (nanoseconds - nanosecondsPerSecond + 1) / nanosecondsPerSecond
        nanoseconds -= carry * nanosecondsPerSecond
        let (seconds, overflow) = instant.seconds.addingReportingOverflow(carry)
        guard !overflow, seconds >= Instant.earliestSecond, seconds <= Instant.latestSecond else {
            return nil
        }
        // Shifting by the earliest second keeps the division non-negative, so it floors.
        let sinceEarliest = Int(seconds - Instant.earliestSecond)
        let days = sinceEarliest / 86_400 + Int(Instant.earliestSecond / 86_400)
        let secondOfDay = sinceEarliest % 86_400
        let (year, month, day) = CivilCalendar.civilFromDays(days)

        put(year, width: 4, at: out)
        out[4] = UInt8(ascii: "-")
        put(month, width: 2, at: out + 5)
        out[7] = UInt8(ascii: "-")
        put(day, width: 2, at: out + 8)
        out[10] = UInt8(ascii: "T")
        put(secondOfDay / 3600, width: 2, at: out + 11)
        out[13] = UInt8(ascii: ":")
        put(secondOfDay / 60 % 60, width: 2, at: out + 14)
        out[16] = UInt8(ascii: ":")
        put(secondOfDay % 60, width: 2, at: out + 17)
        var count = 19
        if nanoseconds != 0 {
            var fraction = Int(nanoseconds)
            var digits = 9
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            out[count] = UInt8(ascii: ".")
            put(fraction, width: digits, at: out + count + 1)
            count += 1 + digits
        }
        out[count] = UInt8(ascii: "Z")
        return count + 1
    }

    /// Writes `value` as exactly `width` decimal digits, zero-padded.
    private static func put(_ value: Int, width: Int, at out: UnsafeMutablePointer<UInt8>) {
        var rest = value
        var position = width - 1
        while position >= 0 {
            out[position] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
            rest /= 10
            position -= 1
        }
    }
}
