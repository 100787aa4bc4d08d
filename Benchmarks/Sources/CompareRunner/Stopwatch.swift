import Dispatch

/// Times a call in batches of about 10 ms: the clock is read rarely, and the end of the
/// measurement is not overshot by more than a batch.
enum Stopwatch {
    /// Calls per second of `body` over about `seconds`, after a warm-up of a tenth of that.
    static func rate(seconds: Double, _ body: () -> Void) -> Double {
        _ = measure(seconds: seconds / 10, body)
        return measure(seconds: seconds, body)
    }

    private static func measure(seconds: Double, _ body: () -> Void) -> Double {
        var calls = 0
        var batch = 1
        let start = DispatchTime.now().uptimeNanoseconds
        var elapsed: UInt64 = 0
        repeat {
            for _ in 0..<batch { body() }
            calls += batch
            elapsed = DispatchTime.now().uptimeNanoseconds - start
            batch = max(1, Int(Double(calls) * 1e7 / Double(max(elapsed, 1))))
        } while Double(elapsed) < seconds * 1e9
        return Double(calls) / (Double(elapsed) / 1e9)
    }
}
