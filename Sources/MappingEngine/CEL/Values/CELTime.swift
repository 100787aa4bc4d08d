/// A point in time: seconds since the Unix epoch and nanoseconds within the second, in CEL's
/// range 0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999999999Z.
public struct CELTimestamp: Sendable, Hashable, Comparable {
    public var seconds: Int64
    /// 0 ..< 1,000,000,000.
    public var nanos: Int32

    public init(seconds: Int64, nanos: Int32) {
        self.seconds = seconds
        self.nanos = nanos
    }

    public static func < (a: CELTimestamp, b: CELTimestamp) -> Bool {
        (a.seconds, a.nanos) < (b.seconds, b.nanos)
    }
}

/// A signed span of time, in CEL's range of a signed 64-bit count of nanoseconds (about
/// ±292 years, langdef "Overflow", as cel-go holds it); `nanos` has the sign of
/// `seconds` (protobuf's Duration).
public struct CELDuration: Sendable, Hashable, Comparable {
    public var seconds: Int64
    public var nanos: Int32

    public init(seconds: Int64, nanos: Int32) {
        self.seconds = seconds
        self.nanos = nanos
    }

    public static func < (a: CELDuration, b: CELDuration) -> Bool {
        (a.seconds, a.nanos) < (b.seconds, b.nanos)
    }
}
