/// The keys seen so far in one list being reshaped (`keyBy`, `pairs`, `uniqueBy`), each with the
/// index of the item that had it first, so a repeat is named with both indexes.
///
/// An open-addressing table over a copy of each key's bytes, hashed with a seed drawn once per
/// process (a multiply-mix of the key's words, as wyhash does): a payload cannot choose keys
/// that collide without knowing the seed, so a list of a million items stays a million lookups.
/// One table per list, sized from its length; its memory is its own, freed when the list is
/// done (non-copyable), so a lookup costs no reference counting: with `Hasher` and arrays the
/// table cost more than the conversion of the objects it keys.
struct ElementKeys: ~Copyable {
    /// One key: where its bytes are in `bytes`, its item's index, and its hash's low bits (a
    /// mismatch there settles most comparisons without touching the bytes).
    private struct Entry {
        let start: UInt32
        let count: UInt32
        let index: UInt32
        let hash: UInt32
    }

    /// The process's hash seed, random.
    private static let processSeed = UInt64.random(in: .min ... .max)

    private let seed = ElementKeys.processSeed
    private var bytes: UnsafeMutablePointer<UInt8>
    private var byteCount = 0
    private var byteCapacity: Int
    private var entries: UnsafeMutablePointer<Entry>
    private var entryCount = 0
    private var entryCapacity: Int
    /// Entry numbers by hash, -1 where empty; `mask + 1` of them, at least twice the entries.
    private var slots: UnsafeMutablePointer<Int32>
    private var mask: Int

    /// A table for a list of about `expected` items.
    init(expected: Int) {
        var size = 8
        while size < expected * 2 { size *= 2 }
        mask = size - 1
        slots = .allocate(capacity: size)
        slots.initialize(repeating: -1, count: size)
        entryCapacity = max(4, expected)
        entries = .allocate(capacity: entryCapacity)
        byteCapacity = max(64, expected * 4)
        bytes = .allocate(capacity: byteCapacity)
    }

    deinit {
        slots.deallocate()
        entries.deallocate()
        bytes.deallocate()
    }

    /// The index of the earlier item whose key is `key`; nil when there is none, after
    /// remembering `key` for the item at `index`.
    mutating func earlierIndex(of key: UnsafeBufferPointer<UInt8>, inserting index: Int) -> Int? {
        let hash = self.hash(key)
        let low = UInt32(truncatingIfNeeded: hash)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let entry = entries[Int(slots[slot])]
            if entry.hash == low && Int(entry.count) == key.count
                && ByteText.equal(UnsafeBufferPointer(start: bytes + Int(entry.start), count: key.count), key) {
                return Int(entry.index)
            }
            slot = (slot &+ 1) & mask
        }
        if entryCount == entryCapacity { growEntries() }
        if byteCount + key.count > byteCapacity { growBytes(byteCount + key.count) }
        if let source = key.baseAddress { (bytes + byteCount).update(from: source, count: key.count) }
        entries[entryCount] = Entry(start: UInt32(byteCount), count: UInt32(key.count), index: UInt32(truncatingIfNeeded: index), hash: low)
        slots[slot] = Int32(entryCount)
        entryCount += 1
        byteCount += key.count
        if entryCount * 2 > mask + 1 { growSlots() }
        return nil
    }

    /// The seeded hash of `key`: its words (`KeyTable.words` for the first and last eight
    /// bytes, every eight between) each folded in by a full-width multiply.
    private func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let (first, last) = KeyTable.words(key)
        var h = ElementKeys.mix(seed ^ first, 0xA076_1D64_78BD_642F ^ UInt64(truncatingIfNeeded: key.count))
        if key.count > 16, let base = key.baseAddress {
            let raw = UnsafeRawPointer(base)
            var offset = 8
            while offset + 8 < key.count {
                h = ElementKeys.mix(h ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self), 0xE703_7ED1_A0B4_28DB)
                offset += 8
            }
        }
        return ElementKeys.mix(h ^ last, 0x8EBC_6AF0_9C88_C6E3 ^ seed)
    }

    /// The high and low halves of a full-width product, folded.
    @inline(__always)
    private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    private mutating func growEntries() {
        let larger = UnsafeMutablePointer<Entry>.allocate(capacity: entryCapacity * 2)
        larger.moveInitialize(from: entries, count: entryCount)
        entries.deallocate()
        entries = larger
        entryCapacity *= 2
    }

    private mutating func growBytes(_ needed: Int) {
        let capacity = max(needed, byteCapacity * 2)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        larger.update(from: bytes, count: byteCount)
        bytes.deallocate()
        bytes = larger
        byteCapacity = capacity
    }

    /// Doubles the slots and places every entry again.
    private mutating func growSlots() {
        let size = (mask + 1) * 2
        slots.deallocate()
        slots = .allocate(capacity: size)
        slots.initialize(repeating: -1, count: size)
        mask = size - 1
        for number in 0..<entryCount {
            let entry = entries[number]
            var slot = Int(truncatingIfNeeded: hash(UnsafeBufferPointer(start: bytes + Int(entry.start), count: Int(entry.count)))) & mask
            while slots[slot] >= 0 { slot = (slot &+ 1) & mask }
            slots[slot] = Int32(number)
        }
    }
}
