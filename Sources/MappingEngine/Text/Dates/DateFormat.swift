/// One accepted input form of a date.
public enum DateFormat: Sendable, Hashable {
    /// RFC 3339 / ISO 8601 date-time: `T` or space, 0–9 fraction digits, `Z`/`±HH:MM`/`±HHMM`/`±HH`
    /// or no zone (UTC).
    case rfc3339
    /// `yyyy-MM-dd`, as midnight UTC.
    case dateOnly
    /// `Wed Sep 16 12:20:09 +0800 2015`, optionally with `.SSS` after the seconds.
    case twitter
    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    case rfc1123
    /// `/Date(1508305864550+0000)/`.
    case dotNet
    /// Epoch seconds, or milliseconds when the absolute value exceeds 2×10¹⁰.
    case epoch
    /// Epoch seconds, whatever the magnitude.
    case epochSeconds
    /// Epoch milliseconds, whatever the magnitude.
    case epochMillis
    /// A date pattern such as `dd.MM.yyyy`.
    case pattern(DatePattern)

    /// The defaults, in order.
    public static let defaults: [DateFormat] = [.rfc3339, .dateOnly, .twitter, .rfc1123, .dotNet, .epoch]

    /// The names a `formats` entry may use, with what each means.
    static let names: [(name: String, format: DateFormat)] = [
        ("rfc3339", .rfc3339), ("iso8601", .rfc3339), ("date", .dateOnly), ("twitter", .twitter),
        ("rfc1123", .rfc1123), ("dotnet", .dotNet), ("epoch", .epoch),
        ("epoch_seconds", .epochSeconds), ("epoch_millis", .epochMillis),
    ]

    /// Parses a `formats` entry: a format name (any case) or else a date pattern; throws
    /// `DateFormatError` when it is neither.
    public init(parsing entry: String) throws(DateFormatError) {
        let lowered = entry.lowercased()
        if let named = DateFormat.names.first(where: { $0.name == lowered }) {
            self = named.format
            return
        }
        do {
            self = .pattern(try DatePattern(entry))
        } catch {
            guard DateFormat.looksLikeName(entry) else { throw error }
            let known = DateFormat.names.map(\.name).joined(separator: ", ")
            throw DateFormatError(
                message: "unknown date format \"\(entry)\": not a format name (\(known)) "
                    + "and not a valid pattern (\(error.message))")
        }
    }

    /// Whether `entry` reads as an attempted name (letters, digits, `_`, `-`) rather than a pattern.
    private static func looksLikeName(_ entry: String) -> Bool {
        entry.utf8.allSatisfy { byte in
            DateCursor.isLetter(byte) || byte &- 0x30 < 10 || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
        }
    }
}
