/// Reads RFC 3339 / ISO 8601 date-times and bare `yyyy-MM-dd` dates.
enum RFC3339Scanner {
    /// `yyyy-MM-dd` then `T`, `t` or a space, `HH:mm:ss`, an optional `.` with 1–9 digits, and
    /// `Z`, `±HH:MM`, `±HHMM`, `±HH` or nothing (UTC).
    static func dateTime(_ cursor: DateCursor) -> Instant? {
        localDateTime(cursor)?.fields.instant()
    }

    /// The fields of a `dateTime`, and whether the text named its offset (`Z` or numeric):
    /// without one, a property's `timezone` places the local time.
    static func localDateTime(_ cursor: DateCursor) -> (fields: DateFields, zoned: Bool)? {
        var c = cursor
        var fields = DateFields()
        guard date(&c, into: &fields) else { return nil }
        switch c.next {
        case UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " "): c.index += 1
        default: return nil
        }
        guard let hour = c.twoDigits(), c.skip(UInt8(ascii: ":")),
              let minute = c.twoDigits(), c.skip(UInt8(ascii: ":")),
              let second = c.twoDigits()
        else { return nil }
        fields.hour = hour
        fields.minute = minute
        fields.second = second
        if c.skip(UInt8(ascii: ".")) {
            guard let nanosecond = c.fractionNanoseconds() else { return nil }
            fields.nanosecond = nanosecond
        }
        guard !c.isAtEnd else { return (fields, false) }
        guard let offset = c.zuluOrOffset(), c.isAtEnd else { return nil }
        fields.offsetSeconds = offset
        return (fields, true)
    }

    /// Exactly `yyyy-MM-dd`, as midnight UTC.
    static func dateOnly(_ cursor: DateCursor) -> Instant? {
        localDate(cursor)?.instant()
    }

    /// The fields of a `dateOnly`: midnight, in no zone yet.
    static func localDate(_ cursor: DateCursor) -> DateFields? {
        var c = cursor
        var fields = DateFields()
        guard date(&c, into: &fields), c.isAtEnd else { return nil }
        return fields
    }

    /// Reads `yyyy-MM-dd` into `fields`; the values are checked later by `DateFields.instant()`.
    private static func date(_ c: inout DateCursor, into fields: inout DateFields) -> Bool {
        guard let year = c.fourDigits(), c.skip(UInt8(ascii: "-")),
              let month = c.twoDigits(), c.skip(UInt8(ascii: "-")),
              let day = c.twoDigits()
        else { return false }
        fields.year = year
        fields.month = month
        fields.day = day
        return true
    }
}
