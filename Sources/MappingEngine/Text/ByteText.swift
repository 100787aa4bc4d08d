#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-string comparisons for the hot path (`elementsEqual` on buffers is a generic loop).
enum ByteText {
    /// Whether two byte strings are equal.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        return equal(pa, pb, count: a.count)
    }

    /// Whether `count` bytes at `a` and `b` are equal; keys up to 32 bytes compare as
    /// overlapping word loads, never reading outside either range.
    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count n: Int) -> Bool {
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
        if n >= 8 {
            func word(_ offset: Int) -> Bool {
                ra.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == rb.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            }
            // Longer keys mostly differ in their first word: no memcmp call for those.
            guard n <= 16 else {
                guard n <= 32 else { return word(0) && memcmp(a, b, n) == 0 }
                // The first 16 and the last 16 bytes cover all of them.
                return word(0) && word(8) && word(n - 16) && word(n - 8)
            }
            return word(0) && word(n - 8)
        }
        if n >= 4 {
            return ra.loadUnaligned(as: UInt32.self) == rb.loadUnaligned(as: UInt32.self)
                && ra.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self) == rb.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
        }
        for i in 0..<n where a[i] != b[i] { return false }
        return true
    }
}
