/// Parses dates from text and numbers.
public enum DateParser {
    /// Text input (a JSON string's decoded UTF-8 bytes). nil when no format matches.
    ///
    /// Leading and trailing ASCII whitespace is ignored. Formats are tried in order; each one
    /// rejects on its first bytes, so a miss costs a few comparisons.
    public static func parse(_ text: UnsafeBufferPointer<UInt8>, formats: [DateFormat]) -> Instant? {
        guard let cursor = DateCursor(trimming: text) else { return nil }
        for format in formats {
            if let instant = parse(cursor, as: format) { return instant }
        }
        return nil
    }

    /// A JSON number literal (its text, e.g. `1442377209`, `-5`, `1442377209.25`, `1.4e9`) as an
    /// epoch; nil when no epoch format in `formats` gives an instant in years 0001–9999.
    ///
    /// Only `.epoch`, `.epochSeconds` and `.epochMillis` apply, in their order in `formats`. The
    /// digits and exponent are read exactly, never through a `Double`: a value that needs more
    /// than nanosecond precision is rejected, not rounded.
    public static func parseEpoch(_ literal: UnsafeBufferPointer<UInt8>, formats: [DateFormat]) -> Instant? {
        var number: EpochNumber?
        for format in formats {
            guard let unit = epochUnit(format) else { continue }
            if number == nil {
                guard let cursor = DateCursor(whole: literal), let parsed = EpochNumber(cursor) else {
                    return nil
                }
                number = parsed
            }
            if let instant = number?.instant(unit: unit) { return instant }
        }
        return nil
    }

    /// The instant `cursor` names in `format`, or nil.
    private static func parse(_ cursor: DateCursor, as format: DateFormat) -> Instant? {
        switch format {
        case .rfc3339: return RFC3339Scanner.dateTime(cursor)
        case .dateOnly: return RFC3339Scanner.dateOnly(cursor)
        case .twitter: return TwitterScanner.instant(cursor)
        case .rfc1123: return RFC1123Scanner.instant(cursor)
        case .dotNet: return DotNetScanner.instant(cursor)
        case .epoch, .epochSeconds, .epochMillis:
            guard let unit = epochUnit(format), let number = EpochNumber(cursor) else { return nil }
            return number.instant(unit: unit)
        case .pattern(let pattern): return pattern.instant(cursor)
        }
    }

    /// How an epoch format counts time; nil for the text formats.
    private static func epochUnit(_ format: DateFormat) -> EpochNumber.Unit? {
        switch format {
        case .epoch: return .automatic
        case .epochSeconds: return .seconds
        case .epochMillis: return .milliseconds
        default: return nil
        }
    }
}
