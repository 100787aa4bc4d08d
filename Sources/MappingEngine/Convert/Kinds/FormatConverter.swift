/// `localDate`, `time`, `duration`, `uuid`, `email`, `ipv4`, `ipv6`, `ip`, `cidr`, `hostname`: a
/// string read by its `TextFormat` and written in the format's canonical text.
///
/// Strict mode takes strings in the format's standard form; lax mode adds its other notations
/// (`TextFormat`), and for `duration` a number of seconds.
final class FormatConverter: ValueConverter {
    let format: TextFormat
    let strict: Bool
    /// The code a refused value gets, fixed per format.
    let code: ErrorCode

    init(format: TextFormat, strict: Bool) {
        self.format = format
        self.strict = strict
        code = FormatConverter.code(of: format)
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let doc = ctx.document
        let lax = ctx.lax && !strict
        let start = ctx.out.count
        ctx.out.reserve(format.maxLength + 2)
        ctx.out.byte(UInt8(ascii: "\""))
        let written: Int?
        switch doc[node].kind {
        case .string:
            let tail = ctx.out.tail
            written = doc.withDecodedString(node) { format.write($0, lax: lax, to: tail) }
        case .number where lax && format == .duration:
            written = DurationText.fromSeconds(doc.content(node))?.write(to: ctx.out.tail)
            if written != nil { ctx.coerced("number_to_duration", node: node) }
        default:
            ctx.out.rewind(to: start)
            ctx.typeMismatch(node, expected: "\(format.rawValue) string")
            return false
        }
        guard let written else {
            ctx.out.rewind(to: start)
            let why = message(node, doc)
            ctx.fail(code, why, node: node)
            return false
        }
        ctx.out.advance(by: written)
        ctx.out.byte(UInt8(ascii: "\""))
        return true
    }

    /// Why a value was refused: the format's name, and for a duration in years or months why
    /// those are not taken. Runs on the error path only.
    private func message(_ node: Int, _ doc: JSONDocument) -> String {
        if format == .duration, doc[node].kind == .string, doc.withDecodedString(node, DurationText.namesUnfixedUnit) {
            return "years and months have no fixed length: write the duration in weeks, days, hours, minutes and seconds"
        }
        return switch format {
        case .localDate: "not a calendar date (yyyy-MM-dd)"
        case .time: "not a time of day (HH:mm:ss)"
        case .duration: "not a duration (ISO 8601 PT1H30M\(strict ? "" : ", 90s, or seconds"))"
        case .uuid: "not a UUID"
        case .email: "not an email address"
        case .ipv4: "not an IPv4 address"
        case .ipv6: "not an IPv6 address"
        case .ip: "not an IP address"
        case .cidr: "not a network in CIDR notation, or bits set past its prefix"
        case .hostname: "not a hostname"
        }
    }

    /// The error code of a refused value.
    static func code(of format: TextFormat) -> ErrorCode {
        switch format {
        case .localDate, .time: .invalidDate
        case .duration: .invalidDuration
        case .uuid: .invalidUUID
        case .email: .invalidEmail
        case .ipv4, .ipv6, .ip, .cidr: .invalidIP
        case .hostname: .invalidHostname
        }
    }
}
