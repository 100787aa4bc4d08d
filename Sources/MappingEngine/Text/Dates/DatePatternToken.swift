/// One step of a compiled date pattern: a literal or a field to read.
enum DatePatternToken: Sendable, Hashable {
    /// A calendar or clock field written in digits.
    enum NumericField: Sendable, Hashable {
        case year
        /// Two-digit year: 00–68 are 2000–2068, 69–99 are 1969–1999 (the POSIX `%y` rule, so a
        /// result never depends on today's date).
        case twoDigitYear
        case month
        case day
        case hour
        /// 1–12, made 24-hour by the `a` field (12 AM is 00, 12 PM is 12).
        case hour12
        case minute
        case second
        /// Fraction-of-second digits, scaled to nanoseconds by how many were read.
        case fraction
    }

    /// Bytes that must appear exactly.
    case literal([UInt8])
    /// Between `minimum` and `maximum` digits, as many as present; written zero-padded to
    /// `width` digits (the pattern's letter count, so `dd` writes `06` and `d` writes `6`).
    case number(NumericField, minimum: Int, maximum: Int, width: Int)
    /// An English month name (abbreviated or full); written in full when `full` (`MMMM`).
    case monthName(full: Bool)
    /// An English weekday name (abbreviated or full), not checked against the date; written in
    /// full when `full` (`EEEE`).
    case weekdayName(full: Bool)
    /// `AM` or `PM`.
    case meridiem
    /// `Z`, `±HH`, `±HHMM` or `±HH:MM`; UTC is written `Z` when `utcAsZ` (`X…`, `ZZZZZ`), else
    /// `+0000` (`Z`–`ZZZ`), as ICU does.
    case zone(utcAsZ: Bool)

    /// Whether the token reads digits, so that a numeric field just before it must keep its width.
    var readsDigits: Bool {
        if case .number = self { return true }
        return false
    }
}
