/// A local date and time as read from text, checked and turned into an instant at the end.
struct DateFields {
    var year = 1970
    var month = 1
    var day = 1
    var hour = 0
    var minute = 0
    var second = 0
    var nanosecond = 0
    /// Local time minus UTC, in seconds (`+08:00` is 28 800).
    var offsetSeconds = 0

    init() {}

    /// Fields read in full by a fixed-layout scanner.
    init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, nanosecond: Int = 0, offsetSeconds: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
        self.offsetSeconds = offsetSeconds
    }

    /// The UTC date and time of `instant`, for writing it back as text; `instant` must be within
    /// the writable years (`Instant.isWithinWritableYears`).
    init(utc instant: Instant) {
        // Floor division, so instants before 1970 land on the previous day, not the next.
        let days = instant.seconds >= 0 ? instant.seconds / 86_400 : (instant.seconds - 86_399) / 86_400
        let secondOfDay = Int(instant.seconds - days * 86_400)
        (year, month, day) = CivilCalendar.civilFromDays(Int(days))
        hour = secondOfDay / 3600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
        nanosecond = Int(instant.nanoseconds)
    }

    /// The day of the week, 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday).
    var weekday: Int {
        let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
        return ((days + 4) % 7 + 7) % 7
    }

    /// The instant these fields name, or nil when a field is out of range, the day does not
    /// exist in the month, or the instant falls outside years 0001–9999 UTC.
    func instant() -> Instant? {
        guard year >= 1, year <= 9999, month >= 1, month <= 12, day >= 1,
              day <= CivilCalendar.daysInMonth(month, year: year),
              hour >= 0, hour <= 23, minute >= 0, minute <= 59, second >= 0, second <= 59,
              nanosecond >= 0, nanosecond < 1_000_000_000
        else { return nil }
        let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Instant.checked(seconds: Int64(seconds), nanoseconds: Int32(nanosecond))
    }
}
