/// Writes an instant as epoch seconds, epoch milliseconds or an IMF-fixdate (SPEC §10's date
/// forms beyond RFC 3339), reading it back from convertd's own canonical RFC 3339 UTC text.
enum DateFormWriter {
    /// The instant of canonical RFC 3339 UTC text (`2024-07-01T07:30:00.25Z`, as
    /// `DateFormatter3339` writes it), with its fraction's digits kept as written; nil for any
    /// other text.
    static func instant(ofCanonical text: UnsafeBufferPointer<UInt8>) -> (seconds: Int64, fraction: ArraySlice<UInt8>)? {
        guard text.count >= 20, text[text.count - 1] == UInt8(ascii: "Z") else { return nil }
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
        // Past the seconds (19 bytes): `Z`, or `.`, the fraction's digits and `Z`.
        let fraction = text.count > 20 ? Array(text[20..<(text.count - 1)])[...] : []
        return (seconds, fraction)
    }

    /// Appends `instant` in `form` (`epoch-s`, `epoch-ms` or `http`) to `out`.
    static func write(_ instant: (seconds: Int64, fraction: ArraySlice<UInt8>), _ form: DateForm, to out: inout [UInt8]) {
        switch form {
        case .epochSeconds: epoch(instant.seconds, fraction: instant.fraction, scale: 0, to: &out)
        case .epochMillis: epoch(instant.seconds, fraction: instant.fraction, scale: 3, to: &out)
        case .http: http(instant.seconds, to: &out)
        case .rfc3339, .rfc3339Offset: break
        }
    }

    /// Seconds (`scale` 0) or milliseconds (`scale` 3) since 1970 as a JSON number: the whole
    /// units, then `.` and the rest of the fraction's digits when any is not zero. Before 1970
    /// the number is negative and its fraction counts back from the whole unit above.
    private static func epoch(_ seconds: Int64, fraction: ArraySlice<UInt8>, scale: Int, to out: inout [UInt8]) {
        // The fraction as nine digits (nanoseconds), which canonical text never exceeds.
        var digits = Array(fraction)
        digits += Array(repeating: UInt8(ascii: "0"), count: max(0, 9 - digits.count))
        var whole = seconds
        if seconds < 0, digits.contains(where: { $0 != UInt8(ascii: "0") }) {
            // -1.25 is -2 + 0.75: the magnitude is (|seconds| - 1) and the fraction's complement.
            whole = seconds + 1
            digits = complement(digits)
        }
        let negative = seconds < 0
        var magnitude = whole.magnitude * UInt64(scale == 3 ? 1000 : 1)
        magnitude += UInt64(digits.prefix(scale).reduce(0) { $0 * 10 + Int($1 - 0x30) })
        var rest = Array(digits.dropFirst(scale))
        while rest.last == UInt8(ascii: "0") { rest.removeLast() }
        if negative { out.append(UInt8(ascii: "-")) }
        out += Array(String(magnitude).utf8)
        if !rest.isEmpty {
            out.append(UInt8(ascii: "."))
            out += rest
        }
    }

    /// 10⁹ − the nanoseconds `digits` say, as nine digits (the digits are not all zero).
    private static func complement(_ digits: [UInt8]) -> [UInt8] {
        let value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        let text = Array(String(1_000_000_000 - value).utf8)
        return Array(repeating: UInt8(ascii: "0"), count: 9 - text.count) + text
    }

    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `"Mon, 01 Jul 2024 07:30:00 GMT"`, a JSON string: IMF-fixdate has whole seconds only, so a fraction is
    /// not written.
    private static func http(_ seconds: Int64, to out: inout [UInt8]) {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = CivilCalendar.civilFromDays(days)
        // 1970-01-01 was a Thursday.
        let weekday = weekdays[((days % 7) + 7) % 7]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        let text = "\"\(weekday), \(two(day)) \(months[month - 1]) \(yearText) \(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) GMT\""
        out += Array(text.utf8)
    }
}
