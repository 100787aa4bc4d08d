import CMicroHTTPD

/// Everything convertd relies on in libmicrohttpd beyond its documented API, in one place.
/// Each was read in 0.9.75's source (Debian's `libmicrohttpd-dev`) and tried; another version
/// is served, with a warning at start-up naming this list, since each may then have changed.
///
/// 1. **The connection limit must never be reached.** When a worker takes up a connection
///    handed over by `MHD_add_connection` and finds itself at its limit, 0.9.75 returns from
///    `new_connection_process_` with the worker's `cleanup_connection_mutex` still locked: the
///    worker blocks on it at its next cleanup, and every connection on it hangs for good (a
///    burst of connections over the limit took the service down until restarted). Its own
///    check before queueing reads the count without the lock and misses connections queued
///    but not yet taken up. So `Admission` counts every connection from accept to close,
///    convertd answers those over its ceiling itself, and libmicrohttpd's limit is set to
///    `connectionLimit(ceiling:threads:)`, past anything `Admission` lets through even if every
///    connection lands on one worker. Its per-address limit is off for the same reason
///    (`Admission` keeps that count too).
/// 2. **The closed notification comes before the socket is closed**, and after
///    `MHD_connection_close_` has shut the socket's sending side: `HTTPServer` duplicates the
///    descriptor there to close it lingering (`LingeringClose`); libmicrohttpd's own `close`
///    then only drops its descriptor.
/// 3. **Its per-connection memory holds the whole head**: the read buffer, one 56-byte record
///    per header field and per query argument, and the response's head. `HeadLimits` keep a head
///    within `connectionMemory` (16 KiB of head, 100 fields, 64 arguments: about 27 KiB at
///    most). A head over those limits can still fill it nearly to the end (about 435 short
///    fields), leaving too little for the response's head, which libmicrohttpd then drops with
///    the connection: `HTTPServer` writes every refusal of a head straight to the socket instead
///    of queueing it. The whole pool is zeroed for every request, so it is not simply made larger. A
///    head its parser rejects (one over that memory, a malformed `Content-Length`) is answered
///    by libmicrohttpd with its own short HTML page, and reported only through the error log as
///    `Error processing request (HTTP response code is NNN …)`, without the connection. A whole
///    head it rejects belongs to the one connection of the logging thread whose head is received
///    but not yet handed to the access handler (it takes a connection from the one to the other
///    in one step): `Watchdog.answerRejectedHead` answers that one in JSON. Any other refusal is
///    counted and logged as it is.
/// 4. **The URI callback runs before the query is split**, with the request target in the
///    connection's own writable buffer: a target with more arguments than `HeadLimits` reads
///    has its `&` separators overwritten there, so libmicrohttpd records one argument instead
///    of running out of memory on thousands, and convertd answers 414 itself.
/// 5. **Framing is parsed leniently** (the first of two `Content-Length`s wins, `Transfer-
///    Encoding` beside `Content-Length` or in HTTP/1.0 is honoured): `HeaderScan` applies
///    RFC 9112 on the fields libmicrohttpd recorded, in the order and place they lie.
/// 6. **Its connection timeout restarts on every byte**, so `Watchdog` keeps deadlines of its own.
/// 7. **`MHD_quiesce_daemon` can abort** with epoll and a thread pool when connections arrive
///    during the call, so `Listener` owns the listening socket and stopping is closing it.
public enum MicroHTTPDContract {
    /// The versions whose internals were read and tried.
    static let testedVersions: Set<String> = ["0.9.75"]

    /// A connection's memory: its read buffer, header records and response head.
    static let connectionMemory = 32 * 1024

    /// The version loaded at run time, or why none could be.
    public static var version: String {
        do {
            return try MicroHTTPD.load().pointee.get_version().map { String(cString: $0) } ?? "unknown"
        } catch {
            return "not loaded: \(error.description)"
        }
    }

    /// A warning when the library linked is not a version whose internals were tried.
    public static var versionWarning: String? {
        testedVersions.contains(version) ? nil
            : "libmicrohttpd \(version) is not a tested version (\(testedVersions.sorted().joined(separator: ", "))); "
            + "the reliances listed in MicroHTTPDContract.swift may no longer hold"
    }

    /// libmicrohttpd's connection limit, split evenly between its `threads` workers: each
    /// worker's share is above `ceiling` (and a margin for connections closing while new ones
    /// arrive), so no worker ever reaches it (reliance 1).
    static func connectionLimit(ceiling: Int, threads: Int) -> UInt32 {
        UInt32(clamping: max(1, threads) * (2 * ceiling + 64))
    }
}
