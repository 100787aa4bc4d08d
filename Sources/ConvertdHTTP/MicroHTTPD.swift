import CMicroHTTPD

/// libmicrohttpd, loaded the first time a server starts (or `--version` asks its version)
/// rather than linked: the command-line tools (`convert`, `lint`, `infer`…) never call it, and
/// loading it with its GnuTLS chain (gnutls, nettle, hogweed, gmp, p11-kit, idn2, unistring,
/// tasn1, ffi) was about a fifth of their start-up.
enum MicroHTTPD {
    /// The library's functions, or why they could not be found. Loaded once, by whichever
    /// thread asks first.
    private static let loaded: Result<Table, HTTPStartError> = {
        let functions = UnsafeMutablePointer<CMicroHTTPD_Functions>.allocate(capacity: 1)
        if let failure = CMicroHTTPD_load(functions) {
            functions.deallocate()
            return .failure(HTTPStartError(description: "cannot load libmicrohttpd (\(CMICROHTTPD_LIBRARY)): \(String(cString: failure))"))
        }
        return .success(Table(functions: UnsafePointer(functions)))
    }()

    /// The table, never written once filled, so any thread may read it.
    private struct Table: @unchecked Sendable {
        let functions: UnsafePointer<CMicroHTTPD_Functions>
    }

    /// Loads the library (once) and returns its functions; throws when it is missing or lacks one.
    static func load() throws(HTTPStartError) -> UnsafePointer<CMicroHTTPD_Functions> {
        try loaded.get().functions
    }

    /// The functions, for code that runs only once `load` has succeeded: a daemon's callbacks
    /// and the calls on a running daemon.
    static var functions: UnsafePointer<CMicroHTTPD_Functions> {
        guard case .success(let table) = loaded else { preconditionFailure("libmicrohttpd called before it was loaded") }
        return table.functions
    }
}
