/// Writes an instant as RFC 3339 at a given offset: `2024-03-31T03:30:00+02:00`.
public enum DateFormatterOffset {
    /// Maximum bytes written.
    public static let maxLength = DateFormatter3339.maxLength + 5

    /// Writes the local time of `instant` at `offsetSeconds` with that offset (`Z` for zero) to
    /// `out` (room for `maxLength` bytes) and returns the byte count; nil when the local year is
    /// outside 1...9999. An offset with seconds in it (local mean times before 1900) cannot be
    /// written in RFC 3339, and the instant is written in UTC instead.
    public static func write(_ instant: Instant, offsetSeconds: Int, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        let offset = offsetSeconds % 60 == 0 ? offsetSeconds : 0
        guard let n = DateFormatter3339.write(Instant(seconds: instant.seconds + Int64(offset), nanoseconds: instant.nanoseconds),
                                              to: out) else { return nil }
        guard offset != 0 else { return n }
        // Replace the `Z` with ±HH:MM.
        let magnitude = abs(offset) / 60
        var output = FormatOutput(out + n - 1)
        output.byte(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        output.digits(magnitude / 60, width: 2)
        output.byte(UInt8(ascii: ":"))
        output.digits(magnitude % 60, width: 2)
        return n - 1 + output.count
    }
}
