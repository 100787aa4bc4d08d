import Testing
@testable import MappingEngine

/// An error's `input` quotes a long string as the string cut to 100 characters, never as its
/// JSON text cut short with an open quote (issue 23, third bug).
@Suite struct CutStringTests {
    static let schema = "M:\n  properties:\n    s: { type: string, maxLength: 2 }\n    n: int\n"

    /// The `input` member of the one error converting `payload` gives, as the service writes it.
    private func input(_ payload: String) throws -> JSONValue? {
        guard case .failure(let errors) = try EngineFixture.convert(payload, "M", schema: Self.schema), errors.count == 1 else {
            Issue.record("expected one error")
            return nil
        }
        return ResultJSON.error(errors[0])["input"]
    }

    @Test(arguments: [
        (String(repeating: "a", count: 150), String(repeating: "a", count: 100)),
        (String(repeating: #"\""#, count: 150), String(repeating: "\"", count: 100)),
        (String(repeating: "é", count: 150), String(repeating: "é", count: 100)),
        (String(repeating: #"\u00e9"#, count: 101), String(repeating: "é", count: 100)),
        ("ab" + String(repeating: "🙂", count: 120), "ab" + String(repeating: "🙂", count: 98)),
    ])
    func aLongStringIsCutAsAValue(_ text: String, _ quoted: String) throws {
        #expect(try input(#"{"s":"\#(text)"}"#) == .string(quoted))
    }

    @Test func aShortStringIsQuotedWhole() throws {
        #expect(try input(#"{"s":"abc"}"#) == .string("abc"))
        #expect(try input(#"{"n":"x\"y"}"#) == .string("x\"y"))
    }

    @Test func otherValuesAreStillCutAsText() throws {
        try JSONTestSupport.withDocument(#"[[1,2,3,4,5,6,7,8,9]]"#) { document in
            #expect(document.text(1, limit: 5) == "[1,2,")
        }
    }
}
