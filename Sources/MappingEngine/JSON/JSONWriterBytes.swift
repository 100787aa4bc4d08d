/// Raw appends: bytes as they are, with no quoting or escaping, for the other writers and for
/// text already in its JSON form (member names, converted values).
extension JSONWriter {
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
}
