#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open-addressing hash table from input key bytes to a property index, built once per
/// model: the fast path of matching a payload's keys to properties.
final class KeyTable: @unchecked Sendable {
    // Immutable after init: the buffers are only read, from any thread.
    /// Result for a key no property reads.
    static let unknown: Int32 = -1
    /// Result for a key read only by key-path, candidate or discriminator lookups.
    static let known: Int32 = -2

    /// A key as two words and its length, which for keys up to 16 bytes is the key itself: a
    /// lookup compares words, and reads the key's bytes again only for longer keys.
    private struct Entry {
        var first: UInt64
        var last: UInt64
        var length: UInt32
        var value: Int32
        /// Where a key longer than 16 bytes starts in `arena`.
        var offset: UInt32
    }

    private let entries: UnsafeMutablePointer<Entry>
    private let mask: Int
    private let arena: UnsafeMutablePointer<UInt8>
    private let arenaCount: Int

    /// Builds the table; a key listed twice keeps its first value.
    init(_ keys: [(key: [UInt8], value: Int32)]) {
        var capacity = 8
        while capacity < keys.count * 2 { capacity *= 2 }
        mask = capacity - 1
        entries = .allocate(capacity: capacity)
        entries.initialize(repeating: Entry(first: 0, last: 0, length: 0, value: KeyTable.unknown, offset: 0), count: capacity)
        arenaCount = keys.reduce(0) { $0 + $1.key.count }
        arena = .allocate(capacity: max(arenaCount, 1))
        var offset = 0
        for (key, value) in keys {
            let found = key.withUnsafeBufferPointer { lookup($0) }
            guard found == KeyTable.unknown else { continue }
            key.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { (arena + offset).update(from: base, count: source.count) }
            }
            let (first, last) = key.withUnsafeBufferPointer { KeyTable.words($0) }
            var slot = KeyTable.slot(first, last, key.count) & mask
            while entries[slot].value != KeyTable.unknown { slot = (slot + 1) & mask }
            entries[slot] = Entry(first: first, last: last, length: UInt32(key.count), value: value, offset: UInt32(offset))
            offset += key.count
        }
    }

    deinit {
        entries.deallocate()
        arena.deallocate()
    }

    /// The value for `key`, or `KeyTable.unknown`.
    @inline(__always)
    func lookup(_ key: UnsafeBufferPointer<UInt8>) -> Int32 {
        let n = key.count
        let (first, last) = KeyTable.words(key)
        var slot = KeyTable.slot(first, last, n) & mask
        while true {
            let entry = entries[slot]
            if entry.value == KeyTable.unknown { return KeyTable.unknown }
            if entry.first == first && entry.last == last && Int(entry.length) == n
                && (n <= 16 || ByteText.equal(arena + Int(entry.offset), key.baseAddress.unsafelyUnwrapped, count: n)) {
                return entry.value
            }
            slot = (slot + 1) & mask
        }
    }

    /// The key's first and last eight bytes, or for shorter keys overlapping loads that stay
    /// inside the key (two 4-byte loads, or the first, middle and last byte): O(1) whatever the
    /// length, and with the length they determine any key of up to 16 bytes.
    @inline(__always)
    static func words(_ key: UnsafeBufferPointer<UInt8>) -> (first: UInt64, last: UInt64) {
        let n = key.count
        guard let base = key.baseAddress, n > 0 else { return (0, 0) }
        let raw = UnsafeRawPointer(base)
        if n >= 8 {
            return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
        }
        if n >= 4 {
            return (UInt64(raw.loadUnaligned(as: UInt32.self)), UInt64(raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)))
        }
        return (UInt64(base[0]) | UInt64(base[n &>> 1]) << 8 | UInt64(base[n &- 1]) << 16, 0)
    }

    /// The home slot of a key's words and length (before masking): multiply-mixed, high bits.
    @inline(__always)
    static func slot(_ first: UInt64, _ last: UInt64, _ n: Int) -> Int {
        let h = (first ^ (last &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(truncatingIfNeeded: n)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: h >> 32)
    }
}
