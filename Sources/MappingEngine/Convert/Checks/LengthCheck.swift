/// `minLength`/`maxLength`: characters (Unicode scalars) of a string, bytes of `data`.
final class LengthCheck: OutputCheck {
    let limits: CountLimits
    /// Count decoded base64 bytes instead of characters.
    let countsBytes: Bool

    init(limits: CountLimits, countsBytes: Bool) {
        self.limits = limits
        self.countsBytes = countsBytes
    }

    var call: CheckCall { .length(.passUnretained(self)) }

    func violation(of written: UnsafeBufferPointer<UInt8>) -> (code: ErrorCode, message: String)? {
        // The output is a quoted canonical JSON string.
        let content = UnsafeBufferPointer(rebasing: written[1..<(written.count - 1)])
        // A character takes 1 to 6 bytes of canonical content (`\uXXXX` the most): limits that
        // allow every count in that range need no counting.
        if !countsBytes && limits.allow(content.count / 6...content.count) { return nil }
        let length = countsBytes ? Base64Text.decodedLength(canonical: content) : LengthCheck.scalars(inJSONString: content)
        return limits.violation(length, unit: countsBytes ? "bytes" : "characters", tooFew: .tooShort, tooMany: .tooLong)
    }

    /// Unicode scalars of canonical JSON string content: UTF-8 lead bytes, each escape one scalar.
    static func scalars(inJSONString content: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var i = 0
        while i < content.count {
            let b = content[i]
            if b == UInt8(ascii: "\\") {
                i += content[i + 1] == UInt8(ascii: "u") ? 6 : 2
                count += 1
                continue
            }
            if b & 0xC0 != 0x80 { count += 1 }
            i += 1
        }
        return count
    }
}

/// Lower and upper limits on a count: characters, bytes, items or entries.
struct CountLimits: Sendable {
    let min: Int?
    let max: Int?

    /// Whether every count in `range` is within the limits.
    func allow(_ range: ClosedRange<Int>) -> Bool {
        if let min, range.lowerBound < min { return false }
        if let max, range.upperBound > max { return false }
        return true
    }

    /// The error for `count`, or nil when it is within the limits.
    func violation(_ count: Int, unit: String, tooFew: ErrorCode, tooMany: ErrorCode) -> (code: ErrorCode, message: String)? {
        if let min, count < min { return (tooFew, "\(count) \(unit), fewer than \(min)") }
        if let max, count > max { return (tooMany, "\(count) \(unit), more than \(max)") }
        return nil
    }

    /// Records the error for a container of `count` items at `node`; false when there is one.
    func check(_ count: Int, unit: String, node: Int, _ ctx: inout ConversionContext) -> Bool {
        guard let violation = violation(count, unit: unit, tooFew: .tooFewItems, tooMany: .tooManyItems) else { return true }
        ctx.fail(violation.code, violation.message, node: node)
        return false
    }
}
