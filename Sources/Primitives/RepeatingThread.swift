import Dispatch
import Foundation
import Synchronization

/// A thread of its own that runs a job every interval until stopped; `stop` wakes it at once
/// and returns once the job has run for the last time.
public final class RepeatingThread: Sendable {
    private let stopping = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)
    private let started = Atomic<Bool>(false)

    public init() {}

    /// Runs `job` every `seconds` on a thread named `name`.
    public func start(every seconds: Double, name: String, _ job: @escaping @Sendable () -> Void) {
        started.store(true, ordering: .relaxed)
        let thread = Thread { [self] in
            while true {
                _ = wake.wait(timeout: .now() + seconds)
                if stopping.load(ordering: .relaxed) { break }
                job()
            }
            stopped.signal()
        }
        thread.name = name
        thread.start()
    }

    public func stop() {
        guard !stopping.exchange(true, ordering: .relaxed), started.load(ordering: .relaxed) else { return }
        wake.signal()
        stopped.wait()
    }
}
