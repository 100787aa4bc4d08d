import Foundation

/// A timestamp's calendar fields in a time zone, for the accessors `getFullYear`, `getHours`…
/// The proleptic Gregorian arithmetic is Howard Hinnant's `civil_from_days`; a zone is UTC, a
/// fixed offset (`+05:30`, `-08:00`, `02:00`) or an IANA name (`America/Los_Angeles`), whose
/// offset at that instant Foundation's time zone database gives.
struct CELCivilTime {
    var year: Int64
    /// 1…12.
    var month: Int64
    /// 1…31.
    var day: Int64
    /// 0…365.
    var dayOfYear: Int64
    /// 0 for Sunday.
    var dayOfWeek: Int64
    var hour: Int64
    var minute: Int64
    var second: Int64
    var nanos: Int64

    /// The fields of `timestamp` in `zone` (nil: UTC).
    init(_ timestamp: CELTimestamp, zone: String?) throws(CELError) {
        let offset = try zone.map { name throws(CELError) in try CELCivilTime.offset(of: name, at: timestamp.seconds) } ?? 0
        let local = timestamp.seconds + offset
        let days = CELCivilTime.floorDivide(local, 86_400)
        let secondOfDay = local - days * 86_400
        let (year, month, day) = CELCivilTime.civil(fromDays: days)
        self.year = year
        self.month = month
        self.day = day
        dayOfYear = days - CELCivilTime.days(fromCivil: year, 1, 1)
        // 1970-01-01 was a Thursday.
        dayOfWeek = CELCivilTime.floorModulo(days + 4, 7)
        hour = secondOfDay / 3_600
        minute = secondOfDay % 3_600 / 60
        second = secondOfDay % 60
        nanos = Int64(timestamp.nanos)
    }

    /// Seconds east of UTC in the zone called `name` at Unix time `seconds`.
    static func offset(of name: String, at seconds: Int64) throws(CELError) -> Int64 {
        if name.contains(":") {
            // cel-go's reading: signed hours, a colon, minutes; the minutes take the sign.
            let parts = name.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let hours = Int64(parts[0]), let minutes = Int64(parts[1]),
                  parts[1].allSatisfy(\.isASCII), minutes >= 0, minutes < 60, abs(hours) <= 23
            else { throw CELError(.invalidArgument, "invalid time zone '\(name)'") }
            let total = name.hasPrefix("-") ? hours * 60 - minutes : hours * 60 + minutes
            return total * 60
        }
        guard let zone = TimeZone(identifier: name) else {
            throw CELError(.invalidArgument, "unknown time zone '\(name)'")
        }
        return Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01.
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysInMonth(_ year: Int64, _ month: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    static func floorModulo(_ a: Int64, _ b: Int64) -> Int64 {
        a - floorDivide(a, b) * b
    }
}
