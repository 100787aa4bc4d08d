import Synchronization

/// A fixed row of lock-free integer counts, added to from any thread and read at any time: the
/// storage behind the service's labelled counters (requests by route and status, errors by code),
/// one allocation for the life of the process.
public final class AtomicCounts: @unchecked Sendable {
    // Each element is an `Atomic`, so concurrent access through the pointer is safe.
    private let counts: UnsafeMutablePointer<Atomic<Int>>
    public let count: Int

    public init(count: Int) {
        self.count = count
        counts = .allocate(capacity: count)
        for index in 0..<count { (counts + index).initialize(to: Atomic(0)) }
    }

    deinit {
        counts.deinitialize(count: count)
        counts.deallocate()
    }

    /// Adds `delta` to the count at `index`.
    public func add(_ delta: Int, at index: Int) {
        counts[index].add(delta, ordering: .relaxed)
    }

    public subscript(index: Int) -> Int {
        counts[index].load(ordering: .relaxed)
    }
}
