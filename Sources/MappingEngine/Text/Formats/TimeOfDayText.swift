/// `time`: a time of day on no particular date and in no zone (RFC 3339 `partial-time`).
enum TimeOfDayText {
    /// `HH:MM:SS.nnnnnnnnn`.
    static let maxLength = 18

    /// Writes `HH:MM:SS`, with the fraction's digits when it is not zero. Strict: `HH:MM:SS`
    /// with an optional `.` and 1–9 digits. Lax also: no seconds (`09:30`) and a one-digit hour
    /// (`9:30`). An offset or zone is refused in both: a time of day with an offset is half an
    /// instant, and this type holds none. Leap seconds (`:60`) and `24:00` are refused.
    static func write(_ text: UnsafeBufferPointer<UInt8>, lax: Bool, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        guard var c = DateCursor(whole: text) else { return nil }
        let hour: Int
        if let two = c.twoDigits() {
            hour = two
        } else if lax, let (one, _) = c.digits(minimum: 1, maximum: 1) {
            hour = one
        } else {
            return nil
        }
        guard c.skip(UInt8(ascii: ":")), let minute = c.twoDigits() else { return nil }
        var second = 0
        var nanosecond = 0
        if c.skip(UInt8(ascii: ":")) {
            guard let value = c.twoDigits() else { return nil }
            second = value
            if c.skip(UInt8(ascii: ".")) {
                guard let value = c.fractionNanoseconds() else { return nil }
                nanosecond = value
            }
        } else if !lax {
            return nil
        }
        guard c.isAtEnd, hour <= 23, minute <= 59, second <= 59 else { return nil }
        var output = FormatOutput(out)
        output.digits(hour, width: 2)
        output.byte(UInt8(ascii: ":"))
        output.digits(minute, width: 2)
        output.byte(UInt8(ascii: ":"))
        output.digits(second, width: 2)
        output.fraction(nanosecond)
        return output.count
    }
}
