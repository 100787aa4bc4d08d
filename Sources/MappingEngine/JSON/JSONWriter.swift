/// An append-only JSON output buffer with manual memory management.
///
/// Copies share the same memory: keep one owner, call `deallocate()` exactly once when done (after
/// that the writer may only be reused after writing reallocates it, or be deallocated again). Every
/// write checks capacity once per call, never per byte.
public struct JSONWriter {
    /// Start of the buffer; dangling while `capacity` is 0.
    @usableFromInline var storage: UnsafeMutablePointer<UInt8>
    /// Bytes allocated at `storage`.
    @usableFromInline var capacity: Int
    /// Bytes written so far (backing store of `count`).
    @usableFromInline var used: Int

    /// Bytes written so far.
    @inlinable
    public var count: Int { used }

    public init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
        used = 0
    }

    /// Frees the buffer.
    public mutating func deallocate() {
        if capacity > 0 {
            storage.deallocate()
        }
        capacity = 0
        used = 0
    }

    /// Empties the buffer but keeps its memory for reuse.
    @inlinable
    public mutating func reset() {
        used = 0
    }

    /// Empties the buffer and, when it has grown past `limit` bytes, reallocates it at
    /// `capacity` bytes. Bytes borrowed from the old buffer dangle afterwards.
    mutating func reset(shrinkingAbove limit: Int, to capacity: Int) {
        used = 0
        guard self.capacity > limit else { return }
        deallocate()
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    /// Calls `body` with the bytes written so far.
    @inlinable
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: capacity > 0 ? storage : nil, count: used))
    }

    /// A copy of the bytes written so far.
    public func makeArray() -> [UInt8] {
        withBytes { Array($0) }
    }

    // MARK: Raw access

    /// Ensures room for `n` more bytes.
    @inlinable @inline(__always)
    public mutating func reserve(_ n: Int) {
        if capacity &- used < n {
            grow(n)
        }
    }

    /// Reallocates so that `n` more bytes fit, at least doubling the capacity.
    @usableFromInline @inline(never)
    mutating func grow(_ n: Int) {
        let newCapacity = max(capacity * 2, used + n, 64)
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        if capacity > 0 {
            newStorage.initialize(from: storage, count: used)
            storage.deallocate()
        }
        storage = newStorage
        capacity = newCapacity
    }

    /// Where the next byte goes; write at most the amount passed to the last `reserve`, then `advance`.
    @inlinable
    public var tail: UnsafeMutablePointer<UInt8> {
        storage + used
    }

    /// Commits `n` bytes written at `tail`.
    @inlinable @inline(__always)
    public mutating func advance(by n: Int) {
        used &+= n
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    public mutating func byte(_ b: UInt8) {
        reserve(1)
        storage[used] = b
        used &+= 1
    }

    /// Appends `count` bytes from `p`.
    @inlinable @inline(__always)
    public mutating func bytes(_ p: UnsafePointer<UInt8>, count n: Int) {
        reserve(n)
        let target = UnsafeMutableRawPointer(storage + used)
        let source = UnsafeRawPointer(p)
        // Member names and short values: two overlapping word moves beat a call to memmove.
        if n >= 8 && n <= 16 {
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: n &- 8, as: UInt64.self)
        } else if n >= 4 && n < 8 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: n &- 4, as: UInt32.self)
        } else if n > 0 && n < 4 {
            // Short numbers ("0", "23"): first, middle and last byte, rather than a memmove call.
            target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
            target.storeBytes(of: source.load(fromByteOffset: n &>> 1, as: UInt8.self), toByteOffset: n &>> 1, as: UInt8.self)
            target.storeBytes(of: source.load(fromByteOffset: n &- 1, as: UInt8.self), toByteOffset: n &- 1, as: UInt8.self)
        } else if n > 16 && n <= 64 {
            Self.copyMedium(source, target, n)
        } else {
            (storage + used).update(from: p, count: n)
        }
        used &+= n
    }

    /// Copies 17 to 64 bytes (URLs, longer strings) in 16-byte steps, the last step overlapping
    /// the one before, never touching a byte outside either range: cheaper than a memmove call.
    @inlinable @inline(__always)
    static func copyMedium(_ source: UnsafeRawPointer, _ target: UnsafeMutableRawPointer, _ n: Int) {
        var offset = 0
        while offset < n &- 16 {
            copy16(source + offset, target + offset)
            offset &+= 16
        }
        copy16(source + (n &- 16), target + (n &- 16))
    }

    @inlinable @inline(__always)
    static func copy16(_ source: UnsafeRawPointer, _ target: UnsafeMutableRawPointer) {
        let head = source.loadUnaligned(as: UInt64.self)
        let tail = source.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        target.storeBytes(of: head, as: UInt64.self)
        target.storeBytes(of: tail, toByteOffset: 8, as: UInt64.self)
    }

    /// Appends the bytes of `b`.
    @inlinable @inline(__always)
    public mutating func bytes(_ b: UnsafeBufferPointer<UInt8>) {
        guard let p = b.baseAddress else { return }
        bytes(p, count: b.count)
    }

    /// Appends a compile-time string's UTF-8 bytes verbatim (no quoting or escaping).
    @inlinable @inline(__always)
    public mutating func ascii(_ s: StaticString) {
        bytes(s.utf8Start, count: s.utf8CodeUnitCount)
    }

    // MARK: Numbers

    /// Appends the decimal digits of `v`.
    @inlinable
    public mutating func uint64(_ v: UInt64) {
        reserve(20)
        let out = storage + used
        if v < 10 {
            out[0] = 0x30 &+ UInt8(truncatingIfNeeded: v)
            used &+= 1
            return
        }
        // Count the digits first (divisions by constants become multiplications), then write
        // two digits per step backwards from the end, taking pairs from a 200-byte static table.
        var digits = 1
        var t = v
        while t >= 10_000 {
            t /= 10_000
            digits &+= 4
        }
        if t >= 100 {
            t /= 100
            digits &+= 2
        }
        if t >= 10 {
            digits &+= 1
        }
        let pairs: StaticString = """
            00010203040506070809101112131415161718192021222324252627282930313233343536373839\
            40414243444546474849505152535455565758596061626364656667686970717273747576777879\
            8081828384858687888990919293949596979899
            """
        let table = pairs.utf8Start
        var q = out + digits
        var x = v
        while x >= 100 {
            let r = Int(truncatingIfNeeded: x % 100) &* 2
            x /= 100
            q -= 2
            q[0] = table[r]
            q[1] = table[r &+ 1]
        }
        if x >= 10 {
            let r = Int(truncatingIfNeeded: x) &* 2
            out[0] = table[r]
            out[1] = table[r &+ 1]
        } else {
            out[0] = 0x30 &+ UInt8(truncatingIfNeeded: x)
        }
        used &+= digits
    }

    /// Appends `v` in decimal, with a leading `-` when negative.
    @inlinable
    public mutating func int64(_ v: Int64) {
        if v < 0 {
            byte(UInt8(ascii: "-"))
        }
        uint64(v.magnitude)
    }

    /// Appends the shortest text that reads back as `v` (for example `1.0`, `1e-05`); a
    /// non-finite value, which JSON cannot represent, is written as `null`.
    public mutating func double(_ v: Double) { shortest(v) }

    /// Appends the shortest text that reads back as `v`; a non-finite value is written as `null`.
    public mutating func float(_ v: Float) { shortest(v) }

    private mutating func shortest<F: BinaryFloatingPoint & CustomStringConvertible>(_ v: F) {
        guard v.isFinite else {
            ascii("null")
            return
        }
        var text = v.description
        text.withUTF8 { bytes($0) }
    }

    // MARK: Strings

    /// Appends `s` as a quoted JSON string, escaped canonically.
    public mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { string(utf8: $0) }
    }

    /// Appends UTF-8 text as a quoted JSON string: `"`, `\` and control characters are escaped
    /// (`\b \f \n \r \t`, otherwise `\u00XX`); everything else, including non-ASCII, is verbatim.
    public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        let n = utf8.count
        // Room for the text as is; each escape, being rare, checks for its extra bytes itself.
        reserve(n &+ 2)
        var out = storage + used
        out[0] = 0x22
        out += 1
        if let src = utf8.baseAddress {
            var i = 0
            while i < n {
                var j = i
                while n &- j >= 8 {
                    let mask = JSONStringCodec.escapeMask(JSONStringCodec.load8(src + j))
                    if mask != 0 {
                        j &+= mask.trailingZeroBitCount &>> 3
                        break
                    }
                    j &+= 8
                }
                while j < n {
                    let c = src[j]
                    if c < 0x20 || c == 0x22 || c == 0x5C { break }
                    j &+= 1
                }
                out.update(from: src + i, count: j &- i)
                out += j &- i
                if j < n {
                    // This escape (up to 6 bytes), the rest of the text and the closing quote.
                    let needed = 6 &+ (n &- j)
                    if capacity &- (out - storage) < needed {
                        used = out - storage
                        grow(needed)
                        out = storage + used
                    }
                    out += JSONStringCodec.writeEscape(src[j], out)
                    j &+= 1
                }
                i = j
            }
        }
        out[0] = 0x22
        used = out + 1 - storage
    }

    /// Appends string node `i` of `doc` quoted and canonically escaped (`"\u0061"` becomes `"a"`,
    /// `"\/"` becomes `"/"`); text without escapes is copied as is.
    @inline(__always)
    public mutating func string(_ doc: JSONDocument, _ i: Int) {
        let node = doc.nodes[i]
        // 16 bytes of slack for `putRaw`'s word-sized copies.
        reserve(Int(node.length) &+ 18)
        used = Self.putString(node, doc.base, doc.base + doc.input.count, storage + used) - storage
    }

    /// Appends the subtree at node `i` of `doc` as minified JSON: numbers as their literal text,
    /// strings canonical.
    ///
    /// Minified canonical output is never longer than the input text it comes from (escapes only
    /// shrink or keep their size), so one reservation covers the whole subtree and the loop
    /// writes through a raw pointer without further capacity checks.
    public mutating func value(_ doc: JSONDocument, _ i: Int) {
        // 32 bytes of slack let short copies move whole 8-byte words past the exact end.
        reserve(doc.input.count - Int(doc.nodes[i].start) + 32)
        used = Self.writeMinified(doc, i, storage + used) - storage
    }

    /// Writes the subtree at `root` minified from `start`, with room already reserved; returns
    /// the end of the output.
    ///
    /// Iterative over the tape: open containers live on a small stack buffer that moves to the
    /// heap only for documents nested deeper than it, so no depth can exhaust the call stack.
    static func writeMinified(
        _ doc: JSONDocument, _ root: Int, _ start: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        OpenContainers.with { open in
            var out = start
            let nodes = doc.nodes
            let base = doc.base
            let inputEnd = base + doc.input.count
            var i = root
            while true {
                let node = nodes[i]
                switch node.kind {
                case .string:
                    out = putString(node, base, inputEnd, out)
                    i &+= 1
                case .number, .true, .false, .null:
                    out = putRaw(base + Int(node.start), Int(node.length), inputEnd, out)
                    i &+= 1
                case .array, .object:
                    let isObject = node.kind == .object
                    out[0] = isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")
                    if node.length == 0 {
                        out[1] = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                        out += 2
                        i &+= 1
                    } else {
                        out += 1
                        open.push(end: node.end, isObject: isObject)
                        i &+= 1
                        if isObject {
                            out = putString(nodes[i], base, inputEnd, out)
                            out[0] = UInt8(ascii: ":")
                            out += 1
                            i &+= 1
                        }
                        continue
                    }
                }
                // A value ended: close finished containers or write the separator for the next one.
                while open.depth > 0 {
                    let top = open.top
                    if i == top.end {
                        out[0] = top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                        out += 1
                        open.pop()
                        continue
                    }
                    out[0] = UInt8(ascii: ",")
                    out += 1
                    if top.isObject {
                        out = putString(nodes[i], base, inputEnd, out)
                        out[0] = UInt8(ascii: ":")
                        out += 1
                        i &+= 1
                    }
                    break
                }
                if open.depth == 0 { return out }
            }
        }
    }

    /// Writes a string node quoted and canonical at `out`; returns the end of the output.
    @inline(__always)
    static func putString(
        _ node: JSONNode, _ base: UnsafePointer<UInt8>, _ inputEnd: UnsafePointer<UInt8>,
        _ out: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        out[0] = 0x22
        let raw = base + Int(node.start)
        var o = out + 1
        if node.flags & JSONNode.hasEscapes == 0 {
            o = putRaw(raw, Int(node.length), inputEnd, o)
        } else {
            o += JSONStringCodec.unescape(raw, count: Int(node.length), into: o, canonical: true)
        }
        o[0] = 0x22
        return o + 1
    }

    /// Copies `length` bytes from `src` to `out`; returns the end of the output.
    ///
    /// Up to 16 bytes move as two 8-byte words when the input has 16 readable bytes at `src`;
    /// the output side always has that much slack reserved.
    @inline(__always)
    static func putRaw(
        _ src: UnsafePointer<UInt8>, _ length: Int, _ inputEnd: UnsafePointer<UInt8>,
        _ out: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        if length <= 16 && inputEnd - src >= 16 {
            let raw = UnsafeMutableRawPointer(out)
            raw.storeBytes(of: UnsafeRawPointer(src).loadUnaligned(as: UInt64.self), as: UInt64.self)
            raw.storeBytes(of: UnsafeRawPointer(src + 8).loadUnaligned(as: UInt64.self), toByteOffset: 8, as: UInt64.self)
        } else if length > 16 && length <= 64 {
            copyMedium(UnsafeRawPointer(src), UnsafeMutableRawPointer(out), length)
        } else {
            out.update(from: src, count: length)
        }
        return out + length
    }

    /// Writes the subtree at `root` like `value`, but checking capacity per node and stopping at
    /// a node boundary once `count` reaches `stopAfter`; returns whether all of it was written.
    ///
    /// For bounded previews of possibly huge values, where reserving the whole bound up front
    /// would waste memory.
    @discardableResult
    mutating func writeValue(_ doc: JSONDocument, _ root: Int, stopAfter: Int) -> Bool {
        OpenContainers.with { open in
            var i = root
            let nodes = doc.nodes
            while true {
                if used >= stopAfter { return false }
                let node = nodes[i]
                switch node.kind {
                case .string:
                    string(doc, i)
                    i &+= 1
                case .number, .true, .false, .null:
                    bytes(doc.base + Int(node.start), count: Int(node.length))
                    i &+= 1
                case .array, .object:
                    let isObject = node.kind == .object
                    if node.length == 0 {
                        if isObject { ascii("{}") } else { ascii("[]") }
                        i &+= 1
                    } else {
                        byte(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
                        open.push(end: node.end, isObject: isObject)
                        i &+= 1
                        if isObject {
                            string(doc, i)
                            byte(UInt8(ascii: ":"))
                            i &+= 1
                        }
                        continue
                    }
                }
                // A value ended: close finished containers or write the separator for the next one.
                while open.depth > 0 {
                    let top = open.top
                    if i == top.end {
                        byte(top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                        open.pop()
                        continue
                    }
                    byte(UInt8(ascii: ","))
                    if top.isObject {
                        string(doc, i)
                        byte(UInt8(ascii: ":"))
                        i &+= 1
                    }
                    break
                }
                if open.depth == 0 { return true }
            }
        }
    }
}
