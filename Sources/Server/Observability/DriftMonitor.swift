import Glibc
import MappingEngine
import Primitives
import Synchronization

/// The drift of live traffic from the models it is converted to (SPEC §11): one conversion in
/// `sampleEvery` is sampled, what it showed is recorded in its model's `DriftWindow`, and
/// `GET /schemas/{Model}/drift` reports the window.
///
/// The decision to sample costs a thread-local countdown and nothing else, so the conversions
/// not sampled pay only for it and are not counted anywhere: a report's `conversions` is an
/// estimate, the conversions each sample stood for, summed, and its entry counts are counts
/// among the sampled ones.
///
/// A sampled conversion costs more than another (it is explained, and what it showed is
/// recorded), the more so the more it has to tell: after one that took `t`, a thread waits at
/// least `t / settings.maxCost` conversions before the next sample, so that drift costs the
/// conversions of any payload at most `maxCost` nanoseconds each, on average.
///
/// A model's window is made on its first observation, and each has a lock of its own, so that
/// models do not contend. At most `maxModels` windows are kept (a registry rewritten over and
/// over could name ever new models); observations of further models are counted, not kept.
/// Memory: at most `maxModels` windows of the bound `DriftWindow` documents each.
final class DriftMonitor: Sendable {
    /// How drift is observed: `convertd serve`'s drift options.
    struct Settings: Sendable, Equatable {
        /// One conversion in how many (per worker thread) is sampled; 0 turns drift off.
        var sampleEvery: Int
        /// Nanoseconds drift may cost a conversion on average, which spaces the samples of
        /// costly conversions further; 0 samples one in `sampleEvery` whatever they cost.
        var maxCost: Int
        /// How many seconds of samples a report covers.
        var window: Double
        /// How many buckets the window is cut into: it slides by `window / buckets`.
        var buckets: Int
        /// The most entries each list of a bucket keeps.
        var entries: Int

        init(sampleEvery: Int = 16, maxCost: Int = 100, window: Double = 3600, buckets: Int = 6, entries: Int = 32) {
            self.sampleEvery = sampleEvery
            self.maxCost = maxCost
            self.window = window
            self.buckets = buckets
            self.entries = entries
        }
    }

    /// The most models whose drift is kept, by default.
    static let defaultMaxModels = 256

    let settings: Settings
    let maxModels: Int
    /// `settings.sampleEvery`, never negative, where the hot path reads it.
    private let sampleEvery: Int
    /// `SampleCountdown.key`, copied so that the hot path does not check the static is made.
    private let countdownKey = SampleCountdown.key
    /// Seconds since 1970, the wall clock unless a test gives another.
    private let clock: @Sendable () -> Double
    /// `MonotonicClock.nanoseconds` unless a test gives another: what a sample took is measured
    /// by it, from the `started` its caller read from the same clock.
    private let nanoseconds: @Sendable () -> UInt64
    // The lock guards the table of windows (not the windows, each behind its own): taken for
    // one lookup per sampled conversion.
    private let windows = Guarded<[String: Guarded<DriftWindow>]>([:])
    private let untracked = Atomic<Int>(0)

    init(settings: Settings = Settings(), maxModels: Int = DriftMonitor.defaultMaxModels,
         clock: @escaping @Sendable () -> Double = DriftMonitor.wallClock,
         nanoseconds: @escaping @Sendable () -> UInt64 = { MonotonicClock.nanoseconds }) {
        self.settings = settings
        self.maxModels = max(0, maxModels)
        sampleEvery = max(0, settings.sampleEvery)
        self.clock = clock
        self.nanoseconds = nanoseconds
    }

    /// Whether drift is observed at all.
    var isEnabled: Bool { sampleEvery > 0 }

    /// Whether the conversion about to run on this thread is sampled: true once in every
    /// `sampleEvery` calls on a thread (the first call included), never when drift is off.
    /// Called for every conversion.
    @inline(__always)
    func shouldSample() -> Bool {
        guard sampleEvery > 0 else { return false }
        let countdown = SampleCountdown.current(key: countdownKey)
        countdown.pointee.remaining &-= 1
        guard countdown.pointee.remaining <= 0 else { return false }
        countdown.pointee.remaining = max(countdown.pointee.interval, sampleEvery)
        return true
    }

    /// Records what one sampled conversion to `model` showed, from its result (converted with
    /// `explain`, so that its coercions and unknown keys are listed); `started` is when the
    /// conversion began (`MonotonicClock.nanoseconds`, or the monitor's own clock in a test),
    /// which spaces this thread's next sample.
    func record(_ result: ConversionResult, model: String, started: UInt64) {
        let countdown = SampleCountdown.current(key: countdownKey)
        let standing = max(countdown.pointee.interval, sampleEvery)
        switch result {
        case .success(let success): record(model: model, observation: DriftObservation(success: success), standingFor: standing)
        case .failure(let errors): record(model: model, observation: DriftObservation(errors: errors), standingFor: standing)
        case .malformed, .unknownModel: break
        }
        let took = nanoseconds() &- started
        let interval = settings.maxCost > 0 ? max(sampleEvery, Int(clamping: took / UInt64(settings.maxCost))) : sampleEvery
        countdown.pointee = (interval, interval)
    }

    /// Records what one sampled conversion to `model` (a registered model's name) showed; it
    /// stands for `conversions` conversions (by default one in `sampleEvery`).
    func record(model: String, observation: DriftObservation, standingFor conversions: Int? = nil) {
        guard sampleEvery > 0 else { return }
        guard let window = window(for: model) else {
            untracked.add(1, ordering: .relaxed)
            return
        }
        let now = clock()
        window.withLock { $0.observe(observation, now: now, standingFor: conversions) }
    }

    /// The drift report of `model`, served as `version`; nil when no conversion to it was ever
    /// sampled (or it was forgotten), for which `emptyReport` answers.
    func report(model: String, version: Int) -> JSONValue? {
        guard let window = windows.withLock({ $0[model] }) else { return nil }
        // A copy of the window (its sketches are copied on write), summed outside the lock.
        let snapshot = window.withLock { $0 }
        return snapshot.report(model: model, version: version, now: clock())
    }

    /// The report of a model with no sampled conversion: the window now, every count 0.
    func emptyReport(model: String, version: Int) -> JSONValue {
        newWindow().report(model: model, version: version, now: clock())
    }

    /// Drops the window of `model` (a model deleted from the registry).
    func forget(model: String) {
        windows.withLock { $0[model] = nil }
    }

    /// How many models have a window.
    var trackedModels: Int { windows.withLock { $0.count } }

    /// Sampled conversions not recorded because `maxModels` windows were already kept.
    var untrackedObservations: Int { untracked.load(ordering: .relaxed) }

    /// The window of `model`, made if it has none and there is room; nil when there is none.
    private func window(for model: String) -> Guarded<DriftWindow>? {
        windows.withLock { table in
            if let window = table[model] { return window }
            guard table.count < maxModels else { return nil }
            let window = Guarded(newWindow())
            table[model] = window
            return window
        }
    }

    private func newWindow() -> DriftWindow {
        DriftWindow(seconds: settings.window, buckets: settings.buckets, entries: settings.entries, sampleEvery: sampleEvery)
    }

    /// Seconds since 1970 by the coarse real-time clock: buckets are minutes long.
    @Sendable static func wallClock() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// A worker thread's countdown to its next sampled conversion: one `Int` per thread, shared by
/// every monitor (a process has one per service), so each samples one call in its `sampleEvery`
/// of a run of calls on a thread.
///
/// The `Int` lives in memory of its own behind a pthread key, not in a `ThreadLocal` object:
/// retaining and releasing that object made the decision cost 79 instructions instead of 30
/// (callgrind), and the decision is made for every conversion.
enum SampleCountdown {
    /// The key of each thread's countdown, freed when the thread ends.
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { stored in stored?.deallocate() }
        return key
    }()

    /// Calls left before the next sample, and how many calls a sample stands for (at least the
    /// monitor's `sampleEvery`).
    typealias State = (remaining: Int, interval: Int)

    /// The countdown of the calling thread, made on its first use, at 1 so that a thread's first
    /// call is sampled; its interval is set by each sample's cost.
    @inline(__always)
    static func current(key: pthread_key_t = key) -> UnsafeMutablePointer<State> {
        if let stored = pthread_getspecific(key) { return stored.assumingMemoryBound(to: State.self) }
        let made = UnsafeMutablePointer<State>.allocate(capacity: 1)
        made.initialize(to: (1, 0))
        pthread_setspecific(key, made)
        return made
    }
}
