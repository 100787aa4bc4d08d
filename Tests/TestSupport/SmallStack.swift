import Foundation

/// Runs work on a thread with a small stack, as libmicrohttpd's workers and other secondary
/// threads may have, and waits for it: recursion as deep as an input crashes here first.
public enum SmallStack {
    /// 512 KiB: smaller than any thread convertd runs schema changes on.
    public static let bytes = 512 << 10

    /// `work`'s result, computed on a thread of `bytes` of stack.
    public static func run<Value: Sendable>(bytes: Int = SmallStack.bytes, _ work: @escaping @Sendable () throws -> Value) throws -> Value {
        let box = Box<Value>()
        let thread = Thread {
            box.result = Result { try work() }
            box.done.signal()
        }
        thread.stackSize = bytes
        thread.start()
        box.done.wait()
        guard let result = box.result else { throw SmallStackError() }
        return try result.get()
    }

    /// The thread ended without a result (it cannot, short of a crash).
    public struct SmallStackError: Error {}

    private final class Box<Value>: @unchecked Sendable {
        // Written by the thread before `done` is signalled, read after.
        var result: Result<Value, any Error>?
        let done = DispatchSemaphore(value: 0)
    }
}
