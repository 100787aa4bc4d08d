@testable import ConvertdHTTP
import Testing

/// When the watchdog cuts a connection off, phase by phase.
struct DeadlinesTests {
    private let deadlines = Deadlines(idleSeconds: 30, headerSeconds: 10, bodySeconds: 10, minBytesPerSecond: 1000)

    static let cases: [(phase: ClientConnection.Phase, elapsed: UInt64, bytes: Int, verdict: Deadlines.Verdict)] = [
        (.idle, 29_000, 0, .keep), (.idle, 31_000, 0, .close),
        (.head, 9_000, 0, .keep), (.head, 10_001, 0, .timeOut),
        (.body, 10_000, 0, .keep), (.body, 10_001, 0, .timeOut),
        // Each 1000 bytes received earn a second.
        (.body, 14_000, 5_000, .keep), (.body, 15_001, 5_000, .timeOut),
        (.responding, 19_000, 10_000, .keep), (.responding, 20_001, 10_000, .close),
        (.processing, 1_000_000, 0, .keep), (.cut, 1_000_000, 0, .keep),
    ]

    @Test(arguments: cases)
    func verdicts(_ entry: (phase: ClientConnection.Phase, elapsed: UInt64, bytes: Int, verdict: Deadlines.Verdict)) {
        #expect(deadlines.verdict(entry.phase, elapsed: entry.elapsed, bytes: entry.bytes) == entry.verdict)
    }

    @Test func aPhaseEnteredDuringASweepHasNotBegunToCount() {
        #expect(Watchdog.elapsed(since: 1_000, now: 1_500) == 500)
        #expect(Watchdog.elapsed(since: 1_501, now: 1_500) == 0)
        #expect(deadlines.verdict(.idle, elapsed: Watchdog.elapsed(since: 1_501, now: 1_500), bytes: 0) == .keep)
    }
}
