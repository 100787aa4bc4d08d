/// Reads RFC 1123 / RFC 2822 dates such as `Sun, 06 Nov 1994 08:49:37 GMT`.
///
/// The weekday and its comma may be left out (RFC 2822 makes them optional); the zone is
/// `GMT`, `UT`, `UTC`, `Z`, a US zone name or `±HHMM`.
enum RFC1123Scanner {
    /// The instant the text names; the weekday, when present, is not checked against the date.
    static func instant(_ cursor: DateCursor) -> Instant? {
        var c = cursor
        if DateCursor.isLetter(c.next) {
            guard c.weekdayName(allowFull: true), c.skip(UInt8(ascii: ",")),
                  c.skip(UInt8(ascii: " "))
            else { return nil }
        }
        guard let day = c.digits(minimum: 1, maximum: 2), c.skip(UInt8(ascii: " ")),
              let month = c.monthName(allowFull: false), c.skip(UInt8(ascii: " ")),
              let year = c.fourDigits(), c.skip(UInt8(ascii: " ")),
              let hour = c.twoDigits(), c.skip(UInt8(ascii: ":")),
              let minute = c.twoDigits(), c.skip(UInt8(ascii: ":")),
              let second = c.twoDigits(), c.skip(UInt8(ascii: " ")),
              let offset = zone(&c), c.isAtEnd
        else { return nil }
        return DateFields(year: year, month: month, day: day.value, hour: hour, minute: minute, second: second,
                          offsetSeconds: offset).instant()
    }

    /// Reads a zone name (any case) or `±HHMM` as seconds east of UTC.
    private static func zone(_ c: inout DateCursor) -> Int? {
        if !DateCursor.isLetter(c.next) {
            return c.numericOffset(minutesRequired: true)
        }
        var key: UInt32 = 0
        var count = 0
        while count < 3, DateCursor.isLetter(c.next) {
            key = key << 8 | UInt32(c.next | 0x20)
            c.index += 1
            count += 1
        }
        switch key {
        case 0x7A, 0x75_74, 0x67_6D_74, 0x75_74_63: return 0  // z, ut, gmt, utc
        case 0x65_73_74: return -5 * 3600  // est
        case 0x65_64_74: return -4 * 3600  // edt
        case 0x63_73_74: return -6 * 3600  // cst
        case 0x63_64_74: return -5 * 3600  // cdt
        case 0x6D_73_74: return -7 * 3600  // mst
        case 0x6D_64_74: return -6 * 3600  // mdt
        case 0x70_73_74: return -8 * 3600  // pst
        case 0x70_64_74: return -7 * 3600  // pdt
        default: return nil
        }
    }
}
