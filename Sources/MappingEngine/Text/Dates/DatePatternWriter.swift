extension DatePattern {
    /// `fields` written under this pattern, as ICU would in UTC: numeric fields zero-padded to
    /// their letter count, English names, UTC as `Z` or `+0000`; nil when a field needs more
    /// digits than the pattern reads back (`y` abutting another number, for a four-digit year).
    ///
    /// Fields the pattern leaves out are not written and fraction digits beyond the `S` count
    /// are dropped, so the text may name another instant: `DateWriter` reads it back to check.
    func text(_ fields: DateFields) -> String? {
        var text = ""
        for token in tokens {
            switch token {
            case .literal(let bytes):
                text += String(decoding: bytes, as: UTF8.self)
            case .number(let field, _, let maximum, let width):
                let digits: String
                switch field {
                case .year: digits = DateDigits.padded(fields.year, width: width)
                case .twoDigitYear: digits = DateDigits.padded(fields.year % 100, width: width)
                case .month: digits = DateDigits.padded(fields.month, width: width)
                case .day: digits = DateDigits.padded(fields.day, width: width)
                case .hour: digits = DateDigits.padded(fields.hour, width: width)
                case .hour12: digits = DateDigits.padded(fields.hour % 12 == 0 ? 12 : fields.hour % 12, width: width)
                case .minute: digits = DateDigits.padded(fields.minute, width: width)
                case .second: digits = DateDigits.padded(fields.second, width: width)
                case .fraction:
                    var divisor = 1
                    for _ in width..<9 { divisor *= 10 }
                    digits = DateDigits.padded(fields.nanosecond / divisor, width: width)
                }
                guard digits.utf8.count <= maximum else { return nil }
                text += digits
            case .monthName(let full):
                text += EnglishDateNames.monthAbbreviation(fields.month)
                if full { text += EnglishDateNames.monthSuffix(fields.month).description }
            case .weekdayName(let full):
                let weekday = fields.weekday
                text += EnglishDateNames.weekdayAbbreviation(weekday)
                if full { text += EnglishDateNames.weekdaySuffix(weekday).description }
            case .meridiem:
                text += fields.hour < 12 ? "AM" : "PM"
            case .zone(let utcAsZ):
                text += utcAsZ ? "Z" : "+0000"
            }
        }
        return text
    }
}
