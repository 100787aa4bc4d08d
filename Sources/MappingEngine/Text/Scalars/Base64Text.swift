/// Base64 input (standard or URL-safe alphabet, padding optional) normalized to standard padded base64.
public enum Base64Text {
    /// Writes the canonical standard, padded form of `text` to `out` (room for `text.count + 3`
    /// bytes) and returns its length; nil when invalid.
    ///
    /// Both alphabets may be mixed. ASCII whitespace is trimmed at both ends and skipped inside
    /// (MIME line breaks). Invalid: a character outside both alphabets, a data length ≡ 1 mod 4,
    /// data after padding, padding that does not complete the last quantum, non-zero trailing bits.
    public static func canonical(_ text: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        var length = 0
        var padding = 0
        var last: UInt8 = 0
        for position in ScalarASCII.trimmedRange(text) {
            let byte = text[position]
            if padding > 0 {
                if byte == UInt8(ascii: "=") {
                    padding += 1
                } else if !ScalarASCII.isWhitespace(byte) {
                    return nil
                }
                continue
            }
            if let standard = standardCharacter(byte) {
                out[length] = standard
                length += 1
                last = standard
            } else if byte == UInt8(ascii: "=") {
                padding = 1
            } else if !ScalarASCII.isWhitespace(byte) {
                return nil
            }
        }
        let remainder = length & 3
        let needed = (4 - remainder) & 3
        guard remainder != 1, padding == 0 || padding == needed else { return nil }
        // The bits past the last whole byte must be zero, or two texts would decode alike.
        switch remainder {
        case 2: guard sextet(last) & 0x0F == 0 else { return nil }
        case 3: guard sextet(last) & 0x03 == 0 else { return nil }
        default: break
        }
        for index in 0..<needed { out[length + index] = UInt8(ascii: "=") }
        return length + needed
    }

    /// The decoded byte count of a canonical (or unpadded) base64 text.
    public static func decodedLength(canonical: UnsafeBufferPointer<UInt8>) -> Int {
        var dataCount = canonical.count
        while dataCount > 0, canonical[dataCount - 1] == UInt8(ascii: "=") { dataCount -= 1 }
        return dataCount * 3 / 4
    }

    /// The standard-alphabet character for a character of either alphabet, or nil for any other byte.
    @inline(__always)
    private static func standardCharacter(_ byte: UInt8) -> UInt8? {
        if ScalarASCII.isLetter(byte) || ScalarASCII.isDigit(byte) { return byte }
        switch byte {
        case UInt8(ascii: "+"), UInt8(ascii: "/"): return byte
        case UInt8(ascii: "-"): return UInt8(ascii: "+")
        case UInt8(ascii: "_"): return UInt8(ascii: "/")
        default: return nil
        }
    }

    /// The 6-bit value of a standard-alphabet character.
    @inline(__always)
    private static func sextet(_ standard: UInt8) -> UInt8 {
        switch standard {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): standard - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): standard - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): standard - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        default: 63
        }
    }
}
