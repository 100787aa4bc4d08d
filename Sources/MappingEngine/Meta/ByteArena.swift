/// Immutable byte strings owned by one compiled model and read through raw pointers on the hot
/// path, so writing a member name or a default costs no reference counting.
final class ByteArena: @unchecked Sendable {
    // Written only while the owning model is compiled; read-only once it is published.
    private var blocks: [UnsafeMutablePointer<UInt8>] = []

    /// Copies `bytes` into the arena; the buffer lives as long as the arena.
    func store(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
        let block = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { block.update(from: base, count: source.count) }
        }
        blocks.append(block)
        return UnsafeBufferPointer(start: block, count: bytes.count)
    }

    deinit {
        for block in blocks { block.deallocate() }
    }
}
