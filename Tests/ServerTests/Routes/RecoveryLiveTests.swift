import Foundation
import TestSupport
import Testing

/// Recovery on the wire: the real `convertd serve` answers a recovered conversion 200 with
/// `Convertd-Warnings`, logs the count on the request line, counts it in `/metrics` and
/// `/stats`, and `?onError=fail` answers 422.
@Suite(.serialized, .convertdBuilt, .tags(.live))
final class RecoveryLiveTests {
    private let directory: URL
    private let json = [("Content-Type", "application/json")]

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-recovery-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let schema = """
            Reading:
              properties:
                sensor: { type: string, required: true }
                celsius: { type: "decimal?", onError: null }
                samples: { type: "array<int32>", onItemError: drop }
            """
        try schema.write(to: directory.appendingPathComponent("reading.yaml"), atomically: true, encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    @Test func aRecoveredAnswerIsCountedInItsHeaderTheLogTheMetricsAndTheStats() throws {
        let server = try LiveServer(schemas: directory)
        let connection = try server.connect()
        let body = #"{"sensor": "s1", "celsius": "warm", "samples": [1, "two", 3]}"#
        let answer = try connection.request("POST", "/convert/Reading", body: body, headers: json + [("X-Request-Id", "recovered-1")])
        #expect(answer.status == 200)
        #expect(answer.text == #"{"sensor":"s1","celsius":null,"samples":[1,3]}"#)
        #expect(answer.header("Convertd-Warnings") == "2")
        #expect(server.waitForLog("request_id=recovered-1"))
        let line = server.logText.split(separator: "\n").first { $0.contains("request_id=recovered-1") }
        #expect(line?.contains("warnings=2") == true)

        let clean = try connection.request("POST", "/convert/Reading", body: #"{"sensor": "s2"}"#, headers: json)
        #expect(clean.status == 200)
        #expect(clean.header("Convertd-Warnings") == nil)

        let refused = try connection.request("POST", "/convert/Reading?onError=fail", body: body, headers: json)
        #expect(refused.status == 422)
        #expect(refused.header("Convertd-Warnings") == nil)

        let metrics = try connection.request("GET", "/metrics").text
        #expect(metrics.contains(#"convertd_recoveries_total{schema="Reading",code="invalid_number",action="nulled"} 1"#))
        #expect(metrics.contains(#"convertd_recoveries_total{schema="Reading",code="invalid_number",action="dropped"} 1"#))

        let stats = try JSONSerialization.jsonObject(with: Data(try connection.request("GET", "/stats").text.utf8)) as? [String: Any]
        let recoveries = try #require(stats?["recoveries"] as? [String: Any])
        #expect(recoveries["total"] as? Int == 2)
        #expect(recoveries["byAction"] as? [String: Int] == ["nulled": 1, "dropped": 1])
        #expect(recoveries["byCode"] as? [String: Int] == ["invalid_number": 2])
    }

    @Test func explainListsTheWarningsOnTheWire() throws {
        let server = try LiveServer(schemas: directory)
        let connection = try server.connect()
        let answer = try connection.request("POST", "/convert/Reading?explain=true", body: #"{"sensor": "s1", "samples": ["x"]}"#, headers: json)
        #expect(answer.status == 200)
        #expect(answer.header("Convertd-Warnings") == "1")
        #expect(answer.text.contains(#""warnings":[{"path":"/samples/0","code":"invalid_number","message":"not an integer","action":"dropped","input":"x"}]"#))
    }
}
