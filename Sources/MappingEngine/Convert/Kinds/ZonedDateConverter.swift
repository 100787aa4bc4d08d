/// `date` with a `timezone` or `keepOffset`: a local time without an offset is placed in the
/// property's zone (a time the zone skips is `invalid_date`, one it shows twice is the earlier
/// instant), and with `keepOffset` the output keeps the offset each instant came with
/// (`2024-07-01T09:30:00+02:00`) instead of being written in UTC. Properties with neither keep
/// `DateConverter`, and its cost.
final class ZonedDateConverter: ValueConverter {
    let formats: [DateFormat]
    /// Each of `formats` alone, as `DateParser` takes a list.
    let singles: [[DateFormat]]
    let numbersAreNatural: Bool
    let strict: Bool
    let zone: ZoneRules?
    /// Write the input's offset (the engine side of the `rfc3339-offset` date output).
    let keepsOffset: Bool

    init(formats: [DateFormat], numbersAreNatural: Bool, strict: Bool, zone: ZoneRules?, keepsOffset: Bool) {
        self.formats = formats
        singles = formats.map { [$0] }
        self.numbersAreNatural = numbersAreNatural
        self.strict = strict
        self.zone = zone
        self.keepsOffset = keepsOffset
    }

    /// The converter of a `date` property with a `timezone`, or one written with its offset
    /// (`keepsOffset`: `keepOffset: true`, `date: rfc3339-offset`); nil for every other
    /// property, which the plain converters serve. The zone name was checked at load; its rules
    /// are built once per process (`ZoneRules.shared`).
    static func make(_ kind: TypeRef.Kind, _ property: PropertyDefinition, keepsOffset: Bool) -> ZonedDateConverter? {
        guard kind == .date, property.timezone != nil || keepsOffset else { return nil }
        let formats = property.formats ?? DateFormat.defaults
        return ZonedDateConverter(formats: formats,
                                  numbersAreNatural: property.formats?.contains { [.epoch, .epochSeconds, .epochMillis].contains($0) } ?? false,
                                  strict: property.strict, zone: property.timezone.flatMap(ZoneRules.shared),
                                  keepsOffset: keepsOffset)
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let doc = ctx.document
        let lax = ctx.lax && !strict
        let outcome: ZonedDateParser.Outcome
        switch doc[node].kind {
        case .string:
            outcome = doc.withDecodedString(node) { ZonedDateParser.parse($0, formats: formats, singles: singles, zone: zone) }
        case .number where lax || numbersAreNatural:
            if let instant = DateParser.parseEpoch(doc.content(node), formats: formats) {
                outcome = .zoned(ZonedDateParser.placed(instant, zone))
                if !numbersAreNatural { ctx.coerced("epoch_to_date", node: node) }
            } else {
                outcome = .none
            }
        default:
            ctx.typeMismatch(node, expected: "date string")
            return false
        }
        let zoned: ZonedDateParser.Zoned
        switch outcome {
        case .zoned(let value): zoned = value
        case .skipped:
            ctx.fail(.invalidDate, "a local time that \(zone?.identifier ?? "the zone") skips (a daylight-saving gap)", node: node)
            return false
        case .none:
            ctx.fail(.invalidDate, "not a date in an accepted format", node: node)
            return false
        }
        ctx.out.reserve(DateFormatterOffset.maxLength + 2)
        let start = ctx.out.count
        ctx.out.byte(UInt8(ascii: "\""))
        let written = keepsOffset
            ? DateFormatterOffset.write(zoned.instant, offsetSeconds: zoned.offsetSeconds, to: ctx.out.tail)
            : DateFormatter3339.write(zoned.instant, to: ctx.out.tail)
        guard let written else {
            ctx.out.rewind(to: start)
            ctx.fail(.invalidDate, "outside the years 0001–9999", node: node)
            return false
        }
        ctx.out.advance(by: written)
        ctx.out.byte(UInt8(ascii: "\""))
        return true
    }
}
