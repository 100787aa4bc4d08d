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

    /// 16 bytes, so a model's table stays small in cache.
    private struct Entry {
        var hash: UInt32
        var offset: UInt32
        var length: UInt32
        var value: Int32
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
        entries.initialize(repeating: Entry(hash: 0, offset: 0, length: 0, value: KeyTable.unknown), count: capacity)
        arenaCount = keys.reduce(0) { $0 + $1.key.count }
        arena = .allocate(capacity: max(arenaCount, 1))
        var offset = 0
        for (key, value) in keys {
            let found = key.withUnsafeBufferPointer { lookup($0) }
            guard found == KeyTable.unknown else { continue }
            key.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { (arena + offset).update(from: base, count: source.count) }
            }
            let hash = key.withUnsafeBufferPointer { KeyTable.hash($0) }
            var slot = Int(truncatingIfNeeded: hash) & mask
            while entries[slot].value != KeyTable.unknown { slot = (slot + 1) & mask }
            entries[slot] = Entry(hash: UInt32(truncatingIfNeeded: hash >> 32), offset: UInt32(offset), length: UInt32(key.count), value: value)
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
        let hash = KeyTable.hash(key)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = entries[slot]
            if entry.value == KeyTable.unknown { return KeyTable.unknown }
            if entry.hash == UInt32(truncatingIfNeeded: hash >> 32) && Int(entry.length) == key.count
                && (key.count == 0 || ByteText.equal(arena + Int(entry.offset), key.baseAddress.unsafelyUnwrapped, count: key.count)) {
                return entry.value
            }
            slot = (slot + 1) & mask
        }
    }

    /// Length, the first and last eight bytes, mixed: O(1) whatever the key's length.
    ///
    /// Shorter keys are read as overlapping loads that stay inside the key (two 4-byte loads,
    /// or the first, middle and last byte), so no loop runs per byte.
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let n = key.count
        var a: UInt64 = 0
        var b: UInt64 = 0
        if let base = key.baseAddress, n > 0 {
            let raw = UnsafeRawPointer(base)
            if n >= 8 {
                a = raw.loadUnaligned(as: UInt64.self)
                b = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            } else if n >= 4 {
                a = UInt64(raw.loadUnaligned(as: UInt32.self))
                    | UInt64(raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)) << 32
            } else {
                a = UInt64(base[0]) | UInt64(base[n &>> 1]) << 8 | UInt64(base[n &- 1]) << 16
            }
        }
        var h = (a ^ (UInt64(n) &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        h ^= (b &+ (h >> 29)) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 32)
    }
}
