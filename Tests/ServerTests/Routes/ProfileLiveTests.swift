import Foundation
import TestSupport
import Testing

/// Output profiles on the wire: `GET /profiles`, `?profile=` on a whole body, a streamed array
/// and NDJSON (the same bytes per element), on `/reverse`, `/schemas/{Model}` and
/// `/openapi.json`, and an unknown profile (400 `unknown_profile`).
@Suite(.serialized, .convertdBuilt, .tags(.live))
final class ProfileLiveTests {
    private let directory: URL
    private let json = [("Content-Type", "application/json")]
    private let order = #"{"id":"18446744073709551615","total":"12.50","placed_at":"2024-07-01T09:30:00+02:00","note":null}"#

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-profile-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let schema = """
            $profiles:
              mobile: { int64: string, uint64: string, date: epoch-ms, keys: camelCase, nulls: omit }
            Order:
              properties:
                id: uint64
                total: decimal
                placed_at: date
                note: string?
            """
        try schema.write(to: directory.appendingPathComponent("order.yaml"), atomically: true, encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    @Test func profilesAreListedBuiltInFirst() throws {
        let server = try LiveServer(schemas: directory)
        let answer = try server.connect().request("GET", "/profiles")
        #expect(answer.status == 200)
        #expect(answer.text == #"{"profiles":[{"name":"js","builtIn":true,"options":{"int64":"string","uint64":"string","decimal":"string"}},"#
                + #"{"name":"mobile","builtIn":false,"options":{"int64":"string","uint64":"string","date":"epoch-ms","keys":"camelCase","nulls":"omit"}}]}"#)
    }

    @Test func aProfileShapesWholeStreamedAndNDJSONBodiesAlike() throws {
        let server = try LiveServer(schemas: directory)
        let connection = try server.connect()
        let js = try connection.request("POST", "/convert/Order?profile=js", body: order, headers: json)
        #expect(js.status == 200)
        #expect(js.text == #"{"id":"18446744073709551615","total":"12.50","placed_at":"2024-07-01T07:30:00Z","note":null}"#)
        let mobile = try connection.request("POST", "/convert/Order?profile=mobile", body: order, headers: json)
        #expect(mobile.text == #"{"id":"18446744073709551615","total":12.50,"placedAt":1719819000000}"#)
        let ndjson = try connection.request("POST", "/convert/Order?profile=mobile", body: order + "\n" + order + "\n",
                                            headers: [("Content-Type", "application/x-ndjson")])
        #expect(ndjson.text == mobile.text + "\n" + mobile.text + "\n")
        // Chunked, of unknown length: the array is converted element by element as it arrives.
        let array = Array(("[" + order + "," + order + "]").utf8)
        try connection.send(HTTPConnection.head("POST", "/convert/Order?profile=mobile", length: nil, headers: json))
        try connection.send(Array(String(array.count, radix: 16).utf8) + [13, 10] + array + [13, 10, 0x30, 13, 10, 13, 10])
        let streamed = try connection.readResponse()
        #expect(streamed.text == "[" + mobile.text + "," + mobile.text + "]")
        let reversed = try connection.request("POST", "/reverse/Order?profile=mobile", body: mobile.text, headers: json)
        #expect(reversed.text == #"{"id":18446744073709551615,"total":12.50,"placed_at":"2024-07-01T07:30:00Z"}"#)
    }

    @Test func schemasAndOpenAPIDescribeTheProfilesOutput() throws {
        let server = try LiveServer(schemas: directory)
        let connection = try server.connect()
        let schema = try connection.request("GET", "/schemas/Order?profile=js").text
        #expect(schema.contains(#""id":{"type":"string","format":"uint64"}"#))
        let openAPI = try connection.request("GET", "/openapi.json?profile=mobile").text
        #expect(openAPI.contains(#""placedAt":{"type":"number""#))
        #expect(openAPI.contains("/profiles"))
    }

    /// A reload that changes only `$profiles` is a new registry: the digest, and with it the
    /// OpenAPI document cached by it, follow the new options.
    @Test func aReloadOfOnlyTheProfilesRenewsTheDocuments() throws {
        let server = try LiveServer(schemas: directory, arguments: ["--admin-token", "profile-token"])
        let connection = try server.connect()
        let before = try connection.request("GET", "/openapi.json?profile=mobile").text
        #expect(before.contains(#""placedAt":{"type":"number""#))
        let file = directory.appendingPathComponent("order.yaml")
        let schema = try String(contentsOf: file, encoding: .utf8)
        try schema.replacingOccurrences(of: "date: epoch-ms", with: "date: http").write(to: file, atomically: true, encoding: .utf8)
        #expect(try connection.request("POST", "/schemas/reload", headers: [("Authorization", "Bearer profile-token")]).status == 200)
        let after = try connection.request("GET", "/openapi.json?profile=mobile").text
        #expect(after.contains(#""placedAt":{"type":"string""#), "\(after.prefix(2000))")
        let version = { (text: String) in text.firstRange(of: #/"version":"[0-9a-f]{16}"/#).map { String(text[$0]) } }
        #expect(version(before) != nil && version(before) != version(after))
    }

    @Test(arguments: ["/convert/Order?profile=tablet", "/reverse/Order?profile=tablet", "/schemas/Order?profile=tablet", "/openapi.json?profile=tablet"])
    func anUnknownProfileIsRefused(target: String) throws {
        let server = try LiveServer(schemas: directory)
        let method = target.hasPrefix("/convert") || target.hasPrefix("/reverse") ? "POST" : "GET"
        let answer = try server.connect().request(method, target, body: method == "POST" ? order : "", headers: json)
        #expect(answer.status == 400)
        #expect(answer.text.contains(#""code":"unknown_profile""#))
    }
}
