@testable import convertd
import Testing

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
}
