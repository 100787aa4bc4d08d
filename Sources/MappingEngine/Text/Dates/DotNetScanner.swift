/// Reads .NET JSON dates: `/Date(1508305864550)/`, `/Date(-1508305864550)/` and
/// `/Date(1508305864550+0800)/`.
///
/// The number is milliseconds since the epoch in UTC; the offset only records the writer's
/// zone (as in DataContractJsonSerializer and Json.NET), so it is checked but does not move the
/// instant.
enum DotNetScanner {
    /// The bytes every .NET date starts with.
    private static let prefix: [UInt8] = Array("/Date(".utf8)

    /// The instant the text names.
    static func instant(_ cursor: DateCursor) -> Instant? {
        var c = cursor
        guard c.next == UInt8(ascii: "/"), c.skip(prefix) else { return nil }
        let isNegative = c.skip(UInt8(ascii: "-"))
        // 16 digits of milliseconds already exceed year 9999, so longer runs are out of range.
        guard let (millis, _) = c.digits(minimum: 1, maximum: 16), c.next &- 0x30 >= 10 else {
            return nil
        }
        if c.next == UInt8(ascii: "+") || c.next == UInt8(ascii: "-") {
            guard c.numericOffset(minutesRequired: true) != nil else { return nil }
        }
        guard c.skip(UInt8(ascii: ")")), c.skip(UInt8(ascii: "/")), c.isAtEnd else { return nil }
        return EpochNumber.instant(milliseconds: Int64(millis), isNegative: isNegative)
    }
}
