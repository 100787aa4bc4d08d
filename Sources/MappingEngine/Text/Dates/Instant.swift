/// An instant: seconds since 1970-01-01T00:00:00Z plus nanoseconds (0..<1_000_000_000).
public struct Instant: Sendable, Hashable, Comparable {
    /// Whole seconds since the Unix epoch, negative before 1970.
    public var seconds: Int64
    /// Nanoseconds after `seconds`, always counted forward in time.
    public var nanoseconds: Int32

    public init(seconds: Int64, nanoseconds: Int32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.seconds != rhs.seconds ? lhs.seconds < rhs.seconds : lhs.nanoseconds < rhs.nanoseconds
    }

    /// The first second of 0001-01-01T00:00:00Z, the earliest instant RFC 3339 output can hold.
    static let earliestSecond: Int64 = -62_135_596_800

    /// The last second of 9999-12-31T23:59:59Z, the latest instant RFC 3339 output can hold.
    static let latestSecond: Int64 = 253_402_300_799

    /// Whether the instant falls in years 0001–9999 UTC with its nanoseconds in range.
    var isWithinWritableYears: Bool {
        seconds >= Instant.earliestSecond && seconds <= Instant.latestSecond
            && nanoseconds >= 0 && nanoseconds < 1_000_000_000
    }

    /// The instant `seconds` + `nanoseconds` after the epoch, or nil outside the writable years.
    static func checked(seconds: Int64, nanoseconds: Int32) -> Instant? {
        let instant = Instant(seconds: seconds, nanoseconds: nanoseconds)
        return instant.isWithinWritableYears ? instant : nil
    }
}
