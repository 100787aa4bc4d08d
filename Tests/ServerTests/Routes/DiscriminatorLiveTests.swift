import Foundation
import Testing

/// Issue 23's five bugs and SPEC §9's discriminator extras through the real server: each
/// example of the issue as a user would send it.
@Suite(.serialized, .convertdBuilt, .tags(.live))
final class DiscriminatorLiveTests {
    private let fixture: FixtureDirectory
    private static let token = "test-admin-token"
    private let json = [("Content-Type", "application/json")]

    init() throws {
        fixture = try FixtureDirectory()
        // The issue's own schema, as JSON.
        try #"""
            {"S":{"unknownKeys":"reject","discriminator":{"from":"kind","mapping":{"c":"C"}},"properties":{"label":{"type":"string"}}},
             "C":{"extends":"S","properties":{"r":{"type":"double"}}}}
            """#.write(to: fixture.url.appendingPathComponent("issue.json"), atomically: true, encoding: .utf8)
        try """
            Loud:
              unknownKeys: report
              properties: { id: int }
            Quiet:
              properties: { id: int, note: { type: string, maxLength: 3 } }
            Layer:
              discriminator: { style: external, mapping: { circle: Circle }, caseInsensitive: true, fallback: Blob }
              properties: { label: string }
            Stamp:
              discriminator: { style: adjacent, from: type, content: data, mapping: { circle: Circle } }
              properties: { label: string }
            Circle:
              properties: { radius: double }
            Blob:
              unknownKeys: keep
              properties: { label: string }
            Tagged:
              discriminator: { from: kind, mapping: { c: TaggedC } }
              properties: { kind: string }
            TaggedC:
              extends: Tagged
              properties: { r: double }
            """.write(to: fixture.url.appendingPathComponent("more.yaml"), atomically: true, encoding: .utf8)
    }

    @Test func aTaggedPayloadConvertsUnderRejectAndReverseGoesRound() throws {
        let server = try LiveServer(schemas: fixture.url)
        let connection = try server.connect()
        let converted = try connection.request("POST", "/convert/S", body: #"{"kind":"c","r":1}"#, headers: json)
        #expect(converted.status == 200)
        #expect(converted.text == #"{"r":1.0}"#)
        let reversed = try connection.request("POST", "/reverse/S", body: converted.text, headers: json)
        #expect(reversed.status == 200)
        let again = try connection.request("POST", "/convert/S", body: reversed.text, headers: json)
        #expect(again.status == 200)
        #expect(again.text == converted.text)
    }

    @Test func explainListsUnknownKeysUnderIgnoreAndReportListsThemUnasked() throws {
        let server = try LiveServer(schemas: fixture.url)
        let connection = try server.connect()
        let explained = try connection.request("POST", "/convert/Quiet?explain=true", body: #"{"id":1,"a":1,"b":2,"c":3}"#, headers: json)
        #expect(value(explained.json, "unknownKeys", 2, "path") as? String == "/c")
        let reported = try connection.request("POST", "/convert/Loud", body: #"{"id":1,"colour":"red"}"#, headers: json)
        #expect(reported.status == 200)
        #expect(reported.text == #"{"result":{"id":1},"coercions":[],"unknownKeys":[{"path":"/colour","input":"red"}]}"#)
        let plain = try connection.request("POST", "/convert/Quiet", body: #"{"id":1,"a":1}"#, headers: json)
        #expect(plain.text == #"{"id":1}"#)
    }

    @Test func aLongStringsInputIsTheStringCut() throws {
        let server = try LiveServer(schemas: fixture.url)
        let connection = try server.connect()
        let long = String(repeating: "x", count: 150)
        let refused = try connection.request("POST", "/convert/Quiet", body: #"{"note":"\#(long)"}"#, headers: json)
        #expect(refused.status == 422)
        #expect(value(refused.json, "errors", 0, "input") as? String == String(repeating: "x", count: 100))
    }

    @Test func requiredWithADefaultIsAcceptedAtPUTAndNullTakesTheDefault() throws {
        let server = try LiveServer(schemas: fixture.url, arguments: ["--admin-token", Self.token])
        let connection = try server.connect()
        let schema = #"{"Named": {"properties": {"name": {"type": "string", "required": true, "default": "anon"}}}}"#
        let put = try connection.request("PUT", "/schemas/Named", body: schema, headers: json + [("Authorization", "Bearer \(Self.token)")])
        #expect(put.status == 200 || put.status == 201, "\(put.text)")
        #expect(try connection.request("POST", "/convert/Named", body: #"{"name":null}"#, headers: json).text == #"{"name":"anon"}"#)
        let missing = try connection.request("POST", "/convert/Named", body: "{}", headers: json)
        #expect(value(missing.json, "errors", 0, "code") as? String == "missing")
    }

    @Test func theOutputSchemaTakesOnlyMappedTags() throws {
        let server = try LiveServer(schemas: fixture.url)
        let connection = try server.connect()
        let described = try connection.request("GET", "/schemas/Tagged")
        #expect(described.status == 200)
        #expect(described.text.contains(#"{"properties":{"kind":{"enum":["c"]}},"required":["kind"]}"#), "\(described.text)")
        #expect(described.text.contains(##""discriminator":{"propertyName":"kind","mapping":{"c":"#/$defs/TaggedC"}}"##), "\(described.text)")
        // The input schema, in the OpenAPI document, takes the tag in any case for a case-insensitive mapping.
        let api = try connection.request("GET", "/openapi.json")
        #expect(api.text.contains(#""pattern":"^(?:[cC][iI][rR][cC][lL][eE])$""#))
    }

    @Test func externalAndAdjacentTagsConvertAndGoRound() throws {
        let server = try LiveServer(schemas: fixture.url)
        let connection = try server.connect()
        for (model, payload, output) in [
            ("Layer", #"{"Circle":{"radius":2}}"#, #"{"radius":2.0}"#),
            ("Layer", #"{"blob":{"label":"b","n":1}}"#, #"{"label":"b","n":1}"#),
            ("Stamp", #"{"type":"circle","data":{"radius":2}}"#, #"{"radius":2.0}"#),
        ] {
            let converted = try connection.request("POST", "/convert/\(model)", body: payload, headers: json)
            #expect(converted.text == output, "\(model) ← \(payload)")
        }
        let reversed = try connection.request("POST", "/reverse/Stamp", body: #"{"radius":2.0}"#, headers: json)
        #expect(reversed.text == #"{"type":"circle","data":{"radius":2.0}}"#)
    }
}
