import Testing
@testable import MappingEngine

/// `/reverse` under output profiles (SPEC §10: it accepts both forms): a quoted integer is read
/// back for every width, not only the int64 and uint64 a profile writes as strings, since a
/// client may quote any integer it sends back; text that is not a bare number stays a string.
@Suite struct ReverseNumberStringTests {
    static let schema = """
        Counts:
          properties:
            small: int8
            medium: uint32
            large: int64
            ratio: float
            either: "int32 | string"
            list: array<int16>
        """

    static func reversed(_ json: String) throws -> String {
        let engine = try EngineFixture.engine(schema)
        switch engine.reverse(Array(json.utf8), model: "Counts", profile: OutputOptions()) {
        case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .failure(let errors): return errors.map { "\($0.code.rawValue)@\($0.path)" }.joined(separator: " ")
        default: return "not reversed"
        }
    }

    @Test func aQuotedIntegerOfAnyWidthIsReadBackAsANumber() throws {
        #expect(try Self.reversed(#"{"small":"5","medium":"7","large":"-9","list":["1",2]}"#) == #"{"small":5,"medium":7,"large":-9,"list":[1,2]}"#)
    }

    /// A union keeps its natural form on the way back too: `"3"` is its string branch.
    @Test func aUnionsStringStaysAString() throws {
        #expect(try Self.reversed(#"{"either":"3"}"#) == #"{"either":"3"}"#)
    }

    @Test(arguments: [
        (#"{"small":"5x"}"#, "type_mismatch@/small"),
        (#"{"small":" 5"}"#, "type_mismatch@/small"),
        (#"{"ratio":"1.5"}"#, "type_mismatch@/ratio"),
    ])
    func textThatIsNotABareIntegerIsRefused(input: String, expected: String) throws {
        #expect(try Self.reversed(input) == expected)
    }
}
