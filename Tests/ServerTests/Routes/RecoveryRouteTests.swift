import Foundation
import Testing

@testable import ConvertdHTTP
@testable import MappingEngine
@testable import convertd

/// Recovery through the service (SPEC §9): every answer that recovered carries
/// `Convertd-Warnings: N` — collected bodies, streamed arrays and NDJSON alike —, `explain`
/// lists the warnings, `/metrics` counts them by schema, code and action, and `?onError=fail`
/// turns recovery off.
@Suite struct RecoveryRouteTests {
    static let schema = """
        Item:
          properties:
            id: { type: int64, required: true }
            price: { type: int32, default: 0, onError: default }
            tags: { type: "array<int32>", onItemError: drop }
        """
    private let jsonType = "application/json"

    /// A service over a directory holding `schema`, removed with the directory by the caller.
    static func service() throws -> (Service, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-recovery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try schema.write(to: directory.appendingPathComponent("item.yaml"), atomically: true, encoding: .utf8)
        return (try ServerFixture.service(directory: directory), directory)
    }

    static func warnings(_ response: HTTPResponse) -> String? {
        response.headers.first { $0.name == ConversionRoute.warningsHeader }?.value
    }

    @Test func aRecoveredAnswerCarriesTheWarningCount() throws {
        let (service, directory) = try Self.service()
        defer { try? FileManager.default.removeItem(at: directory) }
        let answer = service.exchange("POST", "/convert/Item", body: #"{"id": 1, "price": "x", "tags": [1, "y", "z"]}"#, contentType: jsonType)
        #expect(answer.status == 200)
        #expect(answer.body == #"{"id":1,"price":0,"tags":[1]}"#)
        #expect(Self.warnings(answer.response) == "3")
    }

    @Test func anAnswerThatRecoveredNothingHasNoWarningHeader() throws {
        let (service, directory) = try Self.service()
        defer { try? FileManager.default.removeItem(at: directory) }
        let answer = service.exchange("POST", "/convert/Item", body: #"{"id": 1, "price": 2}"#, contentType: jsonType)
        #expect(answer.status == 200)
        #expect(Self.warnings(answer.response) == nil)
    }

    @Test func explainListsTheWarnings() throws {
        let (service, directory) = try Self.service()
        defer { try? FileManager.default.removeItem(at: directory) }
        let answer = service.exchange("POST", "/convert/Item", body: #"{"id": 1, "tags": [1, "y"]}"#, contentType: jsonType,
                                      query: [.init(name: "explain", value: "true")])
        #expect(answer.status == 200)
        let listed = try #require(value(json(answer.body), "warnings") as? [[String: Any]])
        #expect(listed.count == 1)
        #expect(listed.first?["path"] as? String == "/tags/1")
        #expect(listed.first?["code"] as? String == "invalid_number")
        #expect(listed.first?["action"] as? String == "dropped")
        #expect(listed.first?["input"] as? String == "y")
        #expect(value(json(answer.body), "result", "tags") as? [Int] == [1])
    }

    @Test func onErrorFailTurnsRecoveryOff() throws {
        let (service, directory) = try Self.service()
        defer { try? FileManager.default.removeItem(at: directory) }
        let answer = service.exchange("POST", "/convert/Item", body: #"{"id": 1, "price": "x"}"#, contentType: jsonType,
                                      query: [.init(name: "onError", value: "fail")])
        #expect(answer.status == 422)
        #expect(value(json(answer.body), "errors", 0, "code") as? String == "invalid_number")
        let refused = service.exchange("POST", "/convert/Item", body: #"{"id": 1}"#, contentType: jsonType,
                                       query: [.init(name: "onError", value: "omit")])
        #expect(refused.status == 400)
        #expect(value(json(refused.body), "errors", 0, "code") as? String == "invalid_option")
    }

    /// A JSON body sent chunked, without a length, so the service streams it; fed in pieces of 5 bytes.
    static func streamed(_ service: Service, body: String) -> (body: String, response: HTTPResponse, streamed: Bool) {
        var head = RequestHead(method: "POST", path: "/convert/Item", contentType: "application/json", requestID: "test")
        head.contentLength = nil
        let (route, plan) = service.plan(head)
        var streams = false
        if case .stream = plan { streams = true }
        let exchange = Exchange(head: head, route: route, plan: plan, started: 0)
        let bytes = Array(body.utf8)
        for start in stride(from: 0, to: bytes.count, by: 5) {
            _ = bytes[start..<min(bytes.count, start + 5)].withUnsafeBufferPointer {
                exchange.take($0, limit: service.maxBodyBytes, allowance: BodyOverrun.allowance)
            }
        }
        let response = exchange.response(from: service)
        service.finished(head, route: route, status: response.status, bytesIn: bytes.count, bytesOut: response.body.count, nanoseconds: 0)
        let text: String
        switch response.body {
        case .bytes(let bytes): text = String(decoding: bytes, as: UTF8.self)
        default: text = ""
        }
        return (text, response, streams)
    }

    @Test func aStreamedArrayCarriesTheWarningsOfEveryElement() throws {
        let (service, directory) = try Self.service()
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = #"[{"id": 1, "price": "x"}, {"id": 2}, {"id": 3, "tags": ["a"]}]"#
        let whole = service.exchange("POST", "/convert/Item", body: body, contentType: jsonType)
        let streamed = Self.streamed(service, body: body)
        #expect(streamed.streamed)
        #expect(whole.status == 200)
        #expect(streamed.body == whole.body)
        #expect(Self.warnings(whole.response) == "2")
        #expect(Self.warnings(streamed.response) == "2")
    }

    @Test func anNDJSONAnswerCountsTheWarningsOfItsLines() throws {
        let (service, directory) = try Self.service()
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = "{\"id\": 1, \"price\": \"x\"}\n{\"id\": 2}\n{\"id\": 3, \"tags\": [\"a\", \"b\"]}\n"
        let answer = service.exchange("POST", "/convert/Item", body: body, contentType: "application/x-ndjson")
        #expect(answer.status == 200)
        #expect(answer.body == "{\"id\":1,\"price\":0}\n{\"id\":2,\"price\":0}\n{\"id\":3,\"price\":0,\"tags\":[]}\n")
        #expect(Self.warnings(answer.response) == "3")
        let explained = service.exchange("POST", "/convert/Item", body: body, contentType: "application/x-ndjson",
                                         query: [.init(name: "explain", value: "true")])
        let lines = explained.body.split(separator: "\n").map { json(String($0)) }
        #expect(lines.map { (value($0, "warnings") as? [Any])?.count ?? 0 } == [1, 0, 2])
        #expect(value(lines[2], "warnings", 1, "path") as? String == "/tags/1")
    }

    @Test func metricsCountRecoveriesBySchemaCodeAndAction() throws {
        let (service, directory) = try Self.service()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = service.exchange("POST", "/convert/Item", body: #"{"id": 1, "price": "x", "tags": [1, "y", 2.5]}"#, contentType: jsonType)
        _ = service.exchange("POST", "/convert/Item", body: #"{"id": 1, "price": true}"#, contentType: jsonType,
                             query: [.init(name: "mode", value: "strict")])
        let samples = Exposition(service.exchange("GET", "/metrics").body)
        #expect(samples[#"convertd_recoveries_total{schema="Item",code="invalid_number",action="defaulted"}"#] == 1)
        #expect(samples[#"convertd_recoveries_total{schema="Item",code="invalid_number",action="dropped"}"#] == 1)
        #expect(samples[#"convertd_recoveries_total{schema="Item",code="lossy_conversion",action="dropped"}"#] == 1)
        #expect(samples[#"convertd_recoveries_total{schema="Item",code="type_mismatch",action="defaulted"}"#] == 1)
    }
}
