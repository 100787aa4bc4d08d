@testable import ConvertdHTTP
@testable import convertd
import Testing
import Spooling

/// NDJSON bodies: one result line per input line, whatever the chunking.
struct NDJSONStreamTests {
    static let body = """
        \(ServerFixture.productBody)

        {"id":"x","name":"b"}
        not json
        \(ServerFixture.productBody)\r

        """

    @Test(arguments: [1, 2, 7, 64, Int.max])
    func oneResultLinePerInputLine(chunkSize: Int) throws {
        let service = try ServerFixture.service()
        let result = service.exchange("POST", "/convert/Product", body: Self.body, contentType: "application/x-ndjson", chunkSize: chunkSize)
        #expect(result.status == 200)
        #expect(result.response.contentType == "application/x-ndjson")
        let lines = result.body.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == ServerFixture.productOutput)
        #expect(value(json(lines[1]), "line") as? Int == 3)
        #expect(value(json(lines[1]), "errors", 0, "code") as? String == "invalid_number")
        #expect(value(json(lines[2]), "line") as? Int == 4)
        #expect(value(json(lines[2]), "errors", 0, "code") as? String == "bad_json")
        #expect(lines[3] == ServerFixture.productOutput)
    }

    @Test func aLastLineWithoutNewlineCounts() throws {
        let service = try ServerFixture.service()
        let result = service.exchange("POST", "/convert/Product", body: ServerFixture.productBody, contentType: "application/x-ndjson", chunkSize: 5)
        #expect(result.body == ServerFixture.productOutput + "\n")
    }

    @Test func aLineOverTheLimitFailsAloneAndTheRestGoOn() throws {
        let service = try ServerFixture.service(limits: .init(maxBodyBytes: 200))
        let long = #"{"id":1,"name":"\#(String(repeating: "y", count: 300))"}"#
        let body = [ServerFixture.productBody, long, ServerFixture.productBody].joined(separator: "\n")
        for chunkSize in [3, 50, Int.max] {
            let lines = service.exchange("POST", "/convert/Product", body: body, contentType: "application/ndjson", chunkSize: chunkSize)
                .body.split(separator: "\n").map(String.init)
            #expect(lines.count == 3)
            #expect(value(json(lines[1]), "errors", 0, "code") as? String == "body_too_large")
            #expect(lines[2] == ServerFixture.productOutput)
        }
    }

    @Test func manyLinesSpoolToAFile() throws {
        let service = try ServerFixture.service()
        let count = 20_000
        let body = String(repeating: ServerFixture.productBody + "\n", count: count)
        let result = service.exchange("POST", "/convert/Product", body: body, contentType: "application/x-ndjson", chunkSize: 32 * 1024)
        guard case .file(_, let size) = result.response.body else {
            Issue.record("expected a spooled file body")
            return
        }
        #expect(size == (ServerFixture.productOutput.utf8.count + 1) * count)
        #expect(result.body.split(separator: "\n").count == count)
    }

    @Test func aStreamOverItsLimitIs413() throws {
        let service = try ServerFixture.service(limits: .init(maxBodyBytes: 1000, maxStreamBytes: 1000))
        let body = String(repeating: ServerFixture.productBody + "\n", count: 20)
        let result = service.exchange("POST", "/convert/Product", body: body, contentType: "application/x-ndjson", chunkSize: 100)
        #expect(result.status == 413)
    }

    @Test func unknownSchemaAndBadOptionsAnswerBeforeTheBody() throws {
        let service = try ServerFixture.service()
        #expect(service.exchange("POST", "/convert/Nope", body: "{}\n", contentType: "application/x-ndjson").status == 404)
        #expect(service.exchange("POST", "/convert/Product", body: "{}\n", contentType: "application/x-ndjson",
                                 query: [.init(name: "mode", value: "x")]).status == 400)
    }

    // MARK: the stream's error budget

    /// A stream spelled one character per line — `S` a good product, `F` `{}` (2 errors), `B`
    /// not JSON (1 error), `A` an array of 60 `{}` (120 errors), space a blank line — the
    /// error cap, and the records expected: `ok` a converted line, `N:k` line N with k errors
    /// listed (`+T`: then `too_many_errors` with total T), `N-M:K` a collapsed run of lines N to
    /// M holding K errors.
    struct BudgetRow: Sendable, CustomTestStringConvertible {
        let lines: String
        let maxErrors: Int
        let records: [String]

        var testDescription: String { "\"\(lines)\" with \(maxErrors) errors listed" }

        var body: String {
            lines.map { kind -> String in
                switch kind {
                case "S": ServerFixture.productBody
                case "F": "{}"
                case "B": "not json"
                case "A": "[" + Array(repeating: "{}", count: 60).joined(separator: ",") + "]"
                default: ""
                }
            }.joined(separator: "\n") + "\n"
        }
    }

    static let budgetRows: [BudgetRow] = [
        .init(lines: "FSFFSF", maxErrors: 100, records: ["1:2", "ok", "3:2", "4:2", "ok", "6:2"]),
        .init(lines: "FFFSFFBSF", maxErrors: 3, records: ["1:2", "2:1+2", "3-3:2", "ok", "5-7:5", "ok", "9-9:2"]),
        .init(lines: "FFFF", maxErrors: 2, records: ["1:2", "2-4:6"]),
        .init(lines: "SFS", maxErrors: 1, records: ["ok", "2:1+2", "ok"]),
        .init(lines: "FF FS", maxErrors: 2, records: ["1:2", "2-4:4", "ok"]),
        .init(lines: "BFB", maxErrors: 3, records: ["1:1", "2:2", "3-3:1"]),
        .init(lines: "ASA", maxErrors: 100, records: ["1:100+120", "ok", "3-3:120"]),
        .init(lines: "SSS", maxErrors: 1, records: ["ok", "ok", "ok"]),
    ]

    @Test(arguments: budgetRows)
    func failingLinesPastTheBudgetCollapseIntoRuns(_ row: BudgetRow) throws {
        let service = try ServerFixture.service(limits: .init(maxErrors: row.maxErrors))
        for chunkSize in [3, Int.max] {
            let result = service.exchange("POST", "/convert/Product", body: row.body, contentType: "application/x-ndjson", chunkSize: chunkSize)
            #expect(result.status == 200)
            #expect(result.body.split(separator: "\n").map { Self.describe(String($0)) } == row.records, "chunks of \(chunkSize)")
        }
    }

    @Test func aHostileStreamGetsABoundedAnswer() throws {
        let service = try ServerFixture.service()
        let count = 100_000
        let body = String(repeating: "{}\n", count: count) + ServerFixture.productBody + "\n"
        let result = service.exchange("POST", "/convert/Product", body: body, contentType: "application/x-ndjson", chunkSize: 64 * 1024)
        let records = result.body.split(separator: "\n").map { Self.describe(String($0)) }
        // 50 lines of 2 errors spend the budget of 100; the other lines are one run.
        #expect(records == (1...50).map { "\($0):2" } + ["51-\(count):\(2 * (count - 50))", "ok"])
        #expect(result.body.utf8.count < 16 * 1024)
    }

    /// A result line reduced to the notation of `BudgetRow.records`.
    static func describe(_ line: String) -> String {
        if line == ServerFixture.productOutput { return "ok" }
        guard let first = value(json(line), "line") as? Int, let errors = value(json(line), "errors") as? [[String: Any]] else { return line }
        let summary = errors.last.flatMap { $0["code"] as? String == "too_many_errors" ? $0["total"] as? Int : nil }
        if let last = value(json(line), "lastLine") as? Int {
            return errors.count == 1 ? "\(first)-\(last):\(summary ?? -1)" : line
        }
        let listed = errors.filter { $0["code"] as? String != "too_many_errors" }.count
        return "\(first):\(listed)" + (summary.map { "+\($0)" } ?? "")
    }
}
