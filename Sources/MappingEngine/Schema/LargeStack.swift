import Foundation

/// Runs work that recurses as deep as its input allows, bounded but past what a small stack holds,
/// on a thread of its own with a stack sized for it, and waits for the result.
///
/// Yams composes a YAML document recursively, one call chain per level of nesting, and libyaml
/// lets a document nest 1,000 levels before it refuses it: about 600 KiB of stack in a debug
/// build, more than a 512 KiB worker thread has. The caller's thread may be any: the main
/// thread, a libmicrohttpd worker (`PUT`), the watch's.
enum LargeStack {
    /// The stack given to the work: 30 times what libyaml's deepest document took when measured,
    /// which leaves room for sanitizers' larger frames. Only the pages touched become resident.
    static let bytes = 16 << 20

    /// `work`'s result, computed on a thread whose stack is `bytes`.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> Value {
        let outcome = Outcome<Value>()
        let thread = Thread {
            outcome.value = work()
            outcome.done.signal()
        }
        thread.stackSize = bytes
        thread.start()
        outcome.done.wait()
        // The semaphore orders the thread's write before this read.
        guard let value = outcome.value else { return work() }
        return value
    }

    /// Where the thread leaves its result.
    private final class Outcome<Value>: @unchecked Sendable {
        // Written once by the worker before `done` is signalled, read by the caller after.
        var value: Value?
        let done = DispatchSemaphore(value: 0)
    }
}
