/// Finds the end of an array element that arrives in pieces: the `,` after it at its own
/// level, or the bracket that closes its array, outside strings. Its state (nesting, whether
/// inside a string or just after a backslash) carries over from one piece to the next.
///
/// It counts brackets without matching their kinds: on malformed input it may end an element
/// early or late, and the parser, which reads the element afterwards, reports the error.
struct ElementScanner {
    private var depth = 0
    private var inString = false
    private var escaped = false

    /// The index in `bytes` of the byte that ends the element, or nil when the element goes on
    /// past them.
    ///
    /// The state is kept in locals while the bytes are read (stored properties of a mutating
    /// method are written back to memory at every change). Outside strings as inside, text is
    /// skipped 8 bytes at a time up to the first byte that may matter: `"` and `\` inside a
    /// string; `"`, `,` and brackets outside. Each mask is exact at its lowest marked byte, and so
    /// is their union, whose lowest marked byte is the one looked at.
    mutating func end(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var depth = self.depth
        var inString = self.inString
        var escaped = self.escaped
        defer {
            self.depth = depth
            self.inString = inString
            self.escaped = escaped
        }
        var i = 0
        while i < count {
            if inString {
                if escaped {
                    escaped = false
                    i += 1
                    continue
                }
                i = ElementScanner.skip(base, from: i, count: count) { word in
                    JSONStringCodec.matches(word, UInt8(ascii: "\"")) | JSONStringCodec.matches(word, UInt8(ascii: "\\"))
                }
                guard i < count else { break }
                switch base[i] {
                case UInt8(ascii: "\""): inString = false
                case UInt8(ascii: "\\"): escaped = true
                default: break
                }
                i += 1
                continue
            }
            i = ElementScanner.skip(base, from: i, count: count) { word in
                // `{` and `[`, `}` and `]` differ only in the bit 0x20.
                let folded = word | 0x2020_2020_2020_2020
                return JSONStringCodec.matches(word, UInt8(ascii: "\"")) | JSONStringCodec.matches(word, UInt8(ascii: ","))
                    | JSONStringCodec.matches(folded, UInt8(ascii: "{")) | JSONStringCodec.matches(folded, UInt8(ascii: "}"))
            }
            guard i < count else { break }
            switch base[i] {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return i }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 { return i }
            default:
                break
            }
            i += 1
        }
        return nil
    }

    /// From `start`, 8 bytes at a time, the index of the first word's lowest byte that `marks`
    /// marks (its high bit set), or of the last 0–7 bytes when no word has one.
    @inline(__always)
    private static func skip(_ base: UnsafePointer<UInt8>, from start: Int, count: Int, _ marks: (UInt64) -> UInt64) -> Int {
        var i = start
        while count - i >= 8 {
            let mask = marks(JSONStringCodec.load8(base + i)) & 0x8080_8080_8080_8080
            if mask != 0 { return i + mask.trailingZeroBitCount &>> 3 }
            i += 8
        }
        return i
    }
}
