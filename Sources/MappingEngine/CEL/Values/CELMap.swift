/// A CEL map: keys are bool, int, uint or string; int, uint and double keys that are
/// numerically equal are the same key (`{1: 'a'}[1u]` and `[1.0]` find it). Keeps the order
/// entries were made in.
///
/// Small maps (an object's fields, a literal) are searched in order, which beats hashing a
/// string key; past `indexedCount` entries a hash index keeps lookups constant-time.
public struct CELMap: Sendable {
    /// Entries are searched in order up to this many; past it, through `index`.
    static let indexedCount = 8

    public private(set) var entries: [(key: CELValue, value: CELValue)]
    /// Each key's position in `entries`, once the map has more than `indexedCount` entries.
    private var index: [CELMapKey: Int] = [:]

    public init() {
        entries = []
    }

    /// A map of `entries`, for a host handing values in (JSON objects, whose keys are distinct
    /// strings): a later entry with the key of an earlier one replaces its value, and an entry
    /// whose key is not of a key kind is left out. Map literals go through `insert`, which
    /// refuses both.
    public init(entries: [(key: CELValue, value: CELValue)]) {
        self.entries = []
        self.entries.reserveCapacity(entries.count)
        for (key, value) in entries {
            guard let normalized = CELMapKey(key: key) else { continue }
            if let position = position(of: normalized) {
                self.entries[position].value = value
            } else {
                append(key, value, normalized)
            }
        }
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    /// The value at `key`, or nil when the map has no such key (a key of a kind maps do not
    /// take, such as bytes, is simply not found).
    public subscript(key: CELValue) -> CELValue? {
        guard let normalized = CELMapKey(lookup: key), let position = position(of: normalized) else { return nil }
        return entries[position].value
    }

    /// The value at the string key `key`: what `m.f` reads.
    public subscript(field key: String) -> CELValue? {
        guard let position = position(of: .string(key)) else { return nil }
        return entries[position].value
    }

    /// Adds an entry; `key` must be a bool, int, uint or string, and new to the map.
    public mutating func insert(_ key: CELValue, _ value: CELValue) throws(CELError) {
        guard let normalized = CELMapKey(key: key) else {
            throw CELError(.invalidArgument, "unsupported key type \(key.typeName)")
        }
        guard position(of: normalized) == nil else {
            throw CELError(.invalidArgument, "Failed with repeated key")
        }
        append(key, value, normalized)
    }

    private mutating func append(_ key: CELValue, _ value: CELValue, _ normalized: CELMapKey) {
        entries.append((key, value))
        if entries.count > CELMap.indexedCount {
            if index.isEmpty {
                for (position, entry) in entries.enumerated() {
                    if let existing = CELMapKey(key: entry.key) { index[existing] = position }
                }
            } else {
                index[normalized] = entries.count - 1
            }
        }
    }

    private func position(of key: CELMapKey) -> Int? {
        if entries.count > CELMap.indexedCount { return index[key] }
        for position in entries.indices where key.matches(entries[position].key) {
            return position
        }
        return nil
    }
}
