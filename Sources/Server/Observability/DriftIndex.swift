/// Where each entry of a `DriftSketch` sits, found by its key and detail: an open-addressing
/// hash table with linear probing, at most half full, holding slot numbers.
///
/// The sketch looks an identity up on every add; a `Dictionary` keyed by the two strings spent
/// most of an add hashing them twice with SipHash (about 415 of the 670 instructions of an add of
/// a known key, callgrind; 345 in all with this table). Here one FNV-1a pass covers both, and a
/// probe compares the 64-bit hash before the strings. FNV is not keyed, so a client could send keys that share a home place; the
/// table never has more than `2 × capacity` places, so such keys cost a bounded scan, not more.
struct DriftIndex: Sendable {
    /// Slot number + 1 at each place; 0 for an empty place. Empty until the first insert.
    private var places: [Int32] = []
    /// The hash of the identity in each slot.
    private var hashes: [UInt64] = []

    init() {}

    /// The FNV-1a hash of `key` and `detail`, with a byte that UTF-8 never holds between them.
    static func hash(_ key: String, _ detail: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        mix(key, into: &hash)
        hash = (hash ^ 0xFF) &* prime
        mix(detail, into: &hash)
        return hash
    }

    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// Adds the UTF-8 bytes of `text` to `hash`, read from the string's own storage: iterating
    /// the UTF-8 view cost about 20 instructions a byte.
    @inline(__always)
    private static func mix(_ text: String, into hash: inout UInt64) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
        }
        if done == nil {
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* prime }
        }
    }

    /// The slot holding an identity of `hash` for which `matches` says yes; nil when none does.
    @inline(__always)
    func slot(hash: UInt64, where matches: (Int) -> Bool) -> Int? {
        guard !places.isEmpty else { return nil }
        let mask = places.count - 1
        var place = Int(truncatingIfNeeded: hash) & mask
        while places[place] != 0 {
            let slot = Int(places[place]) - 1
            if hashes[slot] == hash && matches(slot) { return slot }
            place = (place + 1) & mask
        }
        return nil
    }

    /// Records that `slot` (a new one, or one just emptied by `remove`) holds an identity of `hash`,
    /// in a table sized for `capacity` slots.
    mutating func insert(slot: Int, hash: UInt64, capacity: Int) {
        if places.isEmpty {
            var size = 8
            while size < 2 * capacity { size *= 2 }
            places = Array(repeating: 0, count: size)
        }
        if slot == hashes.count { hashes.append(hash) } else { hashes[slot] = hash }
        let mask = places.count - 1
        var place = Int(truncatingIfNeeded: hash) & mask
        while places[place] != 0 { place = (place + 1) & mask }
        places[place] = Int32(slot + 1)
    }

    /// Forgets the identity in `slot`, moving back the entries its place had pushed further, so
    /// that every probe still finds what it looks for without tombstones.
    mutating func remove(slot: Int) {
        let mask = places.count - 1
        var hole = Int(truncatingIfNeeded: hashes[slot]) & mask
        while Int(places[hole]) != slot + 1 { hole = (hole + 1) & mask }
        places[hole] = 0
        var next = hole
        while true {
            next = (next + 1) & mask
            guard places[next] != 0 else { return }
            let home = Int(truncatingIfNeeded: hashes[Int(places[next]) - 1]) & mask
            // The entry at `next` stays when its home lies cyclically in (hole, next].
            let stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if stays { continue }
            places[hole] = places[next]
            places[next] = 0
            hole = next
        }
    }
}
