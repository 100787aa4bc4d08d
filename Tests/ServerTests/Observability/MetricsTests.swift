import Foundation
import TestSupport
import Testing

@testable import ConvertdHTTP
@testable import convertd

/// `GET /metrics`: the Prometheus exposition reads the same counters as `/stats`, labels only
/// what the service chose (never a client's schema name), and passes `promtool check metrics`.
@Suite struct MetricsTests {
    private let jsonType = "application/json"

    @Test func countsRequestsErrorsAndDurationsByRouteStatusAndCode() throws {
        let service = try ServerFixture.service()
        for _ in 0..<3 { #expect(service.exchange("POST", "/convert/Product", body: ServerFixture.productBody, contentType: jsonType).status == 200) }
        #expect(service.exchange("POST", "/convert/Product", body: #"{"id": [], "name": ""}"#, contentType: jsonType).status == 422)
        #expect(service.exchange("POST", "/convert/Product", body: "{", contentType: jsonType).status == 400)
        #expect(service.exchange("POST", "/convert/NoSuchModel", body: "{}", contentType: jsonType).status == 404)
        #expect(service.exchange("GET", "/nowhere").status == 404)
        let scrape = service.exchange("GET", "/metrics")
        #expect(scrape.status == 200)
        #expect(scrape.response.contentType == "text/plain; version=0.0.4; charset=utf-8")
        let samples = Exposition(scrape.body)

        #expect(samples[#"convertd_http_requests_total{route="convert",status="200"}"#] == 3)
        #expect(samples[#"convertd_http_requests_total{route="convert",status="422"}"#] == 1)
        #expect(samples[#"convertd_http_requests_total{route="convert",status="400"}"#] == 1)
        #expect(samples[#"convertd_http_requests_total{route="convert",status="404"}"#] == 1)
        #expect(samples[#"convertd_http_requests_total{route="unmatched",status="404"}"#] == 1)
        #expect(samples[#"convertd_conversion_errors_total{code="bad_json"}"#] == 1)
        #expect(samples[#"convertd_conversion_errors_total{code="type_mismatch"}"#] == 1)
        #expect(samples[#"convertd_conversion_errors_total{code="too_short"}"#] == 1)
        #expect(samples[#"convertd_http_request_duration_seconds_count{route="convert",schema="Product"}"#] == 5)
        #expect(samples[#"convertd_http_request_duration_seconds_bucket{route="convert",schema="Product",le="+Inf"}"#] == 5)
        // A name no model has is never a label value.
        #expect(samples[#"convertd_http_request_duration_seconds_count{route="convert",schema=""}"#] == 1)
        #expect(!scrape.body.contains("NoSuchModel"))
        #expect(samples["convertd_meta_cache_hits_total"] == 5)
        #expect(samples["convertd_meta_cache_entries"] == 2)
        #expect(samples["convertd_registry_models"] == 2)
        #expect((samples["process_resident_memory_bytes"] ?? 0) > 1_000_000)
        #expect(scrape.body.contains("# HELP convertd_http_requests_total "))
        #expect(scrape.body.contains("# TYPE convertd_http_request_duration_seconds histogram"))
    }

    @Test func countsFailedRulesBySchemaAndTheCodeClientsSaw() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = """
            Range:
              properties:
                min: decimal
                max: decimal
              rules:
                - { rule: "self.min <= self.max", code: min_above_max, path: /max }
                - "self.max - self.min < 100"
            """
        try schema.write(to: directory.appendingPathComponent("range.yaml"), atomically: true, encoding: .utf8)
        let service = try ServerFixture.service(directory: directory)
        #expect(service.exchange("POST", "/convert/Range", body: #"{"min": 1, "max": 2}"#, contentType: jsonType).status == 200)
        #expect(service.exchange("POST", "/convert/Range", body: #"{"min": 5, "max": 2}"#, contentType: jsonType).status == 422)
        #expect(service.exchange("POST", "/convert/Range", body: #"{"min": 500, "max": 2}"#, contentType: jsonType).status == 422)
        #expect(service.exchange("POST", "/convert/Range", body: #"{"min": 0, "max": 200}"#, contentType: jsonType).status == 422)
        let samples = Exposition(service.exchange("GET", "/metrics").body)
        #expect(samples[#"convertd_rule_failures_total{schema="Range",code="min_above_max"}"#] == 2)
        #expect(samples[#"convertd_rule_failures_total{schema="Range",code="rule_failed"}"#] == 1)
        #expect(samples[#"convertd_conversion_errors_total{code="rule_failed"}"#] == 3)
    }

    @Test func statsAndMetricsReadTheSameCounters() throws {
        let service = try ServerFixture.service()
        for _ in 0..<4 { _ = service.exchange("POST", "/convert/Product", body: ServerFixture.productBody, contentType: jsonType) }
        _ = service.exchange("GET", "/healthz")
        let stats = json(service.exchange("GET", "/stats").body)
        let samples = Exposition(service.exchange("GET", "/metrics").body)
        #expect(value(stats, "requests", "byStatus", "200") as? Int == 5)  // four conversions and the probe
        #expect(samples[#"convertd_http_requests_total{route="convert",status="200"}"#] == 4)
        #expect(samples[#"convertd_http_requests_total{route="healthz",status="200"}"#] == 1)
        #expect(samples[#"convertd_http_requests_total{route="stats",status="200"}"#] == 1)
        #expect(value(stats, "cache", "hits") as? Int == Int(samples["convertd_meta_cache_hits_total"] ?? -1))
        #expect(value(stats, "cache", "builds") as? Int == Int(samples["convertd_meta_cache_builds_total"] ?? -1))
        // A second scrape adds only what happened since the first: counters are not counted twice.
        _ = service.exchange("POST", "/convert/Product", body: ServerFixture.productBody, contentType: jsonType)
        let again = Exposition(service.exchange("GET", "/metrics").body)
        #expect(again[#"convertd_http_requests_total{route="convert",status="200"}"#] == 5)
        #expect(again[#"convertd_http_requests_total{route="metrics",status="200"}"#] == 1)
        #expect(again["convertd_meta_cache_hits_total"] == 5)
    }

    @Test func reloadsAreCountedByResult() throws {
        let directory = try ServerFixture.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let service = try ServerFixture.service(directory: directory)
        try "models: [".write(to: directory.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        #expect(!service.reload())
        let samples = Exposition(service.exchange("GET", "/metrics").body)
        #expect(samples[#"convertd_schema_reloads_total{result="success"}"#] == 1)
        #expect(samples[#"convertd_schema_reloads_total{result="failure"}"#] == 1)
    }
}

/// A live server's exposition, checked by Prometheus' own linter.
@Suite(.serialized, .convertdBuilt, .tags(.live))
final class MetricsLiveTests {
    private let fixture: FixtureDirectory

    init() throws {
        fixture = try FixtureDirectory()
    }

    /// `promtool`, from Debian's prometheus package (`make test` installs it).
    static let promtool = ["/usr/bin/promtool", "/usr/local/bin/promtool"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: MetricsLiveTests.promtool != nil, "promtool not installed: `make test` installs Debian's prometheus package"))
    func theExpositionPassesPromtool() throws {
        let server = try LiveServer(schemas: fixture.url)
        let connection = try server.connect()
        let headers = [("Content-Type", "application/json")]
        _ = try connection.request("POST", "/convert/Product", body: ServerFixture.productBody, headers: headers)
        _ = try connection.request("POST", "/convert/Product", body: #"{"id": []}"#, headers: headers)
        _ = try connection.request("POST", "/convert/Product", body: "nope", headers: headers)
        _ = try connection.request("GET", "/schemas/Unknown")
        let scrape = try connection.request("GET", "/metrics")
        #expect(scrape.status == 200)
        #expect(scrape.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        let samples = Exposition(scrape.text)
        #expect(samples[#"convertd_http_requests_total{route="convert",status="200"}"#] == 1)
        #expect(samples["convertd_http_connections_open"] == 1)
        #expect(samples["convertd_http_requests_in_flight"] == 1)  // the scrape itself

        let check = try ProcessRun(URL(fileURLWithPath: try #require(MetricsLiveTests.promtool)), ["check", "metrics"],
                                   input: Data(scrape.body))
        #expect(check.status == 0, "promtool check metrics: \(check.stdout)\(check.stderr)")
    }
}

/// The samples of a Prometheus text exposition by series (name and labels, as written).
struct Exposition {
    private var samples: [String: Double] = [:]

    init(_ text: String) {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let number = Double(line[line.index(after: space)...]) else { continue }
            samples[String(line[..<space])] = number
        }
    }

    subscript(series: String) -> Double? { samples[series] }
}
