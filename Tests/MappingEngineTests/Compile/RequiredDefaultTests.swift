import Testing
@testable import MappingEngine

/// `required` together with `default` (issue 23, fourth bug): SPEC §3.4 gives the pair a
/// meaning, so it loads — a missing key is still `missing`, a null becomes the default.
@Suite struct RequiredDefaultTests {
    static let schema = "M:\n  properties:\n    name: { type: string, required: true, default: anon }\n    n: { type: int, required: true, default: 0 }\n"

    @Test func thePairLoads() throws {
        #expect(throws: Never.self) { try EngineFixture.engine(Self.schema) }
    }

    @Test func nullOnANonNullablePropertyBecomesTheDefault() throws {
        let output = try #require(EngineFixture.output(try EngineFixture.convert(#"{"name":null,"n":"null"}"#, "M", schema: Self.schema)))
        #expect(output == ["name": "anon", "n": 0])
    }

    @Test func aMissingKeyIsStillMissing() throws {
        #expect(EngineFixture.failures(try EngineFixture.convert(#"{"n":1}"#, "M", schema: Self.schema)) == [.init(.missing, "/name")])
    }
}
