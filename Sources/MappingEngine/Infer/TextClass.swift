/// What one string value reads as, by the same recognizers the lax converters use: a null word,
/// a boolean, a number, a date, a URL, blank, or plain text.
enum TextClass: Sendable, Equatable {
    /// Empty, or ASCII whitespace only: a `url` takes it as null, every other type but `string` refuses it.
    case blank
    /// `null`, `nil`, `<null>`, `(null)` in any case, written without escapes and with at most
    /// six bytes in all, exactly as the converters single them out: null for every type but
    /// `string` and `any`.
    case nullWord
    /// `true` or `false`, in any case.
    case bool
    /// JSON number text exactly (`"640"`, `"-1.5e3"`); `"007"`, `"+1"` and `" 1"` stay text, as
    /// such strings are usually codes whose form matters.
    case number(integral: Bool)
    /// A date in one of `dateFormats`, at this index, within the years the output can hold.
    case date(formatIndex: Int)
    /// An absolute URL with an authority (`scheme://…`), nothing to trim; `mailto:` and `urn:`
    /// forms stay text, as do strings that only happen to start with a word and a colon.
    case url
    /// A UUID, an ISO 8601 duration, an IP address or network, an email address or a calendar
    /// date (`1920-10-08`), in the format's strict form: `convertd infer` proposes the format type.
    case format(TextFormat)
    case text

    /// The date formats a string is tried against, in the converter's default order; epoch
    /// numbers are left out, since a string of digits is a number.
    static let dateFormats: [DateFormat] = DateFormat.defaults.filter { $0 != .epoch }

    /// Each of `dateFormats` alone, as `DateParser` takes a list: built once, not per string.
    private static let singleDateFormats: [[DateFormat]] = dateFormats.map { [$0] }

    /// The class of a string's decoded UTF-8 content; `escaped` when its JSON text held a
    /// backslash escape.
    static func of(_ text: UnsafeBufferPointer<UInt8>, escaped: Bool) -> TextClass {
        let trimmed = ScalarASCII.trimmedRange(text)
        if trimmed.isEmpty { return .blank }
        if !escaped && (3...6).contains(text.count) && BoolText.isNullWord(text) { return .nullWord }
        if trimmed.count == text.count
            && (ScalarASCII.equalsIgnoringCase(text, trimmed, "true") || ScalarASCII.equalsIgnoringCase(text, trimmed, "false")) {
            return .bool
        }
        if let lexeme = ScalarNumberLexeme.scan(text, lax: false) {
            return .number(integral: !lexeme.hasFraction && !lexeme.hasExponent)
        }
        if let format = detectedFormat(text) { return .format(format) }
        for (index, formats) in singleDateFormats.enumerated() {
            if let instant = DateParser.parse(text, formats: formats), instant.isWithinWritableYears {
                return .date(formatIndex: index)
            }
        }
        if isWebURL(text) { return .url }
        return .text
    }

    /// The formats inference proposes, tried in order on text in their strict form: each
    /// starts with bytes that tell it apart cheaply (an email looks for its `@` first), so plain
    /// text costs a few comparisons. `hostname` is not among them: `file.txt` and `John.Smith`
    /// are hostnames too, so only a key says so (`HostnameGuess`).
    private static let inferredFormats: [TextFormat] = [.localDate, .uuid, .duration, .ipv4, .ipv6, .cidr, .email]

    /// Room for the canonical text of any of `inferredFormats`.
    private static let formatRoom = inferredFormats.map(\.maxLength).max() ?? 0

    /// The first of `inferredFormats` whose strict form `text` is in.
    private static func detectedFormat(_ text: UnsafeBufferPointer<UInt8>) -> TextFormat? {
        guard text.count <= EmailText.maxLength else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: formatRoom) { out in
            inferredFormats.first { $0.write(text, lax: false, to: out.baseAddress!) != nil && ($0 != .email || hasDottedDomain(text)) }
        }
    }

    /// Whether the text after the last `@` has a dot: `ops@example.com` is proposed as an email,
    /// `team@home` (a handle, a `user@host` login) stays text, though an email takes it.
    private static func hasDottedDomain(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let at = text.lastIndex(of: UInt8(ascii: "@")) else { return false }
        return text[(at + 1)...].contains(UInt8(ascii: "."))
    }

    /// Whether `text` is an absolute URI as the `url` converter reads it, untrimmed, with `://`
    /// right after its scheme.
    private static func isWebURL(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let range = URLText.validate(text), range.offset == 0, range.count == text.count,
              let colon = text.firstIndex(of: UInt8(ascii: ":")), colon + 2 < text.count else { return false }
        return text[colon + 1] == UInt8(ascii: "/") && text[colon + 2] == UInt8(ascii: "/")
    }
}
