/// The answers the transport gives by itself, before or beside the service: framing and head
/// limits, deadlines, bodies over their limit, connections over the limit. Each has its status
/// and a stable code, and a body of the service's error shape, `{"errors":[{"code","message"}]}`,
/// written here without a JSON library (the transport imports no engine).
public enum TransportError: Error, Equatable, Sendable {
    /// Where the request ends is ambiguous (RFC 9112 §6.3): answered and the connection closed.
    case badFraming(String)
    /// A header field that is not well formed (a name with white space, a value with a control byte).
    case badHeader(String)
    case unsupportedTransferEncoding(String)
    /// The head or body did not arrive within its deadline.
    case requestTimeout(String)
    /// The request target is longer, or has more query arguments, than `HeadLimits` reads.
    case uriTooLong(String)
    /// The head has more fields, or more bytes, than `HeadLimits` reads.
    case headersTooLarge(String)
    /// libmicrohttpd's parser refused the whole head with `status`.
    case rejectedHead(status: Int)
    /// The body is larger than `limit` bytes.
    case bodyTooLarge(limit: Int)
    /// Over the connection limit.
    case overloaded

    public var status: Int {
        switch self {
        case .badFraming, .badHeader: 400
        case .requestTimeout: 408
        case .bodyTooLarge: 413
        case .uriTooLong: 414
        case .headersTooLarge: 431
        case .unsupportedTransferEncoding: 501
        case .overloaded: 503
        case .rejectedHead(let status): status
        }
    }

    /// The transport's stable codes, each with what it means and an example: the one place
    /// they are defined, which `convertd reference errors` renders into the README's error table.
    public enum Code: String, Sendable, CaseIterable {
        case badFraming = "bad_framing"
        case badHeader = "bad_header"
        case badRequest = "bad_request"
        case httpVersionNotSupported = "http_version_not_supported"
        case unsupportedTransferEncoding = "unsupported_transfer_encoding"
        case requestTimeout = "request_timeout"
        case uriTooLong = "uri_too_long"
        case headersTooLarge = "headers_too_large"
        case bodyTooLarge = "body_too_large"
        case overloaded

        /// What the code means, for the reference (Markdown); the head limits are `HeadLimits`' defaults.
        public var meaning: String {
            let limits = HeadLimits()
            return switch self {
            case .badFraming:
                "Where the request ends is ambiguous (RFC 9112 §6.3): two `Content-Length`s, `Transfer-Encoding` with "
                    + "`Content-Length`, or `Transfer-Encoding` on HTTP/1.0. The connection is closed without reading further."
            case .badHeader:
                "A header field that is not well formed (white space or a separator in its name, a control character or NUL in "
                    + "its value), or an HTTP/1.1 request without exactly one `Host`. The connection is closed."
            case .badRequest:
                "A head libmicrohttpd's parser refused (a malformed `Content-Length`…), answered by convertd on the connection it "
                    + "came on; where that connection is not certain, libmicrohttpd answers with a short HTML page of its own."
            case .httpVersionNotSupported:
                "A request whose version is neither HTTP/1.0 nor HTTP/1.1, when libmicrohttpd refuses it after reading its whole "
                    + "head. A version it refuses on the request line (`HTTP/2.0`) gets its own short HTML 505 instead."
            case .unsupportedTransferEncoding: "A `Transfer-Encoding` other than `chunked`."
            case .requestTimeout:
                "The head did not arrive within `--header-timeout` of the request line, or the body within `--body-timeout` "
                    + "and then at `--min-body-rate`. The connection is closed."
            case .uriTooLong:
                "A request target (path and query) over \(limits.targetBytes / 1024) KiB or with more than "
                    + "\(limits.queryArguments) query arguments. The connection is closed."
            case .headersTooLarge:
                "A head (request line and fields) over \(limits.headBytes / 1024) KiB or with more than \(limits.fields) fields. "
                    + "The connection is closed. A head that overflows libmicrohttpd's "
                    + "\(MicroHTTPDContract.connectionMemory / 1024) KiB of connection memory while it is read gets a short "
                    + "HTML 431 of libmicrohttpd's own (see Limits)."
            case .bodyTooLarge:
                "A body over `--max-body-bytes` (except an array to `/convert`, streamed up to `--max-stream-bytes`), or an "
                    + "NDJSON or streamed body over `--max-stream-bytes`. The excess is read and dropped, up to "
                    + "\(BodyOverrun.allowance >> 20) MiB, so the connection stays usable; a larger one is refused from its "
                    + "`Content-Length` and the connection closed."
            case .overloaded:
                "Over `--max-connections`, or over `--max-connections-per-client` from one address: answered with "
                    + "`Retry-After: 1` and the connection closed. `/healthz` and `/readyz` are still answered."
            }
        }

        /// An error with this code, as the transport answers it.
        public var example: TransportError {
            let limits = HeadLimits()
            return switch self {
            case .badFraming: .badFraming("the request has 2 Content-Length headers")
            case .badHeader: .badHeader("an HTTP/1.1 request needs a Host header")
            case .badRequest: .rejectedHead(status: 400)
            case .httpVersionNotSupported: .rejectedHead(status: 505)
            case .unsupportedTransferEncoding: .unsupportedTransferEncoding("gzip")
            case .requestTimeout: .requestTimeout("body")
            case .uriTooLong: .uriTooLong("the request target has 9000 bytes; at most \(limits.targetBytes) are read")
            case .headersTooLarge: limits.verdict(headBytes: 2000, fields: limits.fields + 1) ?? .headersTooLarge("")
            case .bodyTooLarge: .bodyTooLarge(limit: 8 << 20)
            case .overloaded: .overloaded
            }
        }
    }

    public var code: Code {
        switch self {
        case .badFraming: .badFraming
        case .badHeader: .badHeader
        case .unsupportedTransferEncoding: .unsupportedTransferEncoding
        case .requestTimeout: .requestTimeout
        case .uriTooLong: .uriTooLong
        case .headersTooLarge: .headersTooLarge
        case .bodyTooLarge: .bodyTooLarge
        case .overloaded: .overloaded
        case .rejectedHead(let status):
            switch status {
            case 413: .bodyTooLarge
            case 431: .headersTooLarge
            case 505: .httpVersionNotSupported
            default: .badRequest
            }
        }
    }

    public var message: String {
        switch self {
        case .badFraming(let reason), .badHeader(let reason), .uriTooLong(let reason), .headersTooLarge(let reason): reason
        case .unsupportedTransferEncoding(let coding): "Transfer-Encoding '\(coding)' is not supported; send chunked or a Content-Length"
        case .requestTimeout(let part): "the request's \(part) did not arrive in time"
        case .bodyTooLarge(let limit): "the body is larger than the limit of \(limit) bytes"
        case .overloaded: "the server is at its connection limit; retry later"
        case .rejectedHead(let status):
            switch status {
            case 413: "the announced body is too large"
            case 431: "the request head is too large"
            case 505: "only HTTP/1.0 and HTTP/1.1 are served"
            default: "the request head is malformed"
            }
        }
    }

    /// The answer: the error body, and for `overloaded` a `Retry-After` and the connection closed.
    public var response: HTTPResponse {
        var response = HTTPResponse(status: status, body: .bytes(Array(TransportError.body(code: code.rawValue, message: message).utf8)))
        if case .overloaded = self { response.headers += [("Retry-After", "1"), ("Connection", "close")] }
        return response
    }

    /// `{"errors":[{"code":…,"message":…}]}` with both strings escaped as JSON requires.
    static func body(code: String, message: String) -> String {
        #"{"errors":["# + entry(code: code, message: message) + "]}"
    }

    /// The one entry of the body, `{"code":…,"message":…}`.
    public var entry: String {
        TransportError.entry(code: code.rawValue, message: message)
    }

    private static func entry(code: String, message: String) -> String {
        #"{"code":"# + quoted(code) + #","message":"# + quoted(message) + "}"
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
