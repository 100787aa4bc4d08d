import Glibc

/// The process's limit on open descriptors, raised to its hard limit at start-up as nginx's
/// `worker_rlimit_nofile` and Go's runtime do: every connection, lingering close and spooled
/// response holds one, and a soft limit of 1024 is below the default connection limit.
enum FileLimit {
    /// Raises the soft limit to the hard one; returns the limit in force.
    @discardableResult
    static func raise() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return Int(clamping: limit.rlim_cur)
    }
}
