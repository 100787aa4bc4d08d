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
    mutating func end(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var i = 0
        while i < count {
            if inString {
                i = stringEnd(base, from: i, count: count)
                continue
            }
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

    /// Moves through string content from `i`: past the closing quote when it is among the
    /// bytes (leaving the string), else to `count`.
    ///
    /// Text is skipped 8 bytes at a time, non-ASCII included; only a quote or a backslash stops
    /// the skip (the mask is exact at its lowest marked byte, which is the one looked at).
    private mutating func stringEnd(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var i = start
        while i < count {
            if escaped {
                escaped = false
                i += 1
                continue
            }
            while count - i >= 8 {
                let word = JSONStringCodec.load8(base + i)
                let mask = (JSONStringCodec.matches(word, UInt8(ascii: "\"")) | JSONStringCodec.matches(word, UInt8(ascii: "\\")))
                    & 0x8080_8080_8080_8080
                if mask != 0 {
                    i += mask.trailingZeroBitCount &>> 3
                    break
                }
                i += 8
            }
            guard i < count else { break }
            switch base[i] {
            case UInt8(ascii: "\""):
                inString = false
                return i + 1
            case UInt8(ascii: "\\"):
                escaped = true
            default:
                break
            }
            i += 1
        }
        return count
    }
}
