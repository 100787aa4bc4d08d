#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An object the engine has just written, found member by member without parsing it again:
/// its members are the model's fields in order (absent ones left out), then any kept under
/// `unknownKeys: keep`, all in the minified form the writer gives them.
enum WrittenObject {
    /// Fills `spans` with three offsets per field (its member's first byte, its value's first
    /// and past-last byte; −1 when absent), relative to `bytes`, which starts at the object's
    /// `{`. Returns where computed members after every field go: the first kept member, or `}`.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, keys: FieldKeys, into spans: UnsafeMutablePointer<Int>) -> Int {
        keys.withBuffers { keyBytes, starts in
            let base = bytes.baseAddress.unsafelyUnwrapped
            let count = starts.count - 1
            for i in 0..<(count * 3) { spans[i] = -1 }
            var at = 1
            var field = 0
            let end = bytes.count - 1
            while at < end {
                if base[at] == UInt8(ascii: ",") { at += 1 }
                // The next field whose key is here: the fields between were left out.
                var match = field
                while match < count && !FieldKeys.same(keyBytes, starts[match], starts[match + 1], base + at, end - at) { match += 1 }
                guard match < count else { return at }
                let valueStart = at + starts[match + 1] - starts[match]
                let valueEnd = skipValue(base, valueStart, end)
                spans[match * 3] = at
                spans[match * 3 + 1] = valueStart
                spans[match * 3 + 2] = valueEnd
                field = match + 1
                at = valueEnd
            }
            return end
        }
    }

    /// The offset past the value starting at `at`: a string to its closing quote, a container
    /// to its closing bracket, anything else to the next `,` `}` or `]`.
    @inline(__always)
    static func skipValue(_ bytes: UnsafePointer<UInt8>, _ at: Int, _ end: Int) -> Int {
        switch bytes[at] {
        case UInt8(ascii: "\""):
            return closingQuote(bytes, at + 1, end) + 1
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return skipContainer(bytes, at, end)
        default:
            // A number or a literal: up to the next `,` or the object's end.
            var i = at + 1
            while i < end && bytes[i] != UInt8(ascii: ",") { i += 1 }
            return i
        }
    }

    /// The offset of the quote that closes a string whose text starts at `from`: `memchr` to
    /// each quote, taken unless an odd run of backslashes escapes it.
    private static func closingQuote(_ bytes: UnsafePointer<UInt8>, _ from: Int, _ end: Int) -> Int {
        var from = from
        while from < end, let found = memchr(bytes + from, Int32(UInt8(ascii: "\"")), end - from) {
            let quote = bytes.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var backslashes = 0
            while quote - backslashes - 1 >= from && bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return quote }
            from = quote + 1
        }
        return end
    }

    /// The offset past the container starting at `at`.
    private static func skipContainer(_ bytes: UnsafePointer<UInt8>, _ at: Int, _ end: Int) -> Int {
        var i = at + 1
        var depth = 1
        while i < end {
            switch bytes[i] {
            case UInt8(ascii: "\""): i = closingQuote(bytes, i + 1, end)
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return i + 1 }
            default: break
            }
            i += 1
        }
        return i
    }
}

/// The fields' `"name":` texts as the writer writes them, back to back in memory this owns,
/// so a scan compares bytes without touching an array per key.
final class FieldKeys: @unchecked Sendable {
    // Written only while the model compiles, before it is published: no exclusivity checks.
    @exclusivity(unchecked) private var bytes: [UInt8] = []
    /// Where each key starts in `bytes`, and one past the last.
    @exclusivity(unchecked) private var starts: [Int] = [0]

    var count: Int { starts.count - 1 }

    func append(_ key: [UInt8]) {
        bytes += key
        starts.append(bytes.count)
    }

    /// Calls `body` with the keys' bytes and where each starts (one more than there are keys).
    @inline(__always)
    func withBuffers<R>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Int>) -> R) -> R {
        bytes.withUnsafeBufferPointer { bytes in starts.withUnsafeBufferPointer { body(bytes, $0) } }
    }

    /// Whether the key from `start` to `end` in `keys` is the text at `at`, of which `available` bytes are left.
    @inline(__always)
    static func same(_ keys: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ at: UnsafePointer<UInt8>, _ available: Int) -> Bool {
        let length = end - start
        guard length <= available else { return false }
        // Keys are short: a loop beats a call to memcmp.
        let key = keys.baseAddress.unsafelyUnwrapped + start
        for i in 0..<length where key[i] != at[i] { return false }
        return true
    }
}
