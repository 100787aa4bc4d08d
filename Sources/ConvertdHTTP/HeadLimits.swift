/// How large a request head may be, decided by convertd where the connection is in hand: the
/// request target in libmicrohttpd's URI callback, the fields in the header scan. The limits
/// sit well inside libmicrohttpd's per-connection memory (`MicroHTTPDContract.connectionMemory`),
/// so a head within them never meets its parser's own refusal, and a head over them is answered
/// with convertd's JSON 414 or 431 on its own connection. Only a head larger than that memory
/// altogether gets libmicrohttpd's own short HTML answer, which is logged and counted.
///
/// The figures follow Apache's and nginx's defaults (an 8 KiB request line, 100 fields).
public struct HeadLimits: Sendable, Equatable {
    /// Bytes of the request target (path and query).
    public var targetBytes = 8 * 1024
    /// Query arguments (`&`-separated).
    public var queryArguments = 64
    /// Bytes of the whole head: the request line and every field.
    public var headBytes = 16 * 1024
    /// Header fields.
    public var fields = 100

    /// The defaults.
    public init() {}

    /// Why a request target is refused (414), if it is: judged on the raw target, before
    /// libmicrohttpd splits its arguments.
    func verdict(target: UnsafePointer<CChar>) -> TransportError? {
        var length = 0
        var arguments = 0
        var query = false
        while target[length] != 0 {
            switch UInt8(bitPattern: target[length]) {
            case UInt8(ascii: "?") where !query:
                query = true
                arguments = 1
            case UInt8(ascii: "&") where query:
                arguments += 1
            default:
                break
            }
            length += 1
        }
        if length > targetBytes {
            return .uriTooLong("the request target has \(length) bytes; at most \(targetBytes) are read")
        }
        if arguments > queryArguments {
            return .uriTooLong("the request has \(arguments) query arguments; at most \(queryArguments) are read")
        }
        return nil
    }

    /// Why a head is refused (431), if it is.
    func verdict(headBytes: Int, fields: Int) -> TransportError? {
        if fields > self.fields { return .headersTooLarge("the request has \(fields) header fields; at most \(self.fields) are read") }
        if headBytes > self.headBytes { return .headersTooLarge("the request head has \(headBytes) bytes; at most \(self.headBytes) are read") }
        return nil
    }
}
