/// `date`: every accepted input form (SPEC §3.3) to RFC 3339 in UTC.
final class DateConverter: ValueConverter {
    let formats: [DateFormat]
    /// Whether the property's own `formats` name an epoch form, making numbers natural input.
    let numbersAreNatural: Bool
    let strict: Bool

    init(formats: [DateFormat], numbersAreNatural: Bool, strict: Bool) {
        self.formats = formats
        self.numbersAreNatural = numbersAreNatural
        self.strict = strict
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let doc = ctx.document
        let lax = ctx.lax && !strict
        let instant: Instant?
        switch doc[node].kind {
        case .string:
            instant = doc.withDecodedString(node) { DateParser.parse($0, formats: formats) }
        case .number where lax || numbersAreNatural:
            instant = DateParser.parseEpoch(doc.content(node), formats: formats)
            if instant != nil, !numbersAreNatural { ctx.coerced("epoch_to_date", node: node) }
        default:
            ctx.typeMismatch(node, expected: "date string")
            return false
        }
        guard let instant else {
            ctx.fail(.invalidDate, "not a date in an accepted format", node: node)
            return false
        }
        ctx.out.reserve(DateFormatter3339.maxLength + 2)
        let start = ctx.out.count
        ctx.out.byte(UInt8(ascii: "\""))
        guard let n = DateFormatter3339.write(instant, to: ctx.out.tail) else {
            ctx.out.rewind(to: start)
            ctx.fail(.invalidDate, "outside the years 0001–9999", node: node)
            return false
        }
        ctx.out.advance(by: n)
        ctx.out.byte(UInt8(ascii: "\""))
        return true
    }
}
