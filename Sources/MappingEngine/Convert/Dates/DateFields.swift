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
