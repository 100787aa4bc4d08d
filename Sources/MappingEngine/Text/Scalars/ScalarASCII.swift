/// Byte-level ASCII helpers shared by the scalar-text readers.
enum ScalarASCII {
    /// Whether `byte` is ASCII whitespace: space, tab, line feed, vertical tab, form feed or carriage return.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Whether `byte` is an ASCII decimal digit.
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10
    }

    /// Whether `byte` is an ASCII letter.
    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26
    }

    /// Whether `byte` is an ASCII hexadecimal digit.
    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- 0x61 < 6
    }

    /// `byte` with ASCII upper-case letters folded to lower case; other bytes unchanged.
    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// The range of `text` left after removing ASCII whitespace at both ends.
    @inline(__always)
    static func trimmedRange(_ text: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        var end = text.count
        while start < end, isWhitespace(text[start]) { start += 1 }
        while end > start, isWhitespace(text[end - 1]) { end -= 1 }
        return start..<end
    }

    /// Whether `text[range]` equals the lower-case ASCII `word` when compared case-insensitively.
    @inline(__always)
    static func equalsIgnoringCase(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let bytes = word.utf8Start
        var index = 0
        for position in range {
            if lowercased(text[position]) != bytes[index] { return false }
            index += 1
        }
        return true
    }
}
