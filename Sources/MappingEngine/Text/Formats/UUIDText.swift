/// `uuid`: 128 bits in the RFC 9562 text form, lower case (`f81d4fae-7dec-11d0-a765-00a0c91e6bf6`).
enum UUIDText {
    /// Writes the canonical form. Strict: the 8-4-4-4-12 hex form, any case. Lax also: braces
    /// around it (`{…}`, Microsoft's form), a `urn:uuid:` prefix (any case), and the 32 digits
    /// without hyphens. Any version and variant is taken: the type checks the text, not how the
    /// bits were made.
    static func write(_ text: UnsafeBufferPointer<UInt8>, lax: Bool, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        var start = 0
        var end = text.count
        if lax {
            if end - start >= 2, text[start] == UInt8(ascii: "{"), text[end - 1] == UInt8(ascii: "}") {
                start += 1
                end -= 1
            } else if end >= 9, ScalarASCII.equalsIgnoringCase(text, 0..<9, "urn:uuid:") {
                start = 9
            }
        }
        let hyphenated = end - start == 36
        guard hyphenated || (lax && end - start == 32) else { return nil }
        var output = FormatOutput(out)
        var position = start
        for index in 0..<36 {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                output.byte(UInt8(ascii: "-"))
                if hyphenated {
                    guard text[position] == UInt8(ascii: "-") else { return nil }
                    position += 1
                }
                continue
            }
            let byte = text[position]
            guard ScalarASCII.isHexDigit(byte) else { return nil }
            output.byte(ScalarASCII.lowercased(byte))
            position += 1
        }
        return output.count
    }
}
