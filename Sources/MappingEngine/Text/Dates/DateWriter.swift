/// Writes an instant back in the forms a `date` property reads, for `/reverse`: the inverse of
/// `DateParser`, always in UTC.
enum DateWriter {
    /// A written date: the text of a JSON string, or a JSON number literal (the epoch forms,
    /// which are a date's natural input when its `formats` name them, so strict mode takes them).
    enum Literal: Sendable, Hashable {
        case string(String)
        case number(String)
    }

    /// `instant` in the first of `formats` that holds it exactly, or nil when none does.
    ///
    /// "Exactly" is checked, not assumed: the literal must read back to `instant` through the
    /// whole `formats` list in order, as `DateConverter` reads it, so an earlier format that
    /// happens to accept the text (and read another instant) counts against it too.
    static func upstream(_ instant: Instant, formats: [DateFormat]) -> Literal? {
        for format in formats {
            guard let literal = literal(instant, in: format), readBack(literal, formats: formats) == instant else {
                continue
            }
            return literal
        }
        return nil
    }

    /// `instant` written in `format`; nil when the format has no room for it (sub-second
    /// digits in RFC 1123, a time of day in a bare date, a year outside 0001–9999). Patterns may
    /// still drop fields they leave out: `upstream` checks by reading back.
    static func literal(_ instant: Instant, in format: DateFormat) -> Literal? {
        guard instant.isWithinWritableYears else { return nil }
        let fields = DateFields(utc: instant)
        switch format {
        case .rfc3339:
            return rfc3339(instant).map(Literal.string)
        case .dateOnly:
            guard fields.hour == 0, fields.minute == 0, fields.second == 0, fields.nanosecond == 0 else { return nil }
            return .string(calendarDate(fields))
        case .twitter:
            return .string(twitter(fields))
        case .rfc1123:
            guard fields.nanosecond == 0 else { return nil }
            return .string(rfc1123(fields))
        case .dotNet:
            guard fields.nanosecond % 1_000_000 == 0 else { return nil }
            return .string("/Date(" + EpochText.milliseconds(instant) + ")/")
        case .epoch:
            return .number(EpochText.automatic(instant))
        case .epochSeconds:
            return .number(EpochText.seconds(instant))
        case .epochMillis:
            return .number(EpochText.milliseconds(instant))
        case .pattern(let pattern):
            return pattern.text(fields).map(Literal.string)
        }
    }

    /// The instant `DateConverter` reads from `literal` under `formats`, or nil.
    static func readBack(_ literal: Literal, formats: [DateFormat]) -> Instant? {
        switch literal {
        case .string(let text):
            return Array(text.utf8).withUnsafeBufferPointer { DateParser.parse($0, formats: formats) }
        case .number(let text):
            return Array(text.utf8).withUnsafeBufferPointer { DateParser.parseEpoch($0, formats: formats) }
        }
    }

    /// RFC 3339 in UTC, as conversion writes it.
    private static func rfc3339(_ instant: Instant) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DateFormatter3339.maxLength) { buffer in
            guard let base = buffer.baseAddress, let count = DateFormatter3339.write(instant, to: base) else {
                return nil
            }
            return String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
        }
    }

    /// `yyyy-MM-dd`.
    private static func calendarDate(_ fields: DateFields) -> String {
        DateDigits.padded(fields.year, width: 4) + "-" + DateDigits.padded(fields.month, width: 2) + "-"
            + DateDigits.padded(fields.day, width: 2)
    }

    /// `HH:mm:ss`.
    private static func clock(_ fields: DateFields) -> String {
        DateDigits.padded(fields.hour, width: 2) + ":" + DateDigits.padded(fields.minute, width: 2) + ":"
            + DateDigits.padded(fields.second, width: 2)
    }

    /// `Wed Sep 16 04:20:09 +0000 2015`, with `.SSS` (or six or nine digits, as many as the
    /// nanoseconds need) after the seconds when they are not whole.
    private static func twitter(_ fields: DateFields) -> String {
        let fraction = DateDigits.fraction(fields.nanosecond, digits: 9, group: 3)
        return EnglishDateNames.weekdayAbbreviation(fields.weekday) + " "
            + EnglishDateNames.monthAbbreviation(fields.month) + " " + DateDigits.padded(fields.day, width: 2) + " "
            + clock(fields) + (fraction.isEmpty ? "" : "." + fraction) + " +0000 "
            + DateDigits.padded(fields.year, width: 4)
    }

    /// `Wed, 16 Sep 2015 04:20:09 GMT`.
    private static func rfc1123(_ fields: DateFields) -> String {
        EnglishDateNames.weekdayAbbreviation(fields.weekday) + ", " + DateDigits.padded(fields.day, width: 2) + " "
            + EnglishDateNames.monthAbbreviation(fields.month) + " " + DateDigits.padded(fields.year, width: 4) + " "
            + clock(fields) + " GMT"
    }
}
