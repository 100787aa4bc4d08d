import Foundation
import Testing

/// SPEC §10's `js` profile, read by JavaScript itself: the live server's answers are parsed with
/// Node's `JSON.parse`, and every int64, uint64 and decimal at its extremes keeps its digits
/// under `?profile=js`. The control shows the test can fail: without the profile, Node turns
/// `18446744073709551615` into `18446744073709552000`.
@Suite(.serialized, .convertdBuilt, .tags(.live),
       .enabled(if: NodeJS.path != nil, "node not installed (Debian's nodejs package): the js profile is not checked in JavaScript"))
final class ProfileNodeLiveTests {
    private let fixture: FixtureDirectory

    init() throws {
        fixture = try FixtureDirectory()
        try """
            Ids:
              properties:
                maxU64: uint64
                minI64: int64
                pastDouble: int64
                wide: decimal
                list: "array<uint64>"
            """.write(to: fixture.url.appendingPathComponent("ids.yaml"), atomically: true, encoding: .utf8)
    }

    /// A payload at the edges: the largest uint64, the smallest int64, 2⁵³ + 1 (the first
    /// integer a double cannot hold) and a decimal of 30 digits.
    private static let payload = #"{"maxU64":18446744073709551615,"minI64":-9223372036854775808,"pastDouble":9007199254740993,"#
        + #""wide":123456789012345678.901234567891,"list":[18446744073709551615,9007199254740993]}"#

    /// Each value as Node sees it after `JSON.parse`, as `type:text`, arrays element by element.
    private static let script = """
        let text = ""; process.stdin.on("data", c => text += c).on("end", () => {
          const seen = v => Array.isArray(v) ? v.map(seen) : typeof v + ":" + String(v);
          const parsed = JSON.parse(text);
          console.log(JSON.stringify(Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, seen(v)]))));
        });
        """

    /// The answer to `payload` at `query`, as Node reads it.
    private func readByNode(_ query: String) throws -> [String: Any] {
        let server = try LiveServer(schemas: fixture.url)
        let answer = try server.connect().request("POST", "/convert/Ids" + query, body: Self.payload, headers: [("Content-Type", "application/json")])
        #expect(answer.status == 200, "\(answer.text)")
        let run = try ProcessRun(URL(fileURLWithPath: try #require(NodeJS.path)), ["-e", Self.script], input: Data(answer.body))
        #expect(run.status == 0, "node: \(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "node wrote: \(run.stdout)")
    }

    @Test func theJSProfileKeepsEveryDigitInJavaScript() throws {
        let seen = try readByNode("?profile=js")
        #expect(seen["maxU64"] as? String == "string:18446744073709551615")
        #expect(seen["minI64"] as? String == "string:-9223372036854775808")
        #expect(seen["pastDouble"] as? String == "string:9007199254740993")
        #expect(seen["wide"] as? String == "string:123456789012345678.901234567891")
        #expect(seen["list"] as? [String] == ["string:18446744073709551615", "string:9007199254740993"])
    }

    @Test func withoutTheProfileJavaScriptLosesDigits() throws {
        let seen = try readByNode("")
        #expect(seen["maxU64"] as? String == "number:18446744073709552000")
        #expect(seen["pastDouble"] as? String == "number:9007199254740992")
        #expect(seen["wide"] as? String != "number:123456789012345678.901234567891")
    }
}

/// Node, where Debian and the usual installers put it.
enum NodeJS {
    static let path = ["/usr/bin/node", "/usr/local/bin/node", "/usr/bin/nodejs"].first { FileManager.default.isExecutableFile(atPath: $0) }
}
