import Dispatch
import Foundation
import Synchronization

/// Checks the schema directory every interval and reloads it when its files differ from the
/// sources served (`--reload-interval`). Comparing content rather than modification times
/// catches a Kubernetes ConfigMap update, which swaps a `..data` symlink and leaves every file's
/// time as it was, and ignores the service's own `--persist` writes, which are already served.
final class SchemaWatch: Sendable {
    private let service: Service
    private let interval: Double
    private let stopping = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)

    init(service: Service, interval: Double) {
        self.service = service
        self.interval = interval
    }

    /// Starts watching on a thread of its own, until `stop`.
    func start() {
        let thread = Thread { [self] in
            while !stopping.load(ordering: .relaxed) {
                _ = wake.wait(timeout: .now() + interval)
                if stopping.load(ordering: .relaxed) { break }
                service.reloadIfChanged()
            }
            stopped.signal()
        }
        thread.name = "convertd-watch"
        thread.start()
    }

    func stop() {
        guard !stopping.exchange(true, ordering: .relaxed) else { return }
        wake.signal()
        stopped.wait()
    }
}
