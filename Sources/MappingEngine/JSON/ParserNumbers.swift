/// The parser's number scan: RFC 8259 numbers validated, not converted (the tape keeps their text).
extension JSONParser {
    /// Validates a number at `p` (a `-` or digit); returns the byte after it and its flags.
    @inline(__always)
    static func scanNumber(
        _ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>
    ) throws(JSONSyntaxError) -> (UnsafePointer<UInt8>, UInt8) {
        @inline(__always) func isDigit(_ q: UnsafePointer<UInt8>) -> Bool {
            q < end && q[0] &- 0x30 < 10
        }
        var q = p
        var flags = JSONNode.isInteger
        if q[0] == UInt8(ascii: "-") {
            flags |= JSONNode.isNegative
            q += 1
            guard isDigit(q) else { throw failure(.digitAfterMinus, q, base, end) }
        }
        if q[0] == UInt8(ascii: "0") {
            q += 1
            if isDigit(q) {
                throw JSONSyntaxError.at(q - 1 - base, in: base, "leading zero in number")
            }
        } else {
            q += 1
            while isDigit(q) { q += 1 }
        }
        if q < end && q[0] == UInt8(ascii: ".") {
            flags &= ~JSONNode.isInteger
            q += 1
            guard isDigit(q) else { throw failure(.digitAfterDot, q, base, end) }
            q += 1
            while isDigit(q) { q += 1 }
        }
        if q < end && q[0] | 0x20 == UInt8(ascii: "e") {
            flags &= ~JSONNode.isInteger
            q += 1
            if q < end && (q[0] == UInt8(ascii: "+") || q[0] == UInt8(ascii: "-")) { q += 1 }
            guard isDigit(q) else { throw failure(.digitInExponent, q, base, end) }
            q += 1
            while isDigit(q) { q += 1 }
        }
        return (q, flags)
    }
}
