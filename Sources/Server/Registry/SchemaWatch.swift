import Primitives

/// Checks the schema directory every interval and reloads it, with the runtime changes laid
/// over it, when its files differ from those last loaded (`--reload-interval`). Comparing
/// content rather than modification times catches a Kubernetes ConfigMap update, which swaps a
/// `..data` symlink and leaves every file's time as it was, and ignores the service's own
/// `--persist` writes, which are already served.
final class SchemaWatch: Sendable {
    private let service: Service
    private let interval: Double
    private let thread = RepeatingThread()

    init(service: Service, interval: Double) {
        self.service = service
        self.interval = interval
    }

    /// Starts watching on a thread of its own, until `stop`.
    func start() {
        thread.start(every: interval, name: "convertd-watch") { [service] in service.reloadIfChanged() }
    }

    func stop() {
        thread.stop()
    }
}
