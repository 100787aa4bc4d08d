@testable import ConvertdHTTP
@testable import convertd
import MappingEngine
import Testing

/// `POST /convert/{Schema}` under hostile and large bodies: a bounded error list, and a thread
/// workspace back at its resting size afterwards.
struct ConversionRouteTests {
    /// A JSON array of `count` copies of `item`.
    static func array(of item: String, count: Int) -> String {
        "[" + Array(repeating: item, count: count).joined(separator: ",") + "]"
    }

    @Test(arguments: [nil, 7])
    func aBodyOfManyFailingItemsListsTheCapThenTheTotal(maxErrors: Int?) throws {
        let limits = maxErrors.map { Service.Limits(maxErrors: $0) } ?? Service.Limits()
        let service = try ServerFixture.service(limits: limits)
        let count = 200_000
        let result = service.exchange("POST", "/convert/Product", body: Self.array(of: "{}", count: count), contentType: "application/json")
        #expect(result.status == 422)
        let errors = value(json(result.body), "errors") as? [[String: Any]] ?? []
        #expect(errors.count == limits.maxErrors + 1)
        #expect(errors.last?["code"] as? String == "too_many_errors")
        #expect(errors.last?["path"] as? String == "")
        #expect(errors.last?["total"] as? Int == 2 * count)
        #expect(!ThreadWorkspace.current.hasGrown)
    }

    @Test(arguments: [false, true])
    func aLargeAnswerIsCopiedBeforeTheWorkspaceShrinks(pretty: Bool) throws {
        let service = try ServerFixture.service()
        let count = 10_000
        let body = Self.array(of: ServerFixture.productBody, count: count)
        let query: [RequestHead.QueryItem] = pretty ? [.init(name: "pretty", value: "true")] : []
        let result = service.exchange("POST", "/convert/Product", body: body, contentType: "application/json", query: query)
        #expect(result.status == 200)
        if !pretty {
            #expect(result.body == Self.array(of: ServerFixture.productOutput, count: count))
            guard case .bytes = result.response.body else {
                Issue.record("a large answer should own its bytes")
                return
            }
        }
        #expect((json(result.body) as? [Any])?.count == count)
        #expect(!ThreadWorkspace.current.hasGrown)
    }

    @Test func aSmallAnswerIsStillBorrowed() throws {
        let service = try ServerFixture.service()
        let result = service.exchange("POST", "/convert/Product", body: ServerFixture.productBody, contentType: "application/json")
        #expect(result.body == ServerFixture.productOutput)
        guard case .borrowed = result.response.body else {
            Issue.record("a small answer should borrow the workspace's output")
            return
        }
    }

    @Test func aLongNDJSONLineLeavesTheWorkspaceAtRest() throws {
        let service = try ServerFixture.service()
        let body = Self.array(of: ServerFixture.productBody, count: 10_000) + "\n" + ServerFixture.productBody + "\n"
        let result = service.exchange("POST", "/convert/Product", body: body, contentType: "application/x-ndjson", chunkSize: 64 * 1024)
        let lines = result.body.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first == Self.array(of: ServerFixture.productOutput, count: 10_000))
        #expect(lines.last == ServerFixture.productOutput)
        #expect(!ThreadWorkspace.current.hasGrown)
    }
}
