/// How an instant (`date`) is written (SPEC §10).
public enum DateForm: String, Sendable, CaseIterable {
    /// RFC 3339 in UTC, `2024-07-01T07:30:00Z`: what convertd writes without options.
    case rfc3339
    /// RFC 3339 with the offset the input came with (`2024-07-01T09:30:00+02:00`); an input
    /// without an offset is placed in the property's `timezone`, or written in UTC.
    case rfc3339Offset = "rfc3339-offset"
    /// Seconds since 1970 as a JSON number: an integer, or with the input's fraction digits.
    case epochSeconds = "epoch-s"
    /// Milliseconds since 1970 as a JSON number: an integer, or with the sub-millisecond digits.
    case epochMillis = "epoch-ms"
    /// IMF-fixdate (RFC 9110 §5.6.7), `Mon, 01 Jul 2024 07:30:00 GMT`: whole seconds, always GMT.
    case http
}
