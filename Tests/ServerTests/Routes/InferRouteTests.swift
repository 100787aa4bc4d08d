@testable import ConvertdHTTP
@testable import convertd
import Foundation
import MappingEngine
import Testing

/// `POST /infer` in-process: the schema file for JSON and NDJSON bodies, and a defined JSON
/// error, with a stable code, for every input that gives none.
struct InferRouteTests {
    let service: Service

    init() throws {
        service = try ServerFixture.service()
    }

    private func infer(_ body: String, model: String? = "User", format: String? = nil, contentType: String? = "application/json",
                       on service: Service? = nil) -> (status: Int, body: String, response: HTTPResponse) {
        var query: [RequestHead.QueryItem] = []
        if let model { query.append(.init(name: "model", value: model)) }
        if let format { query.append(.init(name: "format", value: format)) }
        return (service ?? self.service).exchange("POST", "/infer", body: body, contentType: contentType, query: query)
    }

    @Test func answersTheSchemaAsYAMLByDefault() throws {
        let body = #"{"user_id": "42", "created_at": "2015-09-16T04:20:09Z", "home": {"city": "Oslo"}}"#
        let result = infer(body)
        #expect(result.status == 200)
        #expect(result.response.contentType == "application/yaml; charset=utf-8")
        var inference = try SchemaInference(model: "User")
        try Array(body.utf8).withUnsafeBufferPointer { try SampleReader.add($0, ndjson: false, to: &inference) }
        #expect(result.body == (try inference.schema(.yaml)))
        let registry = try SchemaLoader.load(sources: [(file: "user.yaml", text: result.body)])
        #expect(registry.names == ["User", "UserHome"])
    }

    @Test func answersJSONWhenAsked() throws {
        let result = infer(#"[{"a": 1}, {"a": 2.5}]"#, format: "json")
        #expect(result.status == 200)
        #expect(result.response.contentType == "application/json")
        #expect(value(json(result.body), "User", "properties", "a", "type") as? String == "double")
    }

    @Test func readsNDJSONLineByLine() {
        let result = infer("{\"a\": 1}\n\n{\"b\": true}\n", contentType: "application/x-ndjson")
        #expect(result.status == 200)
        #expect(result.body.contains("a: int64\n"))
        #expect(result.body.contains("b: bool\n"))
        let broken = infer("{\"a\": 1}\n{\"b\": }\n", contentType: "application/x-ndjson")
        #expect(broken.status == 400)
        #expect(value(json(broken.body), "errors", 0, "code") as? String == "bad_json")
        #expect(value(json(broken.body), "errors", 0, "line") as? Int == 2)
    }

    @Test(arguments: [
        // body, model, format, content type, status, code
        (#"{"a":1}"#, nil, nil, "application/json", 400, "invalid_model_name"),
        (#"{"a":1}"#, "", nil, "application/json", 400, "invalid_model_name"),
        (#"{"a":1}"#, "1User", nil, "application/json", 400, "invalid_model_name"),
        (#"{"a":1}"#, "string", nil, "application/json", 400, "invalid_model_name"),
        (#"{"a":1}"#, "User", "xml", "application/json", 400, "invalid_option"),
        (#"{"a": }"#, "User", nil, "application/json", 400, "bad_json"),
        ("", "User", nil, "application/json", 400, "empty_body"),
        (" \n", "User", nil, "application/x-ndjson", 400, "empty_body"),
        (String(repeating: "[", count: 300), "User", nil, "application/json", 400, "too_deep"),
        ("[1, 2]", "User", nil, "application/json", 422, "no_samples"),
        ("\"text\"", "User", nil, "application/json", 422, "no_samples"),
        (#"{"a":1}"#, "User", nil, "text/plain", 415, "unsupported_media_type"),
        ("a: 1", "User", nil, "application/yaml", 415, "unsupported_media_type"),
    ] as [(String, String?, String?, String, Int, String)])
    func everyBadRequestHasAJSONError(body: String, model: String?, format: String?, contentType: String, status: Int, code: String) {
        let result = infer(body, model: model, format: format, contentType: contentType)
        #expect(result.status == status)
        #expect(result.response.contentType == "application/json")
        #expect(value(json(result.body), "errors", 0, "code") as? String == code)
        #expect(value(json(result.body), "errors", 0, "message") is String)
    }

    @Test func aTopLevelWithMoreKeysThanAModelHoldsIsTooComplex() {
        let keys = (0..<1500).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
        let result = infer("{\(keys)}")
        #expect(result.status == 422)
        #expect(value(json(result.body), "errors", 0, "code") as? String == "too_complex")
    }

    @Test func aBodyOverTheLimitIs413() throws {
        let small = try ServerFixture.service(limits: .init(maxBodyBytes: 64))
        let body = #"{"a": ""# + String(repeating: "x", count: 100) + #""}"#
        for contentType in ["application/json", "application/x-ndjson"] {
            let result = infer(body, contentType: contentType, on: small)
            #expect(result.status == 413)
            #expect(value(json(result.body), "errors", 0, "code") as? String == "body_too_large")
        }
    }
}
