import Glibc

/// The signals the service acts on — `SIGTERM`/`SIGINT` (drain and exit) and `SIGHUP` (reload)
/// — blocked in every thread and taken in one place with `sigwait`.
struct Signals {
    static let stop: Set<Int32> = [SIGTERM, SIGINT]
    static let reload = SIGHUP
    private var set = sigset_t()

    /// Blocks the signals in the calling thread and so in every thread it starts afterwards;
    /// call before starting any. Ignores `SIGPIPE`, which a closed connection would raise.
    init() {
        sigemptyset(&set)
        for signal in Signals.stop.union([Signals.reload]) { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        signal(SIGPIPE, SIG_IGN)
    }

    /// Waits for the next of the signals and returns it.
    func next() -> Int32 {
        var set = self.set
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }
}
