/// A read-only view of a parsed document: the input bytes plus the tape, root at index 0.
///
/// Valid only while the parsed input and the `JSONTape` it was parsed into are alive and
/// unmodified; it holds unsafe pointers and never copies either.
public struct JSONDocument {
    /// The parsed JSON text.
    public let input: UnsafeBufferPointer<UInt8>
    /// The tape; `nodes[0]` is the root value.
    public let nodes: UnsafeBufferPointer<JSONNode>
    /// `input.baseAddress`, never nil because a parsed input is never empty.
    @usableFromInline let base: UnsafePointer<UInt8>

    init(input: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>, nodes: UnsafeBufferPointer<JSONNode>) {
        self.input = input
        self.base = base
        self.nodes = nodes
    }

    @inlinable @inline(__always)
    public subscript(i: Int) -> JSONNode {
        nodes[i]
    }

    /// Raw bytes of a scalar: a string's text between its quotes (escapes not resolved), a
    /// number's literal, `true`, `false` or `null`. Empty for containers.
    @inlinable @inline(__always)
    public func content(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        let node = nodes[i]
        if node.kind == .array || node.kind == .object {
            return UnsafeBufferPointer(start: base, count: 0)
        }
        return UnsafeBufferPointer(start: base + Int(node.start), count: Int(node.length))
    }

    /// The string node's content with escapes resolved.
    public func decodedString(_ i: Int) -> String {
        let node = nodes[i]
        let raw = base + Int(node.start)
        let length = Int(node.length)
        if node.flags & JSONNode.hasEscapes == 0 {
            return String(decoding: UnsafeBufferPointer(start: raw, count: length), as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: length) { buffer in
            guard let out = buffer.baseAddress else { return 0 }
            return JSONStringCodec.unescape(raw, count: length, into: out, canonical: false)
        }
    }

    /// Calls `body` with the string node's UTF-8 content, escapes resolved; without escapes this
    /// is the input itself, otherwise a temporary buffer valid only during the call.
    @inlinable
    public func withDecodedString<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let node = nodes[i]
        let raw = base + Int(node.start)
        let length = Int(node.length)
        if node.flags & JSONNode.hasEscapes == 0 {
            return try body(UnsafeBufferPointer(start: raw, count: length))
        }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
            guard let out = buffer.baseAddress else { return try body(UnsafeBufferPointer(start: raw, count: 0)) }
            let count = JSONStringCodec.unescape(raw, count: length, into: out, canonical: false)
            return try body(UnsafeBufferPointer(start: out, count: count))
        }
    }

    /// Whether the string node's decoded content equals the UTF-8 bytes `utf8`.
    @inlinable
    public func stringEquals(_ i: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let node = nodes[i]
        guard node.kind == .string else { return false }
        let length = Int(node.length)
        if node.flags & JSONNode.hasEscapes == 0 {
            guard length == utf8.count else { return false }
            guard let other = utf8.baseAddress else { return true }
            return JSONStringCodec.bytesEqual(base + Int(node.start), other, count: length)
        }
        // Escapes only shrink text, so a longer needle can never match.
        guard utf8.count <= length else { return false }
        return withDecodedString(i) { decoded in
            guard decoded.count == utf8.count else { return false }
            guard let a = decoded.baseAddress, let b = utf8.baseAddress else { return true }
            return JSONStringCodec.bytesEqual(a, b, count: decoded.count)
        }
    }

    /// Index of the value of the last member of `object` whose key is `utf8`, so that with
    /// duplicate keys the last one wins; nil when absent or when `object` is not an object.
    public func lastMember(of object: Int, named utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        let node = nodes[object]
        guard node.kind == .object else { return nil }
        let end = Int(node.end)
        var key = object + 1
        var found: Int?
        while key < end {
            if stringEquals(key, utf8) {
                found = key + 1
            }
            key = Int(nodes[key + 1].end)
        }
        return found
    }

    /// Index of element `n` (0-based) of `array`; nil when out of range or not an array.
    public func element(of array: Int, at n: Int) -> Int? {
        let node = nodes[array]
        guard node.kind == .array, n >= 0, n < Int(node.length) else { return nil }
        var index = array + 1
        var remaining = n
        while remaining > 0 {
            index = Int(nodes[index].end)
            remaining -= 1
        }
        return index
    }

    /// The value re-serialized as minified JSON, cut to at most `limit` characters; meant for
    /// quoting offending input in error reports, so serialization stops early on large values.
    /// A string is cut as a value, not as text: the answer is still a JSON string.
    public func text(_ i: Int, limit: Int) -> String {
        guard limit > 0 else { return "" }
        if nodes[i].kind == .string { return cutString(i, limit: limit) }
        var writer = JSONWriter(capacity: min(limit, 1024) + 16)
        defer { writer.deallocate() }
        // A character is at least one byte, so this many bytes always hold `limit` characters
        // unless grapheme clusters are unusually long, in which case the text is simply shorter.
        let budget = limit.multipliedReportingOverflow(by: 4).overflow ? Int.max : limit * 4 + 8
        let complete = writer.writeValue(self, i, stopAfter: budget)
        return writer.withBytes { bytes in
            var usable = bytes.count
            if !complete {
                // Drop a UTF-8 sequence the budget may have cut in half.
                while usable > 0 && bytes[usable - 1] & 0xC0 == 0x80 { usable -= 1 }
                if usable > 0 && bytes[usable - 1] >= 0xC0 { usable -= 1 }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<usable]), as: UTF8.self)
            return text.count <= limit ? text : String(text.prefix(limit))
        }
    }
}
