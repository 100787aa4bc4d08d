import ConvertdHTTP

/// convertd's version: the one place it is written (CHANGELOG.md names the same), printed by
/// `convertd --version` with the libmicrohttpd the process runs with.
enum ConvertdVersion {
    /// convertd's own version, semantic (`0.y.z` until the HTTP API and the schema language are stable).
    static let number = "0.1.0"

    /// What `convertd --version` prints: convertd's version on the first line, the
    /// libmicrohttpd linked at run time (`MHD_get_version`) on the second.
    static var text: String {
        "convertd \(number)\nlibmicrohttpd \(MicroHTTPDContract.version)"
    }
}
