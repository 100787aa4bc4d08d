import Foundation

/// A value behind a lock. Synchronization's `Mutex` would do as well, but it waits on a raw
/// futex that ThreadSanitizer does not see, so `make test-tsan` would report every guarded
/// access as a race; `NSLock` is a pthread mutex, which it does.
public final class Guarded<Value>: @unchecked Sendable {
    // The lock guards `value`.
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
