import Foundation
import Testing

/// `POST /infer` on the real server: the same schema `convertd infer` prints for the same
/// samples, and the body limit.
@Suite(.serialized, .convertdBuilt, .tags(.live))
final class InferLiveTests {
    private let fixture: FixtureDirectory

    init() throws {
        fixture = try FixtureDirectory()
    }

    /// A Weibo-like sample with snake_case keys, a Twitter date, string numbers, a map keyed by ids.
    private static let sample = #"""
        {"id": 3887674148022737, "created_at": "Wed Sep 16 12:20:09 +0800 2015", "user": {"screen_name": "a", "province": "11"},
         "pic_infos": {"eb8fce65jw1ew466loxu0j20hs0dc755": {"width": "640", "url": "http://ww4.sinaimg.cn/a.jpg"}},
         "userType": 0, "annotations": [{"client_mblogid": "x"}, {"mapi_request": true}]}
        """#

    @Test func answersWhatTheCommandLinePrints() throws {
        let server = try LiveServer(schemas: fixture.url)
        let connection = try server.connect()
        for (format, contentType) in [("yaml", "application/yaml; charset=utf-8"), ("json", "application/json")] {
            let answer = try connection.request("POST", "/infer?model=Status&format=\(format)", body: Self.sample,
                                                headers: [("Content-Type", "application/json")])
            #expect(answer.status == 200)
            #expect(answer.header("Content-Type") == contentType)
            let printed = try InferCommandTests.run(["infer", "--model", "Status", "--format", format], input: Self.sample)
            #expect(printed.status == 0)
            #expect(answer.text == printed.stdout)
        }
        let ndjson = try connection.request("POST", "/infer?model=Line", body: "{\"a\": 1}\n{\"a\": null}\n",
                                            headers: [("Content-Type", "application/x-ndjson")])
        #expect(ndjson.status == 200)
        #expect(ndjson.text.contains("a: { type: \"int64?\", required: true }"))
        let none = try connection.request("POST", "/infer?model=Line", body: "[1]", headers: [("Content-Type", "application/json")])
        #expect(none.status == 422)
        #expect(value(none.json, "errors", 0, "code") as? String == "no_samples")
        #expect(server.waitForLog("path=/infer"))
    }

    @Test func aBodyOverTheLimitIs413AndTheConnectionStaysUsable() throws {
        let server = try LiveServer(schemas: fixture.url, arguments: ["--max-body-bytes", "1000"])
        let connection = try server.connect()
        let big = #"{"a": ""# + String(repeating: "x", count: 2000) + #""}"#
        let refused = try connection.request("POST", "/infer?model=Big", body: big, headers: [("Content-Type", "application/json")])
        #expect(refused.status == 413)
        #expect(value(refused.json, "errors", 0, "code") as? String == "body_too_large")
        let accepted = try connection.request("POST", "/infer?model=Big", body: #"{"a": "x"}"#, headers: [("Content-Type", "application/json")])
        #expect(accepted.status == 200)
    }
}
