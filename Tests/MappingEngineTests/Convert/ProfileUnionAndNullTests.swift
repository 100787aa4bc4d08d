import Testing
@testable import MappingEngine

/// Output options where they meet other features (SPEC §10 with §8 and §9): a union's
/// branches keep their natural form under any profile, and `nulls: omit` leaves out a member
/// recovered to null (`onError`) or computed to null (`compute`) as it leaves out a null value.
@Suite struct ProfileUnionAndNullTests {
    static let schema = """
        $profiles:
          lean: { nulls: omit }
        Reading:
          properties:
            value: "int64 | string"
            amount: "decimal | bool"
            counts: "array<uint64> | string"
            big: int64
        Stock:
          properties:
            big: int64
            stock: { type: "int32?", onError: null }
            spare: { type: "int32?", default: null, onError: default }
            note: string?
            label: { type: "string?", compute: "has(self.note) ? 'noted' : null" }
        """

    static func engine() throws -> Engine { try EngineFixture.engine(schema) }

    /// The output of `json` through `model` under `profile`, and its warnings as `action@path`.
    static func convert(_ engine: Engine, _ json: String, _ model: String, profile: String?) throws -> (output: String, warnings: [String]) {
        let model = try engine.model(named: model, profile: profile).get()
        let workspace = Workspace()
        return Array(json.utf8).withUnsafeBufferPointer { input in
            switch engine.convert(input, model: model, workspace: workspace) {
            case .success(let success):
                (String(decoding: success.output, as: UTF8.self), success.warnings.map { "\($0.action.rawValue)@\($0.path)" })
            case .failure(let errors):
                (errors.map { "\($0.code.rawValue)@\($0.path)" }.joined(separator: " "), [])
            default:
                ("not converted", [])
            }
        }
    }

    /// Under `js` the int64 branch of `int64 | string` stays a number: quoted, it would read as
    /// the string branch. A plain int64 beside it is quoted.
    @Test(arguments: [
        (#"{"value": 5, "big": 5}"#, #"{"value":5,"big":"5"}"#),
        (#"{"value": "5", "big": "5"}"#, #"{"value":"5","big":"5"}"#),
        (#"{"amount": 1.50}"#, #"{"amount":1.50}"#),
        (#"{"counts": [18446744073709551615]}"#, #"{"counts":[18446744073709551615]}"#),
    ])
    func unionBranchesKeepTheirNaturalFormUnderAProfile(input: String, expected: String) throws {
        let engine = try Self.engine()
        #expect(try Self.convert(engine, input, "Reading", profile: "js").output == expected)
    }

    @Test func aUnionsReverseAndSchemaAreTheNaturalOnesUnderAProfile() throws {
        let engine = try Self.engine()
        let js = OutputProfile.js.options
        let reversed = engine.reverse(Array(#"{"value":"5","big":"5"}"#.utf8), model: "Reading", profile: js)
        guard case .success(let bytes) = reversed else {
            Issue.record("expected a reverse, got \(reversed)")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(#"{"value":"5","big":5"#))
        let profiled = try #require(JSONSchemaExporter(registry: engine.registry, profile: js).schema(for: "Reading"))
        let plain = try #require(JSONSchemaExporter(registry: engine.registry).schema(for: "Reading"))
        #expect(profiled["properties"]?["value"] == plain["properties"]?["value"])
        #expect(profiled["properties"]?["counts"] == plain["properties"]?["counts"])
        #expect(profiled["properties"]?["big"] == (try EngineFixture.json(#"{"type":"string","format":"int64"}"#)))
    }

    /// `onError: null` and a `default: null` recovery write null without `omit`, and nothing
    /// under it; the warning says what the client receives.
    @Test(arguments: [
        (nil as String?, #"{"big":1,"stock":null,"spare":null,"label":null}"#, ["nulled@/stock", "defaulted@/spare"]),
        ("lean", #"{"big":1}"#, ["omitted@/stock", "omitted@/spare"]),
    ])
    func aValueRecoveredToNullIsLeftOutUnderOmit(profile: String?, output: String, warnings: [String]) throws {
        let got = try Self.convert(try Self.engine(), #"{"big": 1, "stock": "many", "spare": "few"}"#, "Stock", profile: profile)
        #expect(got.output == output)
        #expect(got.warnings == warnings)
    }

    @Test func aRecoveryUnderTheModelsOwnOmitLeavesTheMemberOut() throws {
        let engine = try EngineFixture.engine("""
            Stock: { output: { nulls: omit }, properties: { id: int64, count: { type: "int32?", onError: null } } }
            """)
        let got = try #require(EngineFixture.recovered(#"{"id": 1, "count": 2.5}"#, "Stock", engine: engine))
        #expect(got.output == #"{"id":1}"#)
        #expect(got.warnings.map(\.action) == [.omitted])
    }

    /// A nullable computed member that evaluates to null is written as null, and left out under `omit`.
    @Test(arguments: [
        (nil as String?, #"{"big":1,"note":null}"#, #"{"big":1,"spare":null,"note":null,"label":null}"#),
        ("lean", #"{"big":1,"note":null}"#, #"{"big":1}"#),
        ("lean", #"{"big":1,"note":"hi"}"#, #"{"big":1,"note":"hi","label":"noted"}"#),
    ])
    func aMemberComputedToNullIsWrittenAsNullOrLeftOut(profile: String?, input: String, expected: String) throws {
        #expect(try Self.convert(try Self.engine(), input, "Stock", profile: profile).output == expected)
    }
}
