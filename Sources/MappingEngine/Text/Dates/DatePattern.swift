/// A compiled ICU / NSDateFormatter-style date pattern such as `dd.MM.yyyy` or `MMM d, yyyy h:mm a`.
///
/// Numeric fields accept one or two digits (`yyyy` exactly four, `yy` exactly two, `S…` one to
/// nine) unless another numeric field follows directly, as in `yyyyMMdd`, where each keeps the
/// width its letters give. Fields left out default to 1970-01-01 00:00:00 UTC, like ICU; a
/// pattern must name the year.
public struct DatePattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written in the schema.
    public let source: String
    let tokens: [DatePatternToken]

    /// Compiles `source`; throws when it uses an unsupported letter or is malformed.
    public init(_ source: String) throws(DateFormatError) {
        self.tokens = try DatePatternCompiler.compile(source)
        self.source = source
    }

    public var description: String { source }

    /// The instant the whole of `cursor` names under this pattern, or nil.
    func instant(_ cursor: DateCursor) -> Instant? {
        fields(cursor)?.fields.instant()
    }

    /// The fields the whole of `cursor` names, and whether the pattern read an offset: without
    /// one, a property's `timezone` places the local time.
    func fields(_ cursor: DateCursor) -> (fields: DateFields, zoned: Bool)? {
        var c = cursor
        var zoned = false
        var fields = DateFields()
        var hour12: Int?
        var isPM = false
        for token in tokens {
            switch token {
            case .literal(let bytes):
                guard c.skip(bytes) else { return nil }
            case .number(let field, let minimum, let maximum, _):
                guard let (value, count) = c.digits(minimum: minimum, maximum: maximum) else {
                    return nil
                }
                switch field {
                case .year: fields.year = value
                case .twoDigitYear: fields.year = value < 69 ? 2000 + value : 1900 + value
                case .month: fields.month = value
                case .day: fields.day = value
                case .hour: fields.hour = value
                case .hour12: hour12 = value
                case .minute: fields.minute = value
                case .second: fields.second = value
                case .fraction: fields.nanosecond = DateCursor.nanoseconds(value, digits: count)
                }
            case .monthName:
                guard let month = c.monthName(allowFull: true) else { return nil }
                fields.month = month
            case .weekdayName:
                guard c.weekdayName(allowFull: true) else { return nil }
            case .meridiem:
                guard let pm = c.meridiem() else { return nil }
                isPM = pm
            case .zone:
                guard let offset = c.zuluOrOffset() else { return nil }
                fields.offsetSeconds = offset
                zoned = true
            }
        }
        guard c.isAtEnd else { return nil }
        if let hour12 {
            guard hour12 >= 1, hour12 <= 12 else { return nil }
            fields.hour = hour12 % 12 + (isPM ? 12 : 0)
        }
        return (fields, zoned)
    }
}
