/// `localDate`: a calendar date, never an instant (`1920-10-08` stays `1920-10-08`).
enum LocalDateText {
    /// Writes `yyyy-MM-dd` for a valid date in years 0001–9999. Strict: exactly that form. Lax
    /// also: an RFC 3339 date-time at midnight UTC (`1920-10-08T00:00:00Z`, what a `date` wrote
    /// for a calendar date), whose day is then exact; any other time of day is refused, since
    /// dropping it would lose it.
    static func write(_ text: UnsafeBufferPointer<UInt8>, lax: Bool, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        guard let cursor = DateCursor(whole: text) else { return nil }
        var c = cursor
        guard let (year, month, day) = date(&c) else { return nil }
        if !c.isAtEnd {
            guard lax, let instant = RFC3339Scanner.dateTime(cursor),
                  instant.nanoseconds == 0,
                  CivilCalendar.daysFromCivil(year: year, month: month, day: day) * 86_400 == Int(instant.seconds)
            else { return nil }
        }
        var output = FormatOutput(out)
        output.digits(year, width: 4)
        output.byte(UInt8(ascii: "-"))
        output.digits(month, width: 2)
        output.byte(UInt8(ascii: "-"))
        output.digits(day, width: 2)
        return output.count
    }

    /// Reads `yyyy-MM-dd` and checks it names a day.
    static func date(_ c: inout DateCursor) -> (year: Int, month: Int, day: Int)? {
        guard let year = c.fourDigits(), c.skip(UInt8(ascii: "-")),
              let month = c.twoDigits(), c.skip(UInt8(ascii: "-")),
              let day = c.twoDigits(),
              year >= 1, month >= 1, month <= 12, day >= 1, day <= CivilCalendar.daysInMonth(month, year: year)
        else { return nil }
        return (year, month, day)
    }
}
