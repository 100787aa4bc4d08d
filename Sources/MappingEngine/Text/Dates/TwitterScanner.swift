/// Reads the Twitter/Weibo form `Wed Sep 16 12:20:09 +0800 2015`, with optional `.SSS` after
/// the seconds (YYModel's `EEE MMM dd HH:mm:ss Z yyyy` and `EEE MMM dd HH:mm:ss.SSS Z yyyy`).
enum TwitterScanner {
    /// The instant the text names; the weekday must be a weekday name but is not checked.
    static func instant(_ cursor: DateCursor) -> Instant? {
        var c = cursor
        var nanosecond = 0
        guard c.weekdayName(allowFull: false), c.skip(UInt8(ascii: " ")),
              let month = c.monthName(allowFull: false), c.skip(UInt8(ascii: " ")),
              let day = c.digits(minimum: 1, maximum: 2), c.skip(UInt8(ascii: " ")),
              let hour = c.twoDigits(), c.skip(UInt8(ascii: ":")),
              let minute = c.twoDigits(), c.skip(UInt8(ascii: ":")),
              let second = c.twoDigits()
        else { return nil }
        if c.skip(UInt8(ascii: ".")) {
            guard let fraction = c.fractionNanoseconds() else { return nil }
            nanosecond = fraction
        }
        guard c.skip(UInt8(ascii: " ")), let offset = c.numericOffset(minutesRequired: true),
              c.skip(UInt8(ascii: " ")), let year = c.fourDigits(), c.isAtEnd
        else { return nil }
        return DateFields(year: year, month: month, day: day.value, hour: hour, minute: minute, second: second,
                          nanosecond: nanosecond, offsetSeconds: offset).instant()
    }
}
