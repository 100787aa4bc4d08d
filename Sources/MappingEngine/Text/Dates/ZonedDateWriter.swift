/// Writes an instant back for a `date` property with a `timezone`, for `/reverse`: the inverse
/// of `ZonedDateParser`, so the text converts back to the same instant.
///
/// A form without an offset of its own (a date alone, a pattern without a zone letter) is read
/// as the zone's wall clock, so it is written in the zone's wall time: `DateWriter`'s UTC text
/// would come back shifted by the offset. The wall time of the second pass through the hour
/// after daylight saving ends reads back as the first pass (the earlier instant wins), so such
/// an instant is held only by a form with an offset; the read-back check finds that.
enum ZonedDateWriter {
    /// `instant` in the first of `formats` that converts back to it under `zone`, or nil.
    static func upstream(_ instant: Instant, formats: [DateFormat], zone: ZoneRules) -> DateWriter.Literal? {
        let singles = formats.map { [$0] }
        let offset = Int64(zone.offset(atUTC: instant.seconds))
        let wall = Instant(seconds: instant.seconds + offset, nanoseconds: instant.nanoseconds)
        for format in formats {
            // A pattern with a zone letter writes UTC (`Z`, `+0000`), so both texts are tried.
            let candidates: [Instant] = switch format {
            case .dateOnly: [wall]
            case .pattern: [wall, instant]
            default: [instant]
            }
            for candidate in candidates {
                guard let literal = DateWriter.literal(candidate, in: format),
                      readBack(literal, formats: formats, singles: singles, zone: zone) == instant else { continue }
                return literal
            }
        }
        return nil
    }

    /// The instant `ZonedDateConverter` reads from `literal`, or nil (a skipped local time among them).
    private static func readBack(_ literal: DateWriter.Literal, formats: [DateFormat], singles: [[DateFormat]],
                                 zone: ZoneRules) -> Instant? {
        switch literal {
        case .string(let text):
            let outcome = Array(text.utf8).withUnsafeBufferPointer {
                ZonedDateParser.parse($0, formats: formats, singles: singles, zone: zone)
            }
            guard case .zoned(let zoned) = outcome else { return nil }
            return zoned.instant
        case .number:
            return DateWriter.readBack(literal, formats: formats)
        }
    }
}
