/// The parser's white space skipping (RFC 8259 `ws`: space, tab, line feed, carriage return),
/// shaped after how JSON text is laid out: mostly nothing, one space, or a newline and indentation.
extension JSONParser {
    /// Eight spaces (0x20 each), as `JSONStringCodec.load8` reads them.
    private static let eightSpaces: UInt64 = 0x2020_2020_2020_2020

    /// Advances `p` past JSON whitespace.
    ///
    /// The layouts of most JSON text are decided without the byte loop: no whitespace, a lone
    /// space (`"key": value`), and a newline followed by indentation. Every `ws` byte is at most
    /// a space, so one compare sends every value and separator on at once.
    @inline(__always)
    static func skipWhitespace(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) {
        guard p < end, p[0] <= UInt8(ascii: " ") else { return }
        if p[0] == UInt8(ascii: " ") {
            p += 1
            guard p < end, p[0] <= UInt8(ascii: " ") else { return }
        } else if p[0] == UInt8(ascii: "\n") {
            p += 1
            skipSpaces(&p, end)
            guard p < end, p[0] <= UInt8(ascii: " ") else { return }
        }
        skipWhitespaceBytes(&p, end)
    }

    /// Advances `p` past spaces 8 bytes at a time while 8 bytes remain, leaving the input's
    /// last bytes to the byte loop.
    ///
    /// XOR with spaces is exact per byte, so the trailing zero count of a non-zero word is the
    /// number of spaces before its first other byte.
    @inline(__always)
    static func skipSpaces(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) {
        while end - p >= 8 {
            let x = JSONStringCodec.load8(p) ^ eightSpaces
            if x != 0 {
                p += x.trailingZeroBitCount &>> 3
                return
            }
            p += 8
        }
    }

    /// Advances `p` past JSON whitespace one byte at a time, except for runs of spaces.
    @inline(__always)
    private static func skipWhitespaceBytes(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) {
        while p < end {
            let c = p[0]
            if c == UInt8(ascii: " ") {
                p += 1
                skipSpaces(&p, end)
            } else if isTabOrLineBreak(c) {
                p += 1
            } else {
                return
            }
        }
    }

    /// Whether `c` is JSON white space other than a space (RFC 8259 `ws`).
    @inline(__always)
    static func isTabOrLineBreak(_ c: UInt8) -> Bool {
        c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") || c == UInt8(ascii: "\t")
    }
}
