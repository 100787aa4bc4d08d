/// Reads date text for a `date` property with a `timezone` or `keepOffset`: a local time
/// without an offset is placed in the zone, and the offset each instant is written with is kept.
public enum ZonedDateParser {
    /// An instant and the offset to write it with (local minus UTC, in seconds).
    public struct Zoned: Sendable, Hashable {
        public var instant: Instant
        public var offsetSeconds: Int
    }

    public enum Outcome: Sendable, Hashable {
        case zoned(Zoned)
        /// A local time the zone skips (a daylight-saving gap): it names no instant.
        case skipped
        /// No format matches.
        case none
    }

    /// The first of `formats` that reads `text`. RFC 3339, date-only and patterns are read as
    /// fields: with an offset of their own that offset is kept; without one the local time is
    /// placed in `zone` (UTC without a zone). Other forms (Twitter, RFC 1123, .NET, epoch text)
    /// are instants, given the zone's offset at that instant. `singles` is each of `formats`
    /// alone, made once by the caller.
    public static func parse(_ text: UnsafeBufferPointer<UInt8>, formats: [DateFormat], singles: [[DateFormat]],
                             zone: ZoneRules?) -> Outcome {
        guard let cursor = DateCursor(trimming: text) else { return .none }
        for (index, format) in formats.enumerated() {
            let local: (fields: DateFields, zoned: Bool)?
            switch format {
            case .rfc3339: local = RFC3339Scanner.localDateTime(cursor)
            case .dateOnly: local = RFC3339Scanner.localDate(cursor).map { ($0, false) }
            case .pattern(let pattern): local = pattern.fields(cursor)
            default:
                if let instant = DateParser.parse(text, formats: singles[index]) { return .zoned(placed(instant, zone)) }
                continue
            }
            guard let (fields, zoned) = local else { continue }
            if zoned || zone == nil {
                guard let instant = fields.instant() else { continue }
                return .zoned(Zoned(instant: instant, offsetSeconds: fields.offsetSeconds))
            }
            return resolve(fields, in: zone!)
        }
        return .none
    }

    /// `instant` with the zone's offset at it, or UTC.
    public static func placed(_ instant: Instant, _ zone: ZoneRules?) -> Zoned {
        Zoned(instant: instant, offsetSeconds: zone?.offset(atUTC: instant.seconds) ?? 0)
    }

    /// Local `fields` placed in `zone`.
    private static func resolve(_ fields: DateFields, in zone: ZoneRules) -> Outcome {
        var local = fields
        local.offsetSeconds = 0
        // The wall-clock time read as if it were UTC: its seconds count the local calendar.
        guard let wall = local.instant() else { return .none }
        guard let offset = zone.offset(atLocal: wall.seconds) else { return .skipped }
        guard let instant = Instant.checked(seconds: wall.seconds - Int64(offset), nanoseconds: wall.nanoseconds) else { return .none }
        return .zoned(Zoned(instant: instant, offsetSeconds: offset))
    }
}
