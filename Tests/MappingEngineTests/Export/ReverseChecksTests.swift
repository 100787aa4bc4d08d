import Testing
@testable import MappingEngine

/// `reverse` refuses what conversion never writes, so its answer is always an upstream shape the
/// model reads (the OpenAPI document's `{Model}-Input`), never a copy of a wrong value.
@Suite struct ReverseChecksTests {
    static let schema = """
        Account:
          keys: snake_case
          properties:
            login: { type: string, required: true }
            admin: bool
            karma: int32
            balance: decimal
            homepage: "url?"
            tags: "array<string>"
            notes: "array<string?>"
            limits: "map<uint16>"
            extra: any
        """

    static func reversed(_ normalized: String) throws -> Engine.ReverseResult {
        try EngineFixture.engine(schema).reverse(Array(normalized.utf8), model: "Account")
    }

    static let refusals: [(normalized: String, code: ErrorCode, path: String)] = [
        (#"{"admin":true}"#, .missing, "/login"),
        (#"{"login":"a","admin":[]}"#, .typeMismatch, "/admin"),
        (#"{"login":"a","admin":"yes"}"#, .typeMismatch, "/admin"),
        (#"{"login":{"x":1}}"#, .typeMismatch, "/login"),
        // A quoted integer (`"3"`) is read back (ReverseNumberStringTests); other text is not.
        (#"{"login":"a","karma":"three"}"#, .typeMismatch, "/karma"),
        (#"{"login":"a","homepage":7}"#, .typeMismatch, "/homepage"),
        (#"{"login":"a","tags":["x",null]}"#, .nullNotAllowed, "/tags/1"),
        (#"{"login":"a","tags":["x",2]}"#, .typeMismatch, "/tags/1"),
        (#"{"login":"a","limits":{"a":null}}"#, .nullNotAllowed, "/limits/a"),
        (#"[{"login":"a"},{"login":false}]"#, .typeMismatch, "/1/login"),
        (#"{"login":"a","nickname":"x"}"#, .unknownKey, "/nickname"),
    ]

    @Test(arguments: refusals)
    func whatConversionNeverWritesIsRefused(_ refusal: (normalized: String, code: ErrorCode, path: String)) throws {
        guard case .failure(let errors) = try Self.reversed(refusal.normalized) else {
            Issue.record("\(refusal.normalized) was mapped back")
            return
        }
        #expect(errors.map { "\($0.code.rawValue)@\($0.path)" } == ["\(refusal.code.rawValue)@\(refusal.path)"])
    }

    @Test func whatConversionWritesIsMappedBack() throws {
        let normalized = #"{"login":"a","admin":false,"karma":-3,"balance":"1.50","homepage":null,"tags":[],"notes":["x",null],"#
            + #""limits":{"a":1},"extra":{"any":[null]}}"#
        guard case .success(let bytes) = try Self.reversed(normalized) else {
            Issue.record("\(normalized) was refused")
            return
        }
        #expect(try EngineFixture.json(String(decoding: bytes, as: UTF8.self))["notes"] == ["x", .null])
    }
}
