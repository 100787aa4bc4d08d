/// Byte-level helpers for JSON string text shared by the parser, the document view and the writer.
///
/// The 8-byte masks below use the classic SWAR "has zero byte" trick: a byte's high bit is set
/// in the result for matching bytes. Borrows can only propagate upwards from a true match, so the
/// lowest set bit is always exact, which is all a scanner needs to find the first stop byte.
@usableFromInline
enum JSONStringCodec {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Loads 8 bytes at `p` (no alignment needed) with the first byte in the low bits.
    @inlinable @inline(__always)
    static func load8(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    }

    /// Loads 4 bytes at `p` (no alignment needed) with the first byte in the low bits.
    @inlinable @inline(__always)
    static func load4(_ p: UnsafePointer<UInt8>) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self))
    }

    /// Marks bytes equal to `byte`.
    @inlinable @inline(__always)
    static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x
    }

    /// Marks the bytes that end the parser's ASCII fast path: `"`, `\`, controls and non-ASCII.
    ///
    /// Exact at the lowest marked byte. `x - 0x01..` alone marks a zero byte of `x` but also any
    /// byte >= 0x81; `w - 0x20..` marks bytes < 0x20 but also >= 0xA0. Those extra bytes are all
    /// non-ASCII, which the final `| w` marks anyway, so the usual `& ~x` is not needed.
    @inlinable @inline(__always)
    static func parserStopMask(_ word: UInt64) -> UInt64 {
        let quote = (word ^ (ones &* 0x22)) &- ones
        let backslash = (word ^ (ones &* 0x5C)) &- ones
        return (quote | backslash | (word &- ones &* 0x20) | word) & highs
    }

    /// `parserStopMask` for 16 bytes at `p` at once, as two words (the first 8 bytes, then the
    /// next 8), exact in every byte: a quote, a backslash, or a byte below 0x20 as a signed
    /// byte (a control, or non-ASCII), compared in 16 lanes.
    @inlinable @inline(__always)
    static func parserStopMask16(_ p: UnsafePointer<UInt8>) -> (low: UInt64, high: UInt64) {
        // The vector type named in full at every use: `SIMD16(repeating:)` left to inference
        // compiles to a loop over the lanes instead of three vector compares.
        typealias Lanes = SIMD16<Int8>
        let v = UnsafeRawPointer(p).loadUnaligned(as: Lanes.self)
        let quote = unsafeBitCast(v .== Lanes(repeating: 0x22), to: Lanes.self)
        let backslash = unsafeBitCast(v .== Lanes(repeating: 0x5C), to: Lanes.self)
        let below = unsafeBitCast(v .< Lanes(repeating: 0x20), to: Lanes.self)
        let (low, high) = unsafeBitCast(quote | backslash | below, to: (UInt64, UInt64).self)
        return (UInt64(littleEndian: low) & highs, UInt64(littleEndian: high) & highs)
    }

    /// Marks the bytes a writer must escape: `"`, `\` and controls.
    @inlinable @inline(__always)
    static func escapeMask(_ word: UInt64) -> UInt64 {
        (matches(word, 0x22) | matches(word, 0x5C) | ((word &- ones &* 0x20) & ~word)) & highs
    }

    /// Marks backslashes.
    @inlinable @inline(__always)
    static func backslashMask(_ word: UInt64) -> UInt64 {
        matches(word, 0x5C) & highs
    }

    /// Outcome of checking one multi-byte UTF-8 sequence.
    enum SequenceError: Int {
        case invalidLead = -1, truncated = -2, overlong = -3, surrogate = -4, aboveMax = -5
    }

    /// Length of the well-formed UTF-8 sequence starting with the non-ASCII byte at `p`, or a
    /// negative `SequenceError` raw value (Unicode Table 3-7).
    @inline(__always)
    static func sequenceLength(_ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Int {
        let lead = p[0]
        let available = end - p
        @inline(__always) func isContinuation(_ i: Int) -> Bool {
            i < available && p[i] & 0xC0 == 0x80
        }
        if lead < 0xC2 {
            return lead < 0xC0 ? SequenceError.invalidLead.rawValue : SequenceError.overlong.rawValue
        }
        if lead < 0xE0 {
            return isContinuation(1) ? 2 : SequenceError.truncated.rawValue
        }
        if lead < 0xF0 {
            guard isContinuation(1), isContinuation(2) else { return SequenceError.truncated.rawValue }
            if lead == 0xE0 && p[1] < 0xA0 { return SequenceError.overlong.rawValue }
            if lead == 0xED && p[1] > 0x9F { return SequenceError.surrogate.rawValue }
            return 3
        }
        if lead < 0xF5 {
            guard isContinuation(1), isContinuation(2), isContinuation(3) else {
                return SequenceError.truncated.rawValue
            }
            if lead == 0xF0 && p[1] < 0x90 { return SequenceError.overlong.rawValue }
            if lead == 0xF4 && p[1] > 0x8F { return SequenceError.aboveMax.rawValue }
            return 4
        }
        return lead < 0xF8 ? SequenceError.aboveMax.rawValue : SequenceError.invalidLead.rawValue
    }

    /// Value of one hex digit, or a value above 15 for any other byte.
    @inlinable @inline(__always)
    static func hexDigit(_ c: UInt8) -> UInt32 {
        let d = c &- 0x30
        if d < 10 { return UInt32(d) }
        let l = (c | 0x20) &- 0x61
        return l < 6 ? UInt32(l) + 10 : 0xFF
    }

    /// Value of the 4 hex digits at `p`, or a value above 0xFFFF when one is not a hex digit.
    @inlinable @inline(__always)
    static func hex4(_ p: UnsafePointer<UInt8>) -> UInt32 {
        let a = hexDigit(p[0]), b = hexDigit(p[1]), c = hexDigit(p[2]), d = hexDigit(p[3])
        if (a | b | c | d) > 15 { return 0x1_0000 }
        return a << 12 | b << 8 | c << 4 | d
    }

    /// Short escape letter for a control byte (`b f n r t`), or 0 when it needs `\u00XX`.
    @inlinable @inline(__always)
    static func shortEscape(_ c: UInt8) -> UInt8 {
        switch c {
        case 0x08: return UInt8(ascii: "b")
        case 0x09: return UInt8(ascii: "t")
        case 0x0A: return UInt8(ascii: "n")
        case 0x0C: return UInt8(ascii: "f")
        case 0x0D: return UInt8(ascii: "r")
        default: return 0
        }
    }

    /// Writes the canonical escape of `"`, `\` or a control byte at `out`; returns bytes written.
    @inlinable @inline(__always)
    static func writeEscape(_ c: UInt8, _ out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = 0x5C
        if c == 0x22 || c == 0x5C {
            out[1] = c
            return 2
        }
        let short = shortEscape(c)
        if short != 0 {
            out[1] = short
            return 2
        }
        let hexDigits: StaticString = "0123456789abcdef"
        out[1] = UInt8(ascii: "u")
        out[2] = 0x30
        out[3] = 0x30
        out[4] = hexDigits.utf8Start[Int(c >> 4)]
        out[5] = hexDigits.utf8Start[Int(c & 0x0F)]
        return 6
    }

    /// Decodes the raw text of a string the parser validated into `out`, returning bytes written.
    ///
    /// `out` needs `count` bytes: no escape decodes to more bytes than its own text. With
    /// `canonical`, characters that JSON requires escaped (`"`, `\`, controls) are written in their
    /// canonical escaped form instead, which never grows the text either.
    @usableFromInline
    static func unescape(
        _ src: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>, canonical: Bool
    ) -> Int {
        var i = 0
        var o = 0
        while i < count {
            var j = i
            while count - j >= 8 {
                let m = backslashMask(load8(src + j))
                if m != 0 {
                    j += m.trailingZeroBitCount >> 3
                    break
                }
                j += 8
            }
            while j < count && src[j] != 0x5C { j += 1 }
            (out + o).update(from: src + i, count: j - i)
            o += j - i
            i = j
            guard i + 1 < count else { break }
            var scalar: UInt32
            switch src[i + 1] {
            case UInt8(ascii: "u"):
                scalar = hex4(src + i + 2)
                i += 6
                if scalar >= 0xD800 && scalar < 0xDC00 && i + 6 <= count {
                    let low = hex4(src + i + 2)
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
                    i += 6
                }
            case UInt8(ascii: "b"): scalar = 0x08; i += 2
            case UInt8(ascii: "f"): scalar = 0x0C; i += 2
            case UInt8(ascii: "n"): scalar = 0x0A; i += 2
            case UInt8(ascii: "r"): scalar = 0x0D; i += 2
            case UInt8(ascii: "t"): scalar = 0x09; i += 2
            case let c: scalar = UInt32(c); i += 2
            }
            if canonical && (scalar < 0x20 || scalar == 0x22 || scalar == 0x5C) {
                o += writeEscape(UInt8(truncatingIfNeeded: scalar), out + o)
            } else {
                o += encodeUTF8(scalar, out + o)
            }
        }
        return o
    }

    /// Writes `scalar` as UTF-8 at `out`; returns bytes written.
    @inlinable @inline(__always)
    static func encodeUTF8(_ scalar: UInt32, _ out: UnsafeMutablePointer<UInt8>) -> Int {
        if scalar < 0x80 {
            out[0] = UInt8(truncatingIfNeeded: scalar)
            return 1
        }
        if scalar < 0x800 {
            out[0] = UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 2
        }
        if scalar < 0x10000 {
            out[0] = UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | (scalar >> 6) & 0x3F)
            out[2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 3
        }
        out[0] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
        out[1] = UInt8(truncatingIfNeeded: 0x80 | (scalar >> 12) & 0x3F)
        out[2] = UInt8(truncatingIfNeeded: 0x80 | (scalar >> 6) & 0x3F)
        out[3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
        return 4
    }

    /// Compares `count` bytes at `a` and `b`.
    @inlinable @inline(__always)
    static func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        var i = 0
        while count - i >= 8 {
            if load8(a + i) != load8(b + i) { return false }
            i += 8
        }
        while i < count {
            if a[i] != b[i] { return false }
            i += 1
        }
        return true
    }
}
