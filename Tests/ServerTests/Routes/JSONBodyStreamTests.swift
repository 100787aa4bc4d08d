@testable import ConvertdHTTP
@testable import convertd
import Foundation
import MappingEngine
import Testing

/// JSON bodies over `--max-body-bytes` or of unknown length, planned as streams: an array is
/// converted element by element and answered as the collected path answers it; anything else
/// is collected as before, or 413 past the limit.
struct JSONBodyStreamTests {
    /// 40 products, one with a long name, one whose id is not a number when `failing`.
    static func products(failing: Bool = false) -> String {
        var items = (0..<40).map { index in
            ServerFixture.productBody.replacingOccurrences(of: #""id":"42""#, with: #""id":"\#(index)""#)
        }
        items[7] = #"{"id":7,"title":"\#(String(repeating: "lamp ", count: 100))","tags":["a","b"]}"#
        if failing { items[39] = #"{"id":"x39","title":""}"# }
        return "[\n" + items.joined(separator: ",\n") + "\n]\n"
    }

    /// A request planned and answered as the server does it, the body fed in `chunkSize`
    /// pieces; `announced: false` sends it chunked, without a length.
    static func exchange(_ service: Service, _ path: String, body: String, query: [RequestHead.QueryItem] = [],
                         announced: Bool = true, chunkSize: Int = .max) -> (status: Int, body: String, plan: RequestPlan) {
        var head = RequestHead(method: "POST", path: path, query: query, contentType: "application/json", requestID: "test")
        head.contentLength = announced ? body.utf8.count : nil
        let (route, plan) = service.plan(head)
        let exchange = Exchange(head: head, route: route, plan: plan, started: 0)
        let bytes = Array(body.utf8)
        var offset = 0
        while offset < bytes.count {
            let end = offset + min(bytes.count - offset, chunkSize)
            _ = bytes[offset..<end].withUnsafeBufferPointer { exchange.take($0, limit: service.maxBodyBytes, allowance: BodyOverrun.allowance) }
            offset = end
        }
        let response = exchange.response(from: service)
        service.finished(head, route: route, status: response.status, bytesIn: bytes.count, bytesOut: response.body.count, nanoseconds: 0)
        return (response.status, text(of: response.body), plan)
    }

    static func text(of body: HTTPResponse.Body) -> String {
        switch body {
        case .bytes(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .shared(let shared): return String(decoding: shared.buffer, as: UTF8.self)
        case .borrowed(let buffer): return String(decoding: buffer, as: UTF8.self)
        case .file(let descriptor, let size):
            defer { close(descriptor) }
            var content = [UInt8](repeating: 0, count: size)
            let read = content.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, size, 0) }
            return String(decoding: content.prefix(max(0, read)), as: UTF8.self)
        }
    }

    static func isStream(_ plan: RequestPlan) -> Bool {
        if case .stream = plan { return true }
        return false
    }

    @Test(arguments: [1, 7, 64, 1000, Int.max])
    func anArrayOverTheBodyLimitIsAnsweredAsTheCollectedPathAnswersIt(chunkSize: Int) throws {
        let collected = try ServerFixture.service()
        let streamed = try ServerFixture.service(limits: .init(maxBodyBytes: 1024))
        for (failing, query) in [(false, []), (false, [RequestHead.QueryItem(name: "explain", value: nil)]),
                                 (false, [.init(name: "pretty", value: "true"), .init(name: "explain", value: "1")]),
                                 (true, []), (true, [.init(name: "pretty", value: nil)])] as [(Bool, [RequestHead.QueryItem])] {
            let body = Self.products(failing: failing)
            let expected = Self.exchange(collected, "/convert/Product", body: body, query: query)
            #expect(!Self.isStream(expected.plan))
            #expect(expected.status == (failing ? 422 : 200))
            for announced in [true, false] {
                let got = Self.exchange(streamed, "/convert/Product", body: body, query: query, announced: announced, chunkSize: chunkSize)
                #expect(Self.isStream(got.plan))
                #expect(got.status == expected.status, "\(query) announced \(announced)")
                let same = got.body == expected.body
                #expect(same, "the streamed answer differs from the collected one: \(query) announced \(announced)")
            }
        }
    }

    @Test func aFailedElementIsListedAtItsIndex() throws {
        let service = try ServerFixture.service(limits: .init(maxBodyBytes: 1024))
        let result = Self.exchange(service, "/convert/Product", body: Self.products(failing: true), chunkSize: 100)
        #expect(result.status == 422)
        let paths = (value(json(result.body), "errors") as? [[String: Any]])?.compactMap { $0["path"] as? String }
        #expect(paths == ["/39/id", "/39/name"])
    }

    @Test func brokenSyntaxIsBadJSONAtItsPlaceInTheWholeBody() throws {
        let service = try ServerFixture.service(limits: .init(maxBodyBytes: 1024))
        // The `:` of the first `"price"` key past 2,000 bytes becomes a `;`.
        var body = Array(Self.products().utf8)
        let key = Array(#""price":"#.utf8)
        let colon = try #require((2000..<body.count).first { body[$0...].starts(with: key) }) + key.count - 1
        body[colon] = UInt8(ascii: ";")
        let text = String(decoding: body, as: UTF8.self)
        let expected = Self.exchange(try ServerFixture.service(), "/convert/Product", body: text)
        #expect(expected.status == 400)
        for chunkSize in [3, 512, Int.max] {
            let got = Self.exchange(service, "/convert/Product", body: text, chunkSize: chunkSize)
            #expect(got.status == 400)
            #expect(got.body == expected.body)
            #expect(value(json(got.body), "errors", 0, "offset") as? Int == colon)
        }
    }

    @Test func anElementOverTheBodyLimitFailsAlone() throws {
        let service = try ServerFixture.service(limits: .init(maxBodyBytes: 300))
        for chunkSize in [5, 64, Int.max] {
            let result = Self.exchange(service, "/convert/Product", body: Self.products(), chunkSize: chunkSize)
            #expect(result.status == 422)
            let errors = value(json(result.body), "errors") as? [[String: Any]]
            #expect(errors?.count == 1)
            #expect(errors?.first?["path"] as? String == "/7")
            #expect(errors?.first?["code"] as? String == "body_too_large")
        }
    }

    @Test func anObjectOverTheLimitIs413AndOneWithinItIsConvertedAsBefore() throws {
        let service = try ServerFixture.service(limits: .init(maxBodyBytes: 120))
        let large = #"{"id":1,"name":"\#(String(repeating: "x", count: 200))"}"#
        for announced in [true, false] {
            let refused = Self.exchange(service, "/convert/Product", body: "  \n" + large, announced: announced, chunkSize: 16)
            #expect(refused.status == 413)
            #expect(value(json(refused.body), "errors", 0, "code") as? String == "body_too_large")
        }
        // Chunked, within the limit: collected by the stream and answered as the collected path.
        let small = Self.exchange(service, "/convert/Product", body: ServerFixture.productBody, announced: false, chunkSize: 9)
        #expect(small.status == 200)
        #expect(small.body == ServerFixture.productOutput)
        #expect(Self.exchange(service, "/convert/Product", body: "", announced: false).status == 400)
        #expect(Self.exchange(service, "/convert/Product", body: "{", announced: false).status == 400)
    }

    @Test(arguments: [("   \n ", "empty_body"), (#"["abc"#, "bad_json"), (#"[{"id":1}"#, "bad_json"), ("[] x", "bad_json"),
                      ("[1]]", "bad_json"), ("[" + String(repeating: "[", count: 300), "bad_json"), (#"[1,"#, "bad_json")])
    func aHostileChunkedBodyIs400(body: String, code: String) throws {
        let service = try ServerFixture.service(limits: .init(maxBodyBytes: 64))
        for chunkSize in [1, 3, Int.max] {
            let result = Self.exchange(service, "/convert/Product", body: body, announced: false, chunkSize: chunkSize)
            #expect(result.status == 400, "chunks of \(chunkSize)")
            #expect(value(json(result.body), "errors", 0, "code") as? String == code)
        }
    }

    @Test func whatCannotBeStreamedIsAnsweredBeforeTheBody() throws {
        let service = try ServerFixture.service(limits: .init(maxBodyBytes: 100, maxStreamBytes: 1000))
        let tooLong = Self.exchange(service, "/convert/Product", body: "[" + String(repeating: " ", count: 2000) + "]")
        guard case .answer(let response) = tooLong.plan else {
            Issue.record("expected an answer before the body")
            return
        }
        #expect(response.status == 413)
        #expect(tooLong.status == 413)
        let unknown = Self.exchange(service, "/convert/Nope", body: "[" + String(repeating: " ", count: 200) + "]")
        #expect(unknown.status == 404)
        #expect(!Self.isStream(unknown.plan))
        // Within the body limit, a JSON body is collected as before: the single-object path is unchanged.
        let small = Self.exchange(service, "/convert/Product", body: "[]")
        guard case .collect = small.plan else {
            Issue.record("expected a body within the limit to be collected")
            return
        }
    }
}
