/// Timestamps and durations within CEL's ranges, and their arithmetic.
///
/// A timestamp lies in 0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999999999Z; a duration, as
/// cel-go holds it and langdef's "Overflow" says, in a signed 64-bit count of nanoseconds
/// (about ±292 years): so `timestamp('9999-12-31T23:59:59Z') - timestamp('0001-01-01T00:00:00Z')`
/// is a range error, as the conformance tests ask.
enum CELTimeMath {
    static let nanosPerSecond: Int64 = 1_000_000_000
    /// 0001-01-01T00:00:00Z in Unix seconds.
    static let minSeconds: Int64 = -62_135_596_800
    /// 9999-12-31T23:59:59Z in Unix seconds.
    static let maxSeconds: Int64 = 253_402_300_799

    /// A timestamp, or a range error outside CEL's.
    static func timestamp(seconds: Int64, nanos: Int64) throws(CELError) -> CELTimestamp {
        var seconds = seconds
        var nanos = nanos
        if nanos < 0 || nanos >= nanosPerSecond {
            let carry = nanos >= 0 ? nanos / nanosPerSecond : (nanos - (nanosPerSecond - 1)) / nanosPerSecond
            let (sum, overflow) = seconds.addingReportingOverflow(carry)
            guard !overflow else { throw rangeError("timestamp") }
            seconds = sum
            nanos -= carry * nanosPerSecond
        }
        guard seconds >= minSeconds, seconds <= maxSeconds else { throw rangeError("timestamp") }
        return CELTimestamp(seconds: seconds, nanos: Int32(nanos))
    }

    /// A duration of `nanoseconds`.
    static func duration(nanoseconds: Int64) -> CELDuration {
        CELDuration(seconds: nanoseconds / nanosPerSecond, nanos: Int32(nanoseconds % nanosPerSecond))
    }

    /// The duration in nanoseconds, or a range error when it is beyond 64 bits of them.
    static func nanoseconds(_ duration: CELDuration) throws(CELError) -> Int64 {
        let (scaled, overflow) = duration.seconds.multipliedReportingOverflow(by: nanosPerSecond)
        let (total, carry) = scaled.addingReportingOverflow(Int64(duration.nanos))
        guard !overflow, !carry else { throw rangeError("duration") }
        return total
    }

    static func add(_ t: CELTimestamp, _ d: CELDuration) throws(CELError) -> CELTimestamp {
        let (seconds, overflow) = t.seconds.addingReportingOverflow(d.seconds)
        guard !overflow else { throw rangeError("timestamp") }
        return try timestamp(seconds: seconds, nanos: Int64(t.nanos) + Int64(d.nanos))
    }

    static func subtract(_ t: CELTimestamp, _ d: CELDuration) throws(CELError) -> CELTimestamp {
        try add(t, CELDuration(seconds: -d.seconds, nanos: -d.nanos))
    }

    /// `a - b`, a range error when it is beyond a duration's range.
    static func difference(_ a: CELTimestamp, _ b: CELTimestamp) throws(CELError) -> CELDuration {
        // Both are within ±2.6e11 seconds: the difference in seconds cannot overflow.
        let (scaled, overflow) = (a.seconds - b.seconds).multipliedReportingOverflow(by: nanosPerSecond)
        let (total, carry) = scaled.addingReportingOverflow(Int64(a.nanos) - Int64(b.nanos))
        guard !overflow, !carry else { throw rangeError("duration") }
        return duration(nanoseconds: total)
    }

    static func add(_ a: CELDuration, _ b: CELDuration) throws(CELError) -> CELDuration {
        let (total, overflow) = try nanoseconds(a).addingReportingOverflow(try nanoseconds(b))
        guard !overflow else { throw rangeError("duration") }
        return duration(nanoseconds: total)
    }

    static func subtract(_ a: CELDuration, _ b: CELDuration) throws(CELError) -> CELDuration {
        let (total, overflow) = try nanoseconds(a).subtractingReportingOverflow(try nanoseconds(b))
        guard !overflow else { throw rangeError("duration") }
        return duration(nanoseconds: total)
    }

    static func rangeError(_ kind: String) -> CELError {
        CELError(.overflow, "\(kind) out of range")
    }
}
