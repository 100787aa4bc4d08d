/// The containers a tape walk is inside, innermost last: each entry the index of the node after
/// the container and whether it is an object. It starts in a temporary buffer and moves to the
/// heap only for documents nested deeper than that, so no depth can exhaust the call stack.
struct OpenContainers {
    private var entries: UnsafeMutablePointer<UInt64>
    private var capacity: Int
    private var heap: UnsafeMutablePointer<UInt64>?
    private(set) var depth = 0

    private init(_ entries: UnsafeMutablePointer<UInt64>, capacity: Int) {
        self.entries = entries
        self.capacity = capacity
    }

    /// Runs `body` with an empty stack whose first 64 entries need no heap memory.
    static func with<R>(_ body: (inout OpenContainers) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 64) { buffer in
            let entries = buffer.baseAddress ?? .allocate(capacity: 64)
            var open = OpenContainers(entries, capacity: 64)
            if buffer.baseAddress == nil { open.heap = entries }
            defer { open.heap?.deallocate() }
            return body(&open)
        }
    }

    /// Enters a container whose subtree ends before node `end`.
    @inline(__always)
    mutating func push(end: UInt32, isObject: Bool) {
        if depth == capacity { grow() }
        entries[depth] = UInt64(end) | (isObject ? 1 << 32 : 0)
        depth &+= 1
    }

    /// The innermost container.
    @inline(__always)
    var top: (end: Int, isObject: Bool) {
        let entry = entries[depth &- 1]
        return (Int(truncatingIfNeeded: entry & 0xFFFF_FFFF), entry >> 32 != 0)
    }

    /// Leaves the innermost container.
    @inline(__always)
    mutating func pop() { depth &-= 1 }

    @inline(never)
    private mutating func grow() {
        let bigger = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: entries, count: depth)
        heap?.deallocate()
        heap = bigger
        entries = bigger
        capacity *= 2
    }
}
