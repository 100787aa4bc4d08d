@testable import ConvertdHTTP
import Foundation
import Testing

/// The transport's own answers: each status and code, and a body that is JSON of the service's
/// error shape, written without the engine's JSON library.
struct TransportErrorTests {
    static let cases: [(error: TransportError, status: Int, code: String)] = [
        (.badFraming("two lengths"), 400, "bad_framing"),
        (.badHeader("a NUL"), 400, "bad_header"),
        (.requestTimeout("head"), 408, "request_timeout"),
        (.bodyTooLarge(limit: 10), 413, "body_too_large"),
        (.uriTooLong("long"), 414, "uri_too_long"),
        (.headersTooLarge("many"), 431, "headers_too_large"),
        (.unsupportedTransferEncoding("gzip"), 501, "unsupported_transfer_encoding"),
        (.overloaded, 503, "overloaded"),
        (.rejectedHead(status: 505), 505, "http_version_not_supported"),
        (.rejectedHead(status: 400), 400, "bad_request"),
    ]

    @Test(arguments: cases)
    func eachAnswerHasItsStatusCodeAndAJSONBody(_ entry: (error: TransportError, status: Int, code: String)) throws {
        let response = entry.error.response
        #expect(response.status == entry.status)
        guard case .bytes(let body) = response.body else {
            Issue.record("expected bytes")
            return
        }
        let parsed = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        let first = (parsed?["errors"] as? [[String: Any]])?.first
        #expect(first?["code"] as? String == entry.code)
        #expect(first?["message"] as? String == entry.error.message)
    }

    @Test func messagesWithQuotesBackslashesAndControlBytesStayJSON() throws {
        let error = TransportError.badHeader("header 'a\"b\\c' has \u{1}\n\t in it")
        guard case .bytes(let body) = error.response.body else {
            Issue.record("expected bytes")
            return
        }
        let parsed = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        #expect((parsed?["errors"] as? [[String: Any]])?.first?["message"] as? String == error.message)
    }

    @Test func overloadedSaysWhenToComeBackAndCloses() {
        let headers = TransportError.overloaded.response.headers
        #expect(headers.contains { $0.name == "Retry-After" && $0.value == "1" })
        #expect(headers.contains { $0.name == "Connection" && $0.value == "close" })
    }
}
