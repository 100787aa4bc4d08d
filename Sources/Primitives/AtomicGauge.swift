import Synchronization

/// A lock-free integer shared between threads: a count that goes up and down, read at any time.
public final class AtomicGauge: Sendable {
    private let atomic = Atomic<Int>(0)

    public init() {}

    /// Adds `delta` and returns the new value.
    @discardableResult
    public func add(_ delta: Int) -> Int {
        atomic.add(delta, ordering: .relaxed).newValue
    }

    public var value: Int { atomic.load(ordering: .relaxed) }
}
