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

    public var code: String {
        switch self {
        case .badFraming: "bad_framing"
        case .badHeader: "bad_header"
        case .unsupportedTransferEncoding: "unsupported_transfer_encoding"
        case .requestTimeout: "request_timeout"
        case .uriTooLong: "uri_too_long"
        case .headersTooLarge: "headers_too_large"
        case .bodyTooLarge: "body_too_large"
        case .overloaded: "overloaded"
        case .rejectedHead(let status):
            switch status {
            case 413: "body_too_large"
            case 431: "headers_too_large"
            case 505: "http_version_not_supported"
            default: "bad_request"
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
        var response = HTTPResponse(status: status, body: .bytes(Array(TransportError.body(code: code, message: message).utf8)))
        if case .overloaded = self { response.headers += [("Retry-After", "1"), ("Connection", "close")] }
        return response
    }

    /// `{"errors":[{"code":…,"message":…}]}` with both strings escaped as JSON requires.
    static func body(code: String, message: String) -> String {
        #"{"errors":[{"code":"# + quoted(code) + #","message":"# + quoted(message) + "}]}"
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
