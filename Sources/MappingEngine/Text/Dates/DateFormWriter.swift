/// Writes an instant as epoch seconds, epoch milliseconds or an IMF-fixdate (SPEC §10's date
/// forms beyond RFC 3339), reading it back from convertd's own canonical RFC 3339 UTC text.
/// Integer arithmetic straight into the writer: no allocation per date.
enum DateFormWriter {
    /// An instant: whole seconds since 1970 (negative before) and the nanoseconds past them.
    struct Instant: Equatable {
        var seconds: Int64
        var nanoseconds: Int
    }

    /// The instant of canonical RFC 3339 UTC text (`2024-07-01T07:30:00.25Z`, as
    /// `DateFormatter3339` writes it: at most nine fraction digits); nil for any other text.
    static func instant(ofCanonical text: UnsafeBufferPointer<UInt8>) -> Instant? {
        guard text.count >= 20, text.count <= 30, text[text.count - 1] == UInt8(ascii: "Z") else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for i in from..<from + count {
                let digit = Int(text[i]) - 0x30
                guard digit >= 0, digit < 10 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2) else { return nil }
        let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        // Past the seconds (19 bytes): `Z`, or `.`, one to nine digits and `Z`.
        var nanoseconds = 0
        if text.count > 20 {
            let digits = text.count - 21
            guard text[19] == UInt8(ascii: "."), digits >= 1, let fraction = number(20, digits) else { return nil }
            nanoseconds = fraction
            for _ in digits..<9 { nanoseconds *= 10 }
        }
        return Instant(seconds: seconds, nanoseconds: nanoseconds)
    }

    /// Appends `instant` in `form` (`epoch-s`, `epoch-ms` or `http`) to `out`.
    static func write(_ instant: Instant, _ form: DateForm, to out: inout JSONWriter) {
        switch form {
        case .epochSeconds: epoch(instant, unitNanoseconds: 1_000_000_000, to: &out)
        case .epochMillis: epoch(instant, unitNanoseconds: 1_000_000, to: &out)
        case .http: http(instant.seconds, to: &out)
        case .rfc3339, .rfc3339Offset: break
        }
    }

    /// Seconds or milliseconds (`unitNanoseconds` in one unit) since 1970 as a JSON number: the
    /// whole units, then `.` and the rest of the fraction's digits when any is not zero, every
    /// digit exact. Before 1970 the number is negative and its fraction counts back from the
    /// whole second above (-1 s + 0.25 s is -0.75).
    private static func epoch(_ instant: Instant, unitNanoseconds: Int, to out: inout JSONWriter) {
        var whole = instant.seconds, nanoseconds = instant.nanoseconds
        if whole < 0 && nanoseconds != 0 {
            whole += 1
            nanoseconds = 1_000_000_000 - nanoseconds
        }
        if instant.seconds < 0 { out.byte(UInt8(ascii: "-")) }
        out.uint64(whole.magnitude * UInt64(1_000_000_000 / unitNanoseconds) + UInt64(nanoseconds / unitNanoseconds))
        var rest = nanoseconds % unitNanoseconds
        guard rest != 0 else { return }
        var digits = unitNanoseconds == 1_000_000_000 ? 9 : 6
        while rest % 10 == 0 {
            rest /= 10
            digits -= 1
        }
        out.byte(UInt8(ascii: "."))
        fixed(rest, digits: digits, to: &out)
    }

    /// `value` in exactly `digits` decimal digits, zeros in front.
    private static func fixed(_ value: Int, digits: Int, to out: inout JSONWriter) {
        out.reserve(digits)
        var value = value
        for i in stride(from: digits - 1, through: 0, by: -1) {
            out.storage[out.count + i] = UInt8(truncatingIfNeeded: 0x30 + value % 10)
            value /= 10
        }
        out.advance(by: digits)
    }

    private static let weekdays: [StaticString] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months: [StaticString] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `"Mon, 01 Jul 2024 07:30:00 GMT"`, a JSON string: IMF-fixdate has whole seconds only, so
    /// a fraction is not written.
    private static func http(_ seconds: Int64, to out: inout JSONWriter) {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = CivilCalendar.civilFromDays(days)
        out.byte(UInt8(ascii: "\""))
        // 1970-01-01 was a Thursday.
        out.ascii(weekdays[((days % 7) + 7) % 7])
        out.ascii(", ")
        fixed(day, digits: 2, to: &out)
        out.byte(UInt8(ascii: " "))
        out.ascii(months[month - 1])
        out.byte(UInt8(ascii: " "))
        fixed(year, digits: 4, to: &out)
        out.byte(UInt8(ascii: " "))
        fixed(secondOfDay / 3600, digits: 2, to: &out)
        out.byte(UInt8(ascii: ":"))
        fixed(secondOfDay / 60 % 60, digits: 2, to: &out)
        out.byte(UInt8(ascii: ":"))
        fixed(secondOfDay % 60, digits: 2, to: &out)
        out.ascii(" GMT\"")
    }
}
