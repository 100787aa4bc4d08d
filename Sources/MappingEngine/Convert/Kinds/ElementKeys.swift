/// The keys seen so far in one list being reshaped (`keyBy`, `pairs`, `uniqueBy`), each with the
/// index of the item that had it first, so a repeat is named with both indexes.
///
/// An open-addressing table over a copy of each key's bytes, hashed with a seed drawn once per
/// process (a multiply-mix of the key's words, as wyhash does): a payload cannot choose keys
/// that collide without knowing the seed, so a list of a million items stays a million lookups.
/// The table is a frame of the workspace's `ElementKeyStack`, sized from the list's length and
/// popped when the list is done (non-copyable, so exactly once): a warm conversion allocates
/// nothing for it, and a lookup costs no reference counting. A list inside an item opens its
/// frame above and pops it before the outer list adds its next key, so the open list's table is
/// always at the top and its key bytes and entries grow in place. Its slots are sized once, for
/// the list's length: each item adds at most one key, so they stay at most half full.
struct ElementKeys: ~Copyable {
    /// One key: where its bytes are in the frame, its item's index, and its hash's high bits (a
    /// mismatch there settles most comparisons without touching the bytes; the low bits, which
    /// pick the slot, are mostly equal along a probe run).
    struct Entry {
        let start: UInt32
        let count: UInt32
        let index: UInt32
        let hash: UInt32
    }

    /// The process's hash seed, random.
    private static let processSeed = UInt64.random(in: .min ... .max)

    private let seed = ElementKeys.processSeed
    // The workspace outlives every conversion on it, and so every frame.
    private unowned(unsafe) let memory: ElementKeyStack
    /// `memory` for the lookup, borrowed without reference counting.
    private let stack: Unmanaged<ElementKeyStack>
    /// Where the frame starts in each of the stack's three parts.
    private let byteBase: Int
    private let entryBase: Int
    private let slotBase: Int
    /// Entry numbers by hash, -1 where empty; `mask + 1` of them, at least twice the entries.
    private let mask: Int

    /// A table for a list of at most `expected` items, on top of `memory`.
    init(expected: Int, in memory: ElementKeyStack) {
        self.memory = memory
        stack = .passUnretained(memory)
        var size = 8
        while size < expected * 2 { size *= 2 }
        mask = size - 1
        byteBase = memory.bytes.top
        entryBase = memory.entries.top
        slotBase = memory.slots.push(size, filledWith: -1)
    }

    deinit {
        memory.bytes.pop(to: byteBase)
        memory.entries.pop(to: entryBase)
        memory.slots.pop(to: slotBase)
    }

    private var entryCount: Int { memory.entries.top - entryBase }

    /// The index of the earlier item whose key is `key`; nil when there is none, after
    /// remembering `key` for the item at `index`.
    mutating func earlierIndex(of key: UnsafeBufferPointer<UInt8>, inserting index: Int) -> Int? {
        let hash = self.hash(key)
        let mask = self.mask, byteBase = self.byteBase, entryBase = self.entryBase, slotBase = self.slotBase
        // The stack borrowed for the lookup: reading its stacks through the unowned reference
        // retained and released it at every access.
        return stack._withUnsafeGuaranteedRef { memory -> Int? in
            let high = UInt32(truncatingIfNeeded: hash >> 32)
            let slots = memory.slots.base + slotBase, entries = memory.entries.base + entryBase
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 {
                let entry = entries[Int(slots[slot])]
                if entry.hash == high && Int(entry.count) == key.count
                    && ByteText.equal(UnsafeBufferPointer(start: memory.bytes.base + byteBase + Int(entry.start), count: key.count), key) {
                    return Int(entry.index)
                }
                slot = (slot &+ 1) & mask
            }
            let number = memory.entries.top &- entryBase
            assert((number &+ 1) * 2 <= mask &+ 1, "more keys than the list has items")
            let at = memory.bytes.reserve(key.count)
            if let source = key.baseAddress {
                UnsafeMutableRawPointer(memory.bytes.base + at).copyMemory(from: source, byteCount: key.count)
            }
            let entry = memory.entries.reserve(1)
            memory.entries.base[entry] = Entry(start: UInt32(truncatingIfNeeded: at &- byteBase), count: UInt32(truncatingIfNeeded: key.count),
                                               index: UInt32(truncatingIfNeeded: index), hash: high)
            slots[slot] = Int32(truncatingIfNeeded: number)
            return nil
        }
    }

    /// `earlierIndex(of:inserting:)` of the key written at `range` of `out`.
    @inline(__always)
    mutating func earlierIndex(of range: Range<Int>, in out: borrowing JSONWriter, inserting index: Int) -> Int? {
        out.withBytes { earlierIndex(of: UnsafeBufferPointer(rebasing: $0[range]), inserting: index) }
    }

    /// Forgets the key remembered last, whose item was dropped (`onItemError: drop`): a later
    /// item may have it. The last entry placed is the last of its probe run, so emptying its
    /// slot breaks no other key's run.
    mutating func forgetLast() {
        let number = entryCount - 1
        let entry = memory.entries.base[entryBase + number]
        let slots = memory.slots.base + slotBase
        var slot = Int(truncatingIfNeeded: hash(bytes(of: entry))) & mask
        while slots[slot] != Int32(number) { slot = (slot &+ 1) & mask }
        slots[slot] = -1
        memory.entries.pop(1)
        memory.bytes.pop(Int(entry.count))
    }

    private func bytes(of entry: Entry) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: memory.bytes.base + byteBase + Int(entry.start), count: Int(entry.count))
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
}

/// The memory of the reshaping lists' key tables (`ElementKeys`), one per workspace: their key
/// bytes, entries and slots, each a stack of frames, kept between conversions.
final class ElementKeyStack {
    // One conversion at a time uses a workspace, so exclusivity checks would be pure overhead.
    @exclusivity(unchecked) var bytes = ScratchStack<UInt8>(capacity: 1024)
    @exclusivity(unchecked) var entries = ScratchStack<ElementKeys.Entry>(capacity: 64)
    @exclusivity(unchecked) var slots = ScratchStack<Int32>(capacity: 128)

    /// Bytes held by the three stacks.
    var allocatedBytes: Int { bytes.allocatedBytes + entries.allocatedBytes + slots.allocatedBytes }

    /// Whether a stack holds more than `limit` bytes.
    func hasGrown(past limit: Int) -> Bool {
        bytes.allocatedBytes > limit || entries.allocatedBytes > limit || slots.allocatedBytes > limit
    }

    /// Reallocates at their resting sizes the stacks that have grown past `limit` bytes.
    func shrink(above limit: Int) {
        bytes.shrink(above: limit)
        entries.shrink(above: limit)
        slots.shrink(above: limit)
    }

    deinit {
        bytes.deallocate()
        entries.deallocate()
        slots.deallocate()
    }
}
