import Foundation

/// Runs work that recurses as deep as its input allows, bounded but past what a small stack holds,
/// on a thread of its own with a stack sized for it, and joins it.
///
/// Yams composes a YAML document recursively, one call chain per level of nesting, and libyaml
/// lets a document nest 1,000 levels before it refuses it: a 999-level document overflowed a
/// 512 KiB thread in a debug build. The caller's thread may be any: the main thread, a
/// libmicrohttpd worker (`PUT`), the watch's.
///
/// A POSIX thread, joined, rather than Foundation's `Thread`: when `run` returns, the thread
/// and everything its work captured are gone, so nothing outlives the call on another thread.
enum LargeStack {
    /// The stack given to the work: 1,000 levels fit in well under 8 MiB in a debug build, and
    /// the rest is room for sanitizers' larger frames. Only the pages touched become resident.
    static let bytes = 16 << 20

    /// `work`'s result, computed on a thread whose stack is `bytes`; nil when no thread could
    /// be started.
    static func run<Value>(_ work: () -> Value) -> Value? {
        withoutActuallyEscaping(work) { work in
            var result: Value?
            let job = Job { result = work() }
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, bytes)
            var thread = pthread_t()
            let context = Unmanaged.passRetained(job).toOpaque()
            guard pthread_create(&thread, &attributes, { context in
                if let context { Unmanaged<Job>.fromOpaque(context).takeRetainedValue().body() }
                return nil
            }, context) == 0 else {
                Unmanaged<Job>.fromOpaque(context).release()
                return nil
            }
            // Joined: the work has run and its thread is gone before `result` is read.
            pthread_join(thread, nil)
            return result
        }
    }

    /// The work, handed to the thread through an untyped pointer.
    private final class Job {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
