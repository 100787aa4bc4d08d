/// The strings extension's work over a string's UTF-8 bytes: CEL indexes strings by code point,
/// but counting and searching bytes is linear and allocates nothing, and UTF-8 is
/// self-synchronizing, so a byte match of valid UTF-8 in valid UTF-8 always starts and ends on
/// code point boundaries.
public enum CELUTF8Text {
    /// Whether `byte` starts a code point (is not a continuation byte `10xxxxxx`).
    @inline(__always) @usableFromInline
    static func startsScalar(_ byte: UInt8) -> Bool {
        byte & 0xC0 != 0x80
    }

    /// The code points in `bytes[start..<end]`; inlinable, as rules decided on the text count them.
    @inlinable
    public static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, upTo end: Int) -> Int {
        var count = 0
        for offset in start..<end where startsScalar(bytes[offset]) {
            count += 1
        }
        return count
    }

    /// The byte offset `scalars` code points after the code point starting at byte `start`
    /// (`bytes.count` for the position just past the last one), or nil when the text ends before.
    static func offset(_ scalars: Int64, after start: Int = 0, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard scalars >= 0 else { return nil }
        var remaining = scalars
        var offset = start
        while remaining > 0 {
            guard offset < bytes.count else { return nil }
            offset = scalarEnd(from: offset, in: bytes)
            remaining -= 1
        }
        return offset
    }

    /// The byte offset just past the code point starting at byte `start`.
    @inline(__always)
    static func scalarEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var offset = start + 1
        while offset < bytes.count, !startsScalar(bytes[offset]) { offset += 1 }
        return offset
    }

    /// Needles up to this many bytes are searched naively (at most this many comparisons per
    /// haystack byte); longer ones with Knuth–Morris–Pratt, whose table is the only allocation.
    static let naiveNeedleLimit = 32

    /// The byte offset of the first occurrence of a non-empty `needle` starting at or after `start`.
    static func firstMatch(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
                           from start: Int) -> Int? {
        let m = needle.count, n = haystack.count
        guard m > 0, start <= n - m else { return nil }
        if m <= naiveNeedleLimit {
            let first = needle[0]
            var i = start
            while i <= n - m {
                if haystack[i] == first, matches(needle, in: haystack, at: i) { return i }
                i += 1
            }
            return nil
        }
        let border = borders(of: needle, reversed: false)
        var j = 0
        for i in start..<n {
            while j > 0, haystack[i] != needle[j] { j = border[j - 1] }
            if haystack[i] == needle[j] { j += 1 }
            if j == m { return i - m + 1 }
        }
        return nil
    }

    /// The byte offset of the last occurrence of a non-empty `needle` starting at or before `last`.
    static func lastMatch(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
                          atOrBefore last: Int) -> Int? {
        let m = needle.count, n = haystack.count
        guard m > 0, m <= n, last >= 0 else { return nil }
        let top = min(last, n - m)
        if m <= naiveNeedleLimit {
            let first = needle[0]
            var i = top
            while i >= 0 {
                if haystack[i] == first, matches(needle, in: haystack, at: i) { return i }
                i -= 1
            }
            return nil
        }
        // Knuth–Morris–Pratt run backwards: the reversed needle over the haystack read from
        // the last byte a match starting at `top` could cover.
        let border = borders(of: needle, reversed: true)
        var j = 0
        var i = top + m - 1
        while i >= 0 {
            while j > 0, haystack[i] != needle[m - 1 - j] { j = border[j - 1] }
            if haystack[i] == needle[m - 1 - j] { j += 1 }
            if j == m { return i }
            i -= 1
        }
        return nil
    }

    /// Whether `needle` occurs in `haystack` at byte `offset` (which leaves room for it).
    @inline(__always)
    private static func matches(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
                                at offset: Int) -> Bool {
        var k = 1
        while k < needle.count {
            if haystack[offset + k] != needle[k] { return false }
            k += 1
        }
        return true
    }

    /// KMP's table: for each prefix of the (possibly reversed) needle, the length of its longest
    /// proper border.
    private static func borders(of needle: UnsafeBufferPointer<UInt8>, reversed: Bool) -> [Int] {
        let m = needle.count
        @inline(__always) func byte(_ k: Int) -> UInt8 { reversed ? needle[m - 1 - k] : needle[k] }
        var border = [Int](repeating: 0, count: m)
        var length = 0
        for k in 1..<m {
            while length > 0, byte(k) != byte(length) { length = border[length - 1] }
            if byte(k) == byte(length) { length += 1 }
            border[k] = length
        }
        return border
    }
}
