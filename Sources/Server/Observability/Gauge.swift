import Synchronization

/// A lock-free integer shared between threads: a count that goes up and down, read at any time.
final class Gauge: Sendable {
    private let atomic = Atomic<Int>(0)

    /// Adds `delta` and returns the new value.
    @discardableResult
    func add(_ delta: Int) -> Int {
        atomic.add(delta, ordering: .relaxed).newValue
    }

    var value: Int { atomic.load(ordering: .relaxed) }
}
