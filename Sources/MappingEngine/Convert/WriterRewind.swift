extension JSONWriter {
    /// Drops what was written after `count` bytes: a converter that fails takes back its output.
    @inline(__always)
    mutating func rewind(to count: Int) {
        used = count
    }
}

extension JSONWriter {
    /// Inserts `inserted` at byte `offset`, moving what follows: how a `compute` member takes
    /// its place in an object already written.
    mutating func insert(_ inserted: [UInt8], at offset: Int) {
        precondition(offset >= 0 && offset <= used)
        guard !inserted.isEmpty else { return }
        reserve(inserted.count)
        (storage + offset + inserted.count).update(from: storage + offset, count: used - offset)
        inserted.withUnsafeBufferPointer { (storage + offset).update(from: $0.baseAddress.unsafelyUnwrapped, count: $0.count) }
        used += inserted.count
    }

    /// The bytes from `offset` to the end.
    func bytes(from offset: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: storage + offset, count: used - offset))
    }
}
