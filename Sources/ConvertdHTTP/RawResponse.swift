/// A response as the bytes of an HTTP/1.1 message that closes its connection, for the answers
/// convertd writes to a socket itself when libmicrohttpd cannot (a deadline, a body refused
/// in its middle, a connection refused at accept).
enum RawResponse {
    /// The answer to a connection refused at accept, written by the accept thread itself.
    static let overloaded = RawResponse.bytes(of: TransportError.overloaded.response)

    static func bytes(of response: HTTPResponse) -> [UInt8] {
        let body: [UInt8] = switch response.body {
        case .bytes(let bytes): bytes
        case .borrowed(let buffer): Array(buffer)
        case .shared(let shared): Array(shared.buffer)
        case .file: []
        }
        var head = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
        head += "Content-Type: \(response.contentType)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        for header in response.headers where header.name.lowercased() != "connection" {
            head += "\(header.name): \(header.value)\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + body
    }

    /// The reason phrase of the statuses written this way.
    private static func reason(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Error"
        }
    }
}
