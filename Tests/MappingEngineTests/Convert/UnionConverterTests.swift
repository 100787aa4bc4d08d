import Testing
@testable import MappingEngine

/// SPEC §9: a union's branch is chosen by the input's JSON type, in strict and lax mode alike;
/// the branch then converts as its type does in the request's mode, and a type no branch takes
/// is `type_mismatch`. `N` is the fixture's nested model (`a: int32, b: string`).
@Suite struct UnionConverterTests {
    static let accepts: [AcceptRow] = both([
        ("int64 | string", "42", "42"),
        // A string goes to the string branch: never read as a number, whatever it holds.
        ("int64 | string", #""42""#, #""42""#),
        ("int64 | string", #""abc""#, #""abc""#),
        ("int64 | string", "9223372036854775807", "9223372036854775807"),
        ("int64 | string", "-9223372036854775808", "-9223372036854775808"),
        ("string | N", #""Ada""#, #""Ada""#),
        ("string | N", #"{"a": 1, "b": "x"}"#, #"{"a": 1, "b": "x"}"#),
        ("array<N> | string", #""x""#, #""x""#),
        ("array<N> | string", #"[{"a": 1}, {"b": "y"}]"#, #"[{"a": 1}, {"b": "y"}]"#),
        ("bool | int64", "true", "true"),
        ("bool | int64", "1", "1"),
        ("decimal | bool", #""1.50""#, "1.50"),
        ("decimal | bool", "0.1000000000000000055511151231257827", "0.1000000000000000055511151231257827"),
        ("date | int64", #""2015-09-16T12:20:09+08:00""#, #""2015-09-16T04:20:09Z""#),
        ("date | int64", "1442377209", "1442377209"),
        ("int64 | string?", "null", "null"),
        ("array<int64 | string>", #"[1, "2", "x"]"#, #"[1, "2", "x"]"#),
        ("array<int64 | string?>", #"[null, 1]"#, #"[null, 1]"#),
        ("set<int64 | string>", #"[1, "1", 1, "1"]"#, #"[1, "1"]"#),
        ("map<int64 | N>", #"{"a": 1, "b": {"a": 2}}"#, #"{"a": 1, "b": {"a": 2}}"#),
        ("array<array<int64> | string>", #"[[1], "x", []]"#, #"[[1], "x", []]"#),
    ]) + [
        // Each branch converts in the request's mode: lax coercions within the branch's JSON type.
        AcceptRow("int64 | string", .lax, "1.0", "1"),
        AcceptRow("string | N", .lax, #"{"a": "7"}"#, #"{"a": 7}"#),
        // A null word is null unless a branch keeps it as text, as the branch alone would.
        AcceptRow("int64 | date?", .lax, #""nil""#, "null"),
        AcceptRow("int64 | date", .lax, #""nil""#, nil),
        AcceptRow("int64 | string?", .lax, #""nil""#, #""nil""#),
        AcceptRow("int64 | string", .lax, "null", nil),
        AcceptRow(#"{ type: "int64 | string", default: "none" }"#, .lax, "null", #""none""#),
    ]

    static let rejects: [RejectRow] = bothRejected([
        // Lax mode's string and integer would each take a boolean, but no branch takes that JSON type.
        ("int64 | string", "true", .typeMismatch, "/v"),
        ("int64 | string", "{}", .typeMismatch, "/v"),
        ("int64 | string", "[1]", .typeMismatch, "/v"),
        ("int64 | string", "1.5", .lossyConversion, "/v"),
        ("int64 | string", "99999999999999999999", .outOfRange, "/v"),
        // Lax mode reads PHP's `[]` as an empty model, but the array type picks no branch here.
        ("string | N", "[]", .typeMismatch, "/v"),
        ("array<int64 | string>", "[1, true]", .typeMismatch, "/v/1"),
        ("array<int64 | string>", "[1, null]", .nullNotAllowed, "/v/1"),
        ("map<int64 | N>", #"{"k": "x"}"#, .typeMismatch, "/v/k"),
        ("map<int64 | N>", #"{"k": {"a": []}}"#, .typeMismatch, "/v/k/a"),
        ("date | int64", #""soon""#, .invalidDate, "/v"),
    ]) + [
        RejectRow("string | N", .lax, #"{"a": "x"}"#, .invalidNumber, at: "/v/a"),
        RejectRow("int64 | string", .strict, "1e400", .outOfRange),
        RejectRow("string | N", .strict, #"{"a": "7"}"#, .typeMismatch, at: "/v/a"),
        RejectRow("int64 | date", .strict, #""nil""#, .invalidDate),
        // A strict property has no null words in lax mode either: the text goes to its branch.
        RejectRow(#"{ type: "int64 | date", strict: true }"#, .lax, #""nil""#, .invalidDate),
    ]

    @Test(arguments: accepts)
    func accepted(_ row: AcceptRow) throws { try row.check() }

    @Test(arguments: rejects)
    func rejected(_ row: RejectRow) throws { try row.check() }

    @Test func aValueNoBranchTakesNamesTheUnion() throws {
        let result = try EngineFixture.convertValue("int64 | string | N", "true", mode: .lax)
        guard case .failure(let errors) = result else {
            Issue.record("expected failure, got \(EngineFixture.describe(result))")
            return
        }
        #expect(errors.map(\.message) == ["expected int64 | string | N, got boolean"])
    }

    static func both(_ rows: [(String, String, String)]) -> [AcceptRow] {
        rows.flatMap { row in ConversionOptions.Mode.allCases.map { AcceptRow(row.0, $0, row.1, row.2) } }
    }

    static func bothRejected(_ rows: [(String, String, ErrorCode, String)]) -> [RejectRow] {
        rows.flatMap { row in ConversionOptions.Mode.allCases.map { RejectRow(row.0, $0, row.1, row.2, at: row.3) } }
    }
}

/// SPEC §8 with §9: rules see a union-typed property as `dyn`, holding whichever branch the
/// input chose.
@Suite struct UnionExpressionTests {
    static let schema = """
        Post:
          properties:
            author: "string | Author"
          rules:
            - { rule: "type(self.author) == string ? self.author != '' : self.author.name != ''", code: anonymous }
        Author:
          properties:
            name: string
        """

    @Test(arguments: [(#""Ada""#, true), (#"{"name": "Ada"}"#, true), (#""""#, false), (#"{"name": ""}"#, false)])
    func aRuleReadsEitherBranch(_ author: String, _ holds: Bool) throws {
        let result = try EngineFixture.convert(#"{"author": \#(author)}"#, "Post", schema: Self.schema)
        if holds {
            #expect(EngineFixture.output(result) != nil)
        } else {
            guard case .failure(let errors) = result else {
                Issue.record("expected the rule to fail, got \(EngineFixture.describe(result))")
                return
            }
            #expect(errors.map(\.code) == [.ruleFailed])
            #expect(errors.map(\.ruleCode) == ["anonymous"])
        }
    }
}
