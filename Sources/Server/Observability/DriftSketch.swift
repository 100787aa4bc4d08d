/// The most frequent keys of an unbounded stream in bounded memory: Metwally, Agrawal and El
/// Abbadi's *space-saving* summary (2005), for the drift report's lists.
///
/// At most `capacity` entries are kept, each identified by a `key` (a JSON Pointer) and a
/// `detail` (a rule, an error code or a value outside an enum; empty where the list has none).
/// A new identity arriving when the table is full takes the place of the entry with the smallest
/// count `m`: it starts at `m + 1` with an error bound of `m`, and `omitted` counts the eviction.
/// So for every entry, `count - error ≤ true count ≤ count`; an identity not in the table was seen
/// at most `minimumCount` times (none at all while nothing was evicted); and `error` never exceeds
/// the number of adds divided by `capacity`, so a key seen more often than that is always kept.
///
/// The entries sit in a min-heap on their counts with each entry's heap position beside it, and
/// a `DriftIndex` finds them by identity, so an add is one hash lookup and a sift of at most
/// log₂(capacity) levels (8 for 256): a count grows by one, so it usually moves a level or none.
///
/// Memory: `capacity` entries, each holding at most `maxKeyBytes` (256) bytes of key and at most
/// `maxTextBytes` (400: 100 characters) bytes each of detail and example, plus fixed overhead.
struct DriftSketch: Sendable {
    /// One identity kept, with its estimated count and what was seen with it.
    struct Entry: Sendable, Equatable {
        /// The JSON Pointer counted, cut to `maxKeyBytes`.
        var key: String
        /// What is counted with the key (a rule, a code, a value), cut to `maxTextCharacters`.
        var detail: String
        /// How many adds the entry stands for: never fewer than the identity's true count.
        var count: Int
        /// How much of `count` may belong to identities evicted before it took their place.
        var error: Int
        /// The JSON kinds of the values seen since the entry was made.
        var kinds: DriftKinds
        /// One value seen, minified JSON cut to `maxTextCharacters`; empty when none was given.
        var example: String
    }

    /// What tells entries apart, as a merge gathers them.
    private struct Identity: Hashable {
        var key: String
        var detail: String
    }

    /// The longest key kept, in UTF-8 bytes; longer ones are cut at a scalar boundary.
    static let maxKeyBytes = 256
    /// The longest detail and example kept, in characters.
    static let maxTextCharacters = 100
    /// The longest detail and example kept, in UTF-8 bytes, whatever their characters.
    static let maxTextBytes = 400

    /// The most entries kept.
    let capacity: Int
    /// How many entries were evicted to make room (each stood for at least one distinct key),
    /// and, after a merge, also those of the merged summaries and those the merge left out.
    private(set) var omitted = 0

    private var slots: [Entry] = []
    /// Slot numbers, a min-heap on their counts.
    private var heap: [Int] = []
    /// Each slot's position in `heap`.
    private var position: [Int] = []
    private var index = DriftIndex()

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many entries are kept.
    var count: Int { slots.count }

    /// The smallest count kept (0 when empty).
    var minimumCount: Int { heap.first.map { slots[$0].count } ?? 0 }

    /// The most times an identity not in the table may have been added: 0 until one was evicted.
    var floor: Int { omitted > 0 ? minimumCount : 0 }

    /// Counts one occurrence of `key` with `detail`; `kinds` are added to the entry's, and
    /// `example` is kept when the entry has none yet.
    mutating func add(_ key: String, detail: String = "", kinds: DriftKinds = [], example: String = "") {
        let key = DriftSketch.cut(key, bytes: DriftSketch.maxKeyBytes), detail = DriftSketch.text(detail)
        let hash = DriftIndex.hash(key, detail)
        if let slot = index.slot(hash: hash, where: { slots[$0].key == key && slots[$0].detail == detail }) {
            slots[slot].count += 1
            slots[slot].kinds.formUnion(kinds)
            if slots[slot].example.isEmpty && !example.isEmpty { slots[slot].example = DriftSketch.text(example) }
            siftDown(position[slot])
            return
        }
        if slots.count < capacity {
            insert(Entry(key: key, detail: detail, count: 1, error: 0, kinds: kinds, example: DriftSketch.text(example)), hash: hash)
            return
        }
        let slot = heap[0]
        let least = slots[slot].count
        index.remove(slot: slot)
        slots[slot] = Entry(key: key, detail: detail, count: least + 1, error: least, kinds: kinds, example: DriftSketch.text(example))
        index.insert(slot: slot, hash: hash, capacity: capacity)
        omitted += 1
        siftDown(0)
    }

    /// Adds `other`'s counts to these, as the sum of the two streams would have: an identity
    /// missing from one side is taken to have been seen there as often as that side's `floor`
    /// allows, so every count stays an upper bound and `count - error` a lower one. The largest
    /// `capacity` entries are kept; those left out count as omitted.
    mutating func merge(_ other: DriftSketch) {
        guard !other.slots.isEmpty || other.omitted > 0 else { return }
        let ownFloor = floor, otherFloor = other.floor
        var merged: [Identity: Entry] = [:]
        merged.reserveCapacity(slots.count + other.slots.count)
        for entry in slots {
            var sum = entry
            sum.count += otherFloor
            sum.error += otherFloor
            merged[Identity(key: entry.key, detail: entry.detail)] = sum
        }
        for entry in other.slots {
            let identity = Identity(key: entry.key, detail: entry.detail)
            if var sum = merged[identity] {
                // Take back the floor assumed above: the other side saw this identity.
                sum.count += entry.count - otherFloor
                sum.error += entry.error - otherFloor
                sum.kinds.formUnion(entry.kinds)
                if sum.example.isEmpty { sum.example = entry.example }
                merged[identity] = sum
            } else {
                var sum = entry
                sum.count += ownFloor
                sum.error += ownFloor
                merged[identity] = sum
            }
        }
        let ranked = merged.values.sorted(by: DriftSketch.ranks)
        let kept = ranked.prefix(capacity)
        omitted += other.omitted + (ranked.count - kept.count)
        rebuild(Array(kept))
    }

    /// Every entry, by count descending, then key, then detail.
    func entries() -> [Entry] {
        slots.sorted(by: DriftSketch.ranks)
    }

    /// Whether `a` comes before `b` in a report: larger count first, then key and detail.
    private static func ranks(_ a: Entry, _ b: Entry) -> Bool {
        if a.count != b.count { return a.count > b.count }
        if a.key != b.key { return a.key < b.key }
        return a.detail < b.detail
    }

    private mutating func insert(_ entry: Entry, hash: UInt64) {
        let slot = slots.count
        slots.append(entry)
        index.insert(slot: slot, hash: hash, capacity: capacity)
        heap.append(slot)
        position.append(heap.count - 1)
        siftUp(heap.count - 1)
    }

    /// Replaces every entry by `entries` and orders the heap anew.
    private mutating func rebuild(_ entries: [Entry]) {
        slots = entries
        heap = Array(entries.indices)
        position = Array(entries.indices)
        index = DriftIndex()
        for (slot, entry) in entries.enumerated() { index.insert(slot: slot, hash: DriftIndex.hash(entry.key, entry.detail), capacity: capacity) }
        for at in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(at) }
    }

    private func less(_ i: Int, _ j: Int) -> Bool {
        slots[heap[i]].count < slots[heap[j]].count
    }

    private mutating func swapAt(_ i: Int, _ j: Int) {
        heap.swapAt(i, j)
        position[heap[i]] = i
        position[heap[j]] = j
    }

    private mutating func siftUp(_ start: Int) {
        var at = start
        while at > 0 {
            let parent = (at - 1) / 2
            guard less(at, parent) else { return }
            swapAt(at, parent)
            at = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var at = start
        while true {
            let left = 2 * at + 1
            guard left < heap.count else { return }
            let right = left + 1
            let child = right < heap.count && less(right, left) ? right : left
            guard less(child, at) else { return }
            swapAt(at, child)
            at = child
        }
    }

    /// `text` cut to `maxTextCharacters` characters and `maxTextBytes` bytes.
    static func text(_ text: String) -> String {
        // A text of at most that many bytes has at most that many characters: no count needed.
        if text.utf8.count <= maxTextCharacters { return text }
        return cut(String(text.prefix(maxTextCharacters)), bytes: maxTextBytes)
    }

    /// `text` cut to at most `limit` UTF-8 bytes, at a Unicode scalar boundary.
    static func cut(_ text: String, bytes limit: Int) -> String {
        let utf8 = text.utf8
        guard utf8.count > limit else { return text }
        var end = utf8.index(utf8.startIndex, offsetBy: limit)
        // Back to the first byte of the scalar the limit falls in.
        while end > utf8.startIndex && utf8[end] & 0xC0 == 0x80 { utf8.formIndex(before: &end) }
        return String(decoding: utf8[..<end], as: UTF8.self)
    }
}
