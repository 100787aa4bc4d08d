/// The parser's string scan: RFC 8259 strings checked for escapes, control characters and
/// well-formed UTF-8, plain ASCII skipped 16 bytes at a time.
extension JSONParser {
    /// Scans string content from `p` (just after the opening quote); returns its closing quote and
    /// the string node's flags.
    ///
    /// Plain ASCII is skipped 16 bytes (two words) per step; escapes, non-ASCII and the input's
    /// last bytes go to `scanStringSlow`.
    @inline(__always)
    static func scanString(
        _ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>
    ) throws(JSONSyntaxError) -> (UnsafePointer<UInt8>, UInt8) {
        var q = p
        while end - q >= 16 {
            let (low, high) = JSONStringCodec.parserStopMask16(q)
            if low | high != 0 {
                q += low != 0 ? low.trailingZeroBitCount &>> 3 : 8 &+ high.trailingZeroBitCount &>> 3
                if q[0] == UInt8(ascii: "\"") { return (q, 0) }
                break
            }
            q += 16
        }
        return try scanStringSlow(q, end, p, base)
    }

    /// Continues a string scan at `q` through escapes, UTF-8 sequences and the input's last bytes.
    @inline(never)
    static func scanStringSlow(
        _ q: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ contentStart: UnsafePointer<UInt8>,
        _ base: UnsafePointer<UInt8>
    ) throws(JSONSyntaxError) -> (UnsafePointer<UInt8>, UInt8) {
        var q = q
        var flags: UInt8 = 0
        while true {
            while end - q >= 8 {
                let mask = JSONStringCodec.parserStopMask(JSONStringCodec.load8(q))
                if mask != 0 {
                    q += mask.trailingZeroBitCount &>> 3
                    break
                }
                q += 8
            }
            guard q < end else {
                throw JSONSyntaxError.at(contentStart - 1 - base, in: base, "unterminated string", truncated: true)
            }
            let c = q[0]
            if c == UInt8(ascii: "\"") {
                return (q, flags)
            }
            if c == UInt8(ascii: "\\") {
                flags = JSONNode.hasEscapes
                q = try scanEscape(q, end, contentStart, base)
            } else if c >= 0x80 {
                // Non-Latin text is mostly multi-byte sequences in a row: check them back to back.
                repeat {
                    let size = JSONStringCodec.sequenceLength(q, end)
                    if size < 0 {
                        throw utf8Error(size, q, base, end)
                    }
                    q += size
                } while q < end && q[0] >= 0x80
            } else if c < 0x20 {
                throw JSONSyntaxError.at(
                    q - base, in: base, "unescaped control character \(JSONSyntaxError.hex(c)) in string")
            } else {
                q += 1
            }
        }
    }

    /// Validates the escape at `q` (a backslash) and returns the byte after it.
    @inline(__always)
    static func scanEscape(
        _ q: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ contentStart: UnsafePointer<UInt8>,
        _ base: UnsafePointer<UInt8>
    ) throws(JSONSyntaxError) -> UnsafePointer<UInt8> {
        guard end - q >= 2 else {
            throw JSONSyntaxError.at(contentStart - 1 - base, in: base, "unterminated string", truncated: true)
        }
        switch q[1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return q + 2
        case UInt8(ascii: "u"):
            let unit = try unicodeEscape(q, end, base)
            if unit & 0xFC00 == 0xDC00 {
                throw surrogateError(q, unit, base, end)
            }
            if unit & 0xFC00 != 0xD800 {
                return q + 6
            }
            guard end - q >= 8, q[6] == UInt8(ascii: "\\"), q[7] == UInt8(ascii: "u") else {
                throw surrogateError(q, unit, base, end)
            }
            let low = try unicodeEscape(q + 6, end, base)
            guard low & 0xFC00 == 0xDC00 else {
                throw surrogateError(q, unit, base, end)
            }
            return q + 12
        case let e:
            let shown = e >= 0x20 && e < 0x7F ? "'\\\(Character(Unicode.Scalar(e)))'" : "byte \(JSONSyntaxError.hex(e))"
            throw JSONSyntaxError.at(q - base, in: base, "invalid escape \(shown)")
        }
    }

    /// Value of the `\uXXXX` escape at `q`.
    @inline(__always)
    static func unicodeEscape(
        _ q: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>
    ) throws(JSONSyntaxError) -> UInt32 {
        guard end - q >= 6 else {
            throw JSONSyntaxError.at(q - base, in: base, "invalid \\u escape, expected 4 hex digits", truncated: true)
        }
        let unit = JSONStringCodec.hex4(q + 2)
        guard unit <= 0xFFFF else {
            throw JSONSyntaxError.at(q - base, in: base, "invalid \\u escape, expected 4 hex digits")
        }
        return unit
    }
}
