import Foundation
import Testing

/// `pattern` against the real server: a pattern that takes a backtracking engine exponential
/// time answers a long near miss at once, and a pattern outside the subset is refused at PUT
/// with its column.
@Suite(.serialized, .convertdBuilt, .tags(.live))
final class PatternLiveTests {
    private let fixture: FixtureDirectory

    init() throws {
        fixture = try FixtureDirectory()
        try "Slow:\n  properties:\n    s: { type: string, pattern: '^(a+)+$' }\n"
            .write(to: fixture.url.appendingPathComponent("slow.yaml"), atomically: true, encoding: .utf8)
    }

    private static let token = "test-admin-token"
    private let json = [("Content-Type", "application/json")]

    @Test func aCatastrophicPatternAnswersALongNearMissPromptly() throws {
        let server = try LiveServer(schemas: fixture.url)
        // On a backtracking engine this request takes longer than the universe's age; ten seconds is generous.
        let connection = try HTTPConnection(port: server.port, timeoutSeconds: 10)
        let nearMiss = String(repeating: "a", count: 5_000) + "!"
        let refused = try connection.request("POST", "/convert/Slow", body: #"{"s":"\#(nearMiss)"}"#, headers: json)
        #expect(refused.status == 422)
        #expect(value(refused.json, "errors", 0, "code") as? String == "pattern_mismatch")
        #expect(value(refused.json, "errors", 0, "path") as? String == "/s")
        let accepted = try connection.request("POST", "/convert/Slow", body: #"{"s":"\#(nearMiss.dropLast())"}"#, headers: json)
        #expect(accepted.status == 200)
    }

    @Test func aPatternOutsideTheSubsetIsRefusedAtPUTWithItsColumn() throws {
        let server = try LiveServer(schemas: fixture.url, arguments: ["--admin-token", PatternLiveTests.token])
        let connection = try server.connect()
        let schema = #"{"Twice": {"properties": {"s": {"type": "string", "pattern": "^(ab)\\1$"}}}}"#
        let refused = try connection.request("PUT", "/schemas/Twice", body: schema,
                                             headers: json + [("Authorization", "Bearer \(PatternLiveTests.token)")])
        #expect(refused.status == 422)
        #expect(value(refused.json, "errors", 0, "property") as? String == "s")
        let message = value(refused.json, "errors", 0, "message") as? String ?? ""
        #expect(message.contains(#"pattern '^(ab)\1$' is refused at column 6: backreferences"#), "\(message)")
    }
}
