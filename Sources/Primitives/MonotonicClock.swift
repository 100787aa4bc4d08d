import Glibc

/// Milliseconds of the coarse monotonic clock: a few milliseconds' resolution is plenty for
/// deadlines of seconds, and it costs a fraction of the fine clock on every request.
public enum MonotonicClock {
    public static var milliseconds: UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &now)
        return UInt64(now.tv_sec) &* 1000 &+ UInt64(now.tv_nsec / 1_000_000)
    }

    /// Nanoseconds of the fine monotonic clock, for timing work of microseconds.
    public static var nanoseconds: UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}
