import Testing
@testable import MappingEngine

/// One accepted conversion: property spec (a type, or a YAML flow mapping of options), mode,
/// input value as JSON, and the output value as JSON (nil: the property is absent).
struct AcceptRow: Sendable, CustomTestStringConvertible {
    let property: String
    let mode: ConversionOptions.Mode
    let input: String
    let output: String?

    init(_ property: String, _ mode: ConversionOptions.Mode, _ input: String, _ output: String?) {
        self.property = property
        self.mode = mode
        self.input = input
        self.output = output
    }

    var testDescription: String { "\(property) ← \(input) [\(mode.rawValue)] → \(output ?? "absent")" }

    func check(numeric: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try EngineFixture.expectAccepted(property, input, output, mode: mode, numeric: numeric, sourceLocation: sourceLocation)
    }
}

/// One rejected conversion: the single error expected, by code and output path.
struct RejectRow: Sendable, CustomTestStringConvertible {
    let property: String
    let mode: ConversionOptions.Mode
    let input: String
    let code: ErrorCode
    let path: String

    init(_ property: String, _ mode: ConversionOptions.Mode, _ input: String, _ code: ErrorCode, at path: String = "/v") {
        self.property = property
        self.mode = mode
        self.input = input
        self.code = code
        self.path = path
    }

    var testDescription: String { "\(property) ← \(input) [\(mode.rawValue)] ✗ \(code.rawValue)@\(path)" }

    func check(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try EngineFixture.expectRejected(property, input, code, at: path, mode: mode, sourceLocation: sourceLocation)
    }
}

/// SPEC §3.1–3.2: every converter kind, accepted and rejected inputs, lax and strict.
@Suite struct ConverterTableTests {
    // MARK: bool

    static let boolAcceptsRows: [AcceptRow] = [
        .init("bool", .lax, "true", "true"), .init("bool", .lax, "false", "false"),
        .init("bool", .lax, "1", "true"), .init("bool", .lax, "0", "false"),
        .init("bool", .lax, #""true""#, "true"), .init("bool", .lax, #""TRUE""#, "true"),
        .init("bool", .lax, #""False""#, "false"), .init("bool", .lax, #""yes""#, "true"),
        .init("bool", .lax, #""YES""#, "true"), .init("bool", .lax, #""no""#, "false"),
        .init("bool", .lax, #""on""#, "true"), .init("bool", .lax, #""Off""#, "false"),
        .init("bool", .lax, #""1""#, "true"), .init("bool", .lax, #""0""#, "false"),
        .init("bool", .lax, #""t""#, "true"), .init("bool", .lax, #""F""#, "false"),
        .init("bool", .lax, #""y""#, "true"), .init("bool", .lax, #""N""#, "false"),
        .init("bool", .strict, "true", "true"), .init("bool", .strict, "false", "false"),
    ]
    static let boolRejectsRows: [RejectRow] = [
        .init("bool", .lax, "2", .invalidBool), .init("bool", .lax, "-1", .invalidBool),
        .init("bool", .lax, "0.5", .invalidBool), .init("bool", .lax, #""maybe""#, .invalidBool),
        .init("bool", .lax, #""""#, .invalidBool), .init("bool", .lax, #""2""#, .invalidBool),
        .init("bool", .lax, #""yess""#, .invalidBool),
        .init("bool", .strict, "1", .typeMismatch), .init("bool", .strict, #""true""#, .typeMismatch),
        .init("bool", .strict, #""yes""#, .typeMismatch),
    ]
    @Test(arguments: boolAcceptsRows) func boolAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: boolRejectsRows) func boolRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: integers, every width

    static let integerAcceptsRows: [AcceptRow] = [
        .init("int8", .lax, "127", "127"), .init("int8", .lax, "-128", "-128"),
        .init("int8", .lax, #""127""#, "127"), .init("int8", .lax, #"" -128 ""#, "-128"),
        .init("int8", .lax, #""+5""#, "5"), .init("int8", .lax, "1.0", "1"), .init("int8", .lax, "1e2", "100"),
        .init("int8", .lax, "1.5e1", "15"), .init("int8", .lax, "100e-2", "1"),
        .init("int8", .lax, "true", "1"), .init("int8", .lax, "false", "0"), .init("int8", .lax, #""007""#, "7"),
        .init("int16", .lax, "32767", "32767"), .init("int16", .lax, "-32768", "-32768"),
        .init("int16", .lax, #""-32768""#, "-32768"), .init("int16", .lax, "1e3", "1000"),
        .init("int16", .lax, #""1e3""#, "1000"), .init("int16", .lax, #""-2.0""#, "-2"),
        .init("int32", .lax, "2147483647", "2147483647"), .init("int32", .lax, "-2147483648", "-2147483648"),
        .init("int32", .lax, #""2147483647""#, "2147483647"),
        .init("int64", .lax, "9223372036854775807", "9223372036854775807"),
        .init("int64", .lax, "-9223372036854775808", "-9223372036854775808"),
        .init("int64", .lax, #""-9223372036854775808""#, "-9223372036854775808"),
        .init("int", .lax, "9223372036854775807", "9223372036854775807"),
        .init("uint8", .lax, "255", "255"), .init("uint8", .lax, "0", "0"), .init("uint8", .lax, #""255""#, "255"),
        .init("uint16", .lax, "65535", "65535"), .init("uint16", .lax, #""65535""#, "65535"),
        .init("uint32", .lax, "4294967295", "4294967295"), .init("uint32", .lax, #""4294967295""#, "4294967295"),
        .init("uint64", .lax, "18446744073709551615", "18446744073709551615"),
        .init("uint64", .lax, #""18446744073709551615""#, "18446744073709551615"),
        // Around the plain-literal fast path: the longest literal every value of which fits, one
        // digit more (read and range-checked), zero and negative zero.
        .init("int8", .lax, "99", "99"), .init("int8", .lax, "100", "100"), .init("int8", .lax, "-0", "0"),
        .init("uint8", .lax, "99", "99"), .init("uint8", .lax, "100", "100"), .init("uint8", .lax, "-0", "0"),
        .init("int16", .lax, "9999", "9999"), .init("uint16", .lax, "10000", "10000"),
        .init("int32", .lax, "999999999", "999999999"), .init("int32", .lax, "1000000000", "1000000000"),
        .init("uint32", .lax, "999999999", "999999999"), .init("uint32", .lax, "1000000000", "1000000000"),
        .init("int64", .lax, "999999999999999999", "999999999999999999"),
        .init("int64", .lax, "1000000000000000000", "1000000000000000000"),
        .init("uint64", .lax, "9999999999999999999", "9999999999999999999"),
        .init("uint64", .lax, "10000000000000000000", "10000000000000000000"),
        .init("uint64", .strict, "0", "0"), .init("int32", .strict, "7", "7"),
        // Around the digit-string fast path: 18 and 19 digits, zero, leading zeros, an escape.
        .init("uint64", .lax, #""999999999999999999""#, "999999999999999999"),
        .init("uint64", .lax, #""1000000000000000000""#, "1000000000000000000"),
        .init("uint8", .lax, #""0""#, "0"), .init("int8", .lax, #""00""#, "0"),
        .init("int8", .lax, #""1\u0032""#, "12"),
        .init("int8", .strict, "127", "127"), .init("int8", .strict, "-128", "-128"),
        .init("int32", .strict, "-2147483648", "-2147483648"), .init("int32", .strict, "1.0", "1"),
        .init("int32", .strict, "1e3", "1000"),
        .init("uint64", .strict, "18446744073709551615", "18446744073709551615"),
    ]
    static let integerRejectsRows: [RejectRow] = [
        .init("int8", .lax, "128", .outOfRange), .init("int8", .lax, "-129", .outOfRange),
        .init("int8", .lax, #""128""#, .outOfRange), .init("int8", .lax, "1e3", .outOfRange),
        .init("int16", .lax, "32768", .outOfRange), .init("int16", .lax, "-32769", .outOfRange),
        .init("int32", .lax, "2147483648", .outOfRange), .init("int32", .lax, "-2147483649", .outOfRange),
        .init("int64", .lax, "9223372036854775808", .outOfRange),
        .init("int64", .lax, "-9223372036854775809", .outOfRange),
        .init("uint8", .lax, "256", .outOfRange), .init("uint8", .lax, "-1", .outOfRange),
        .init("uint16", .lax, "65536", .outOfRange), .init("uint16", .lax, "-1", .outOfRange),
        .init("uint32", .lax, "4294967296", .outOfRange), .init("uint32", .lax, #""-1""#, .outOfRange),
        .init("uint32", .lax, #""4294967296""#, .outOfRange),
        .init("uint64", .lax, "18446744073709551616", .outOfRange), .init("uint64", .lax, "-1", .outOfRange),
        .init("int32", .lax, "1.5", .lossyConversion), .init("int32", .lax, #""1.5""#, .lossyConversion),
        .init("uint8", .lax, "0.1", .lossyConversion), .init("int64", .lax, "1e-1", .lossyConversion),
        .init("int32", .lax, #""0x1F""#, .invalidNumber), .init("int32", .lax, #""1_000""#, .invalidNumber),
        .init("int32", .lax, #""abc""#, .invalidNumber), .init("int32", .lax, #""""#, .invalidNumber),
        .init("int32", .lax, #""1 2""#, .invalidNumber), .init("int32", .lax, #""--1""#, .invalidNumber),
        .init("int32", .lax, "[]", .typeMismatch), .init("int32", .lax, "{}", .typeMismatch),
        .init("int32", .lax, "[1]", .typeMismatch),
        .init("int32", .strict, #""5""#, .typeMismatch), .init("int32", .strict, "true", .typeMismatch),
        .init("int32", .strict, "1.5", .lossyConversion), .init("int8", .strict, "128", .outOfRange),
        .init("uint32", .strict, "-1", .outOfRange),
    ]
    @Test(arguments: integerAcceptsRows) func integerAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: integerRejectsRows) func integerRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: float and double (compared by value: `3` and `3.0` are the same number)

    static let floatAcceptsRows: [AcceptRow] = [
        .init("float", .lax, "1.5", "1.5"), .init("float", .lax, #""2.25""#, "2.25"), .init("float", .lax, "3", "3"),
        .init("float", .lax, "-0.5", "-0.5"), .init("float", .lax, "3.4e38", "3.4e38"), .init("float", .lax, #""1e3""#, "1000"),
        .init("float", .strict, "1.5", "1.5"), .init("float", .strict, "2", "2"),
    ]
    static let doubleAcceptsRows: [AcceptRow] = [
        .init("double", .lax, "0.6", "0.6"), .init("double", .lax, #""0.6""#, "0.6"), .init("double", .lax, "1e308", "1e308"),
        .init("double", .lax, "-1e308", "-1e308"), .init("double", .lax, "2.5e-3", "0.0025"),
        .init("double", .lax, #""-1.5e3""#, "-1500"),
        .init("double", .strict, "1", "1"), .init("double", .strict, "0.25", "0.25"),
    ]
    static let floatRejectsRows: [RejectRow] = [
        .init("float", .lax, "1e39", .outOfRange), .init("float", .lax, #""1e39""#, .outOfRange),
        .init("float", .lax, #""NaN""#, .outOfRange), .init("float", .lax, #""nan""#, .outOfRange),
        .init("float", .lax, #""Infinity""#, .outOfRange), .init("float", .lax, #""-Infinity""#, .outOfRange),
        .init("float", .lax, #""abc""#, .invalidNumber), .init("float", .lax, #""""#, .invalidNumber),
        .init("float", .lax, #""1,5""#, .invalidNumber), .init("float", .lax, "[]", .typeMismatch),
        .init("float", .strict, #""1.5""#, .typeMismatch),
    ]
    static let doubleRejectsRows: [RejectRow] = [
        .init("double", .lax, "1e309", .outOfRange), .init("double", .lax, "-1e309", .outOfRange),
        .init("double", .lax, #""NaN""#, .outOfRange), .init("double", .lax, #""Infinity""#, .outOfRange),
        .init("double", .lax, #""-Infinity""#, .outOfRange), .init("double", .lax, #""1.2.3""#, .invalidNumber),
        .init("double", .lax, #""abc""#, .invalidNumber), .init("double", .lax, "{}", .typeMismatch),
        .init("double", .strict, #""0.6""#, .typeMismatch), .init("double", .strict, "true", .typeMismatch),
    ]
    @Test(arguments: floatAcceptsRows) func floatAccepts(_ row: AcceptRow) throws { try row.check(numeric: true) }
    @Test(arguments: floatRejectsRows) func floatRejects(_ row: RejectRow) throws { try row.check() }
    @Test(arguments: doubleAcceptsRows) func doubleAccepts(_ row: AcceptRow) throws { try row.check(numeric: true) }
    @Test(arguments: doubleRejectsRows) func doubleRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: decimal (digits compared exactly)

    static let decimalAcceptsRows: [AcceptRow] = [
        .init("decimal", .lax, "19.90", "19.90"), .init("decimal", .lax, #""19.90""#, "19.90"),
        .init("decimal", .lax, "0.1", "0.1"), .init("decimal", .lax, "-0.000001", "-0.000001"),
        .init("decimal", .lax, "0", "0"), .init("decimal", .lax, #""-7""#, "-7"),
        .init("decimal", .lax, "123456789012345678901234567890.123456789", "123456789012345678901234567890.123456789"),
        .init("decimal", .strict, "19.90", "19.90"), .init("decimal", .strict, #""19.90""#, "19.90"),
    ]
    static let decimalRejectsRows: [RejectRow] = [
        .init("decimal", .lax, #""abc""#, .invalidNumber), .init("decimal", .lax, #""""#, .invalidNumber),
        .init("decimal", .lax, #""1.2.3""#, .invalidNumber), .init("decimal", .lax, #""NaN""#, .invalidNumber),
        .init("decimal", .lax, #""0x10""#, .invalidNumber), .init("decimal", .lax, "[]", .typeMismatch),
        .init("decimal", .lax, "{}", .typeMismatch), .init("decimal", .strict, "true", .typeMismatch),
    ]
    @Test(arguments: decimalAcceptsRows) func decimalAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: decimalRejectsRows) func decimalRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: string

    static let stringAcceptsRows: [AcceptRow] = [
        .init("string", .lax, #""abc""#, #""abc""#), .init("string", .lax, "42", #""42""#),
        .init("string", .lax, "4.50", #""4.50""#), .init("string", .lax, "1e3", #""1e3""#),
        .init("string", .lax, "1E+3", #""1E+3""#), .init("string", .lax, "-0", #""-0""#),
        .init("string", .lax, "-0.0", #""-0.0""#),
        .init("string", .lax, "12345678901234567890123", #""12345678901234567890123""#),
        .init("string", .lax, "true", #""true""#), .init("string", .lax, "false", #""false""#),
        .init("string", .lax, #""null""#, #""null""#), .init("string", .lax, #""nil""#, #""nil""#),
        .init("string", .lax, "\"\"", "\"\""), .init("string", .lax, #""a\u0062""#, #""ab""#),
        .init("string", .strict, #""abc""#, #""abc""#), .init("string", .strict, #""NULL""#, #""NULL""#),
    ]
    static let stringRejectsRows: [RejectRow] = [
        .init("string", .lax, "{}", .typeMismatch), .init("string", .lax, "[]", .typeMismatch),
        .init("string", .lax, #"["a"]"#, .typeMismatch),
        .init("string", .strict, "42", .typeMismatch), .init("string", .strict, "true", .typeMismatch),
    ]
    @Test(arguments: stringAcceptsRows) func stringAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: stringRejectsRows) func stringRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: date (SPEC §3.3; the date parser has its own tests)

    static let dateAcceptsRows: [AcceptRow] = [
        .init("date", .lax, #""2015-09-16T12:20:09+08:00""#, #""2015-09-16T04:20:09Z""#),
        .init("date", .lax, #""2015-09-16 04:20:09""#, #""2015-09-16T04:20:09Z""#),
        .init("date", .lax, #""2015-09-16T04:20:09.123Z""#, #""2015-09-16T04:20:09.123Z""#),
        .init("date", .lax, #""2015-09-16T04:20:09.000Z""#, #""2015-09-16T04:20:09Z""#),
        .init("date", .lax, #""2015-09-16""#, #""2015-09-16T00:00:00Z""#),
        .init("date", .lax, #""Wed Sep 16 12:20:09 +0800 2015""#, #""2015-09-16T04:20:09Z""#),
        .init("date", .lax, #""Sun, 06 Nov 1994 08:49:37 GMT""#, #""1994-11-06T08:49:37Z""#),
        .init("date", .lax, #""/Date(1508305864550+0000)/""#, #""2017-10-18T05:51:04.55Z""#),
        .init("date", .lax, "1442377209", #""2015-09-16T04:20:09Z""#),
        .init("date", .lax, "1442377209000", #""2015-09-16T04:20:09Z""#),
        .init("date", .lax, #""1442377209""#, #""2015-09-16T04:20:09Z""#),
        .init("date", .strict, #""2015-09-16T12:20:09+08:00""#, #""2015-09-16T04:20:09Z""#),
        .init(#"{ type: date, formats: ["dd.MM.yyyy"] }"#, .lax, #""01.06.1965""#, #""1965-06-01T00:00:00Z""#),
    ]
    static let dateRejectsRows: [RejectRow] = [
        .init("date", .lax, #""yesterday""#, .invalidDate), .init("date", .lax, #""2015-13-01""#, .invalidDate),
        .init("date", .lax, #""2015-02-30""#, .invalidDate), .init("date", .lax, #""""#, .invalidDate),
        .init("date", .strict, "1442377209", .typeMismatch),
        .init(#"{ type: date, formats: ["dd.MM.yyyy"] }"#, .lax, #""1965-06-01""#, .invalidDate),
    ]
    @Test(arguments: dateAcceptsRows) func dateAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: dateRejectsRows) func dateRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: url

    static let urlAcceptsRows: [AcceptRow] = [
        .init("url", .lax, #""https://example.com/a?b=1#c""#, #""https://example.com/a?b=1#c""#),
        .init("url", .lax, #""  https://example.com/x  ""#, #""https://example.com/x""#),
        .init("url", .lax, #""mailto:a@example.com""#, #""mailto:a@example.com""#),
        // Untrimmed text is copied whole; trimmed or escaped text goes its own way.
        .init("url", .lax, #""a:b""#, #""a:b""#),
        .init("url", .lax, #"" https://e.co""#, #""https://e.co""#),
        .init("url", .lax, #""https://e.co/x ""#, #""https://e.co/x""#),
        .init("url", .lax, #""https:\/\/e.co\/x""#, #""https://e.co/x""#),
        .init("url", .lax, #""https://e.co/x\n""#, #""https://e.co/x""#),
        .init("url", .lax, #""https://example.com/a/very/long/path/that/goes/on/past/sixty/four/bytes?q=1""#,
              #""https://example.com/a/very/long/path/that/goes/on/past/sixty/four/bytes?q=1""#),
        .init("url", .lax, #""""#, nil), .init("url?", .lax, #""""#, "null"), .init("url?", .lax, #""   ""#, "null"),
        .init("url", .strict, #""https://example.com""#, #""https://example.com""#),
    ]
    static let urlRejectsRows: [RejectRow] = [
        .init("url", .lax, #""not a url""#, .invalidURL), .init("url", .lax, #""/relative/path""#, .invalidURL),
        .init("url", .lax, #""example.com""#, .invalidURL), .init("url", .lax, #""http://exa mple.com""#, .invalidURL),
        .init("url", .strict, "42", .typeMismatch),
    ]
    @Test(arguments: urlAcceptsRows) func urlAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: urlRejectsRows) func urlRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: data

    static let dataAcceptsRows: [AcceptRow] = [
        .init("data", .lax, #""aGVsbG8=""#, #""aGVsbG8=""#), .init("data", .lax, #""aGVsbG8""#, #""aGVsbG8=""#),
        .init("data", .lax, #""-_8=""#, #""+/8=""#), .init("data", .lax, #""-_8""#, #""+/8=""#),
        .init("data", .lax, "\"\"", "\"\""), .init("data", .strict, #""aGVsbG8=""#, #""aGVsbG8=""#),
    ]
    static let dataRejectsRows: [RejectRow] = [
        .init("data", .lax, #""@@@@""#, .invalidBase64), .init("data", .lax, #""a""#, .invalidBase64),
        .init("data", .lax, #""aGVsbG8=x""#, .invalidBase64), .init("data", .strict, #""@@@@""#, .invalidBase64),
    ]
    @Test(arguments: dataAcceptsRows) func dataAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: dataRejectsRows) func dataRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: any (nothing is rejected: every JSON value passes verbatim)

    static let anyAcceptsRows: [AcceptRow] = [
        .init("any", .lax, #"{"a":[1,"x",null],"b":{}}"#, #"{"a":[1,"x",null],"b":{}}"#),
        .init("any", .lax, "1.50", "1.50"), .init("any", .lax, "1e400", "1e400"),
        .init("any", .lax, #""null""#, #""null""#), .init("any", .lax, "[]", "[]"), .init("any", .lax, "true", "true"),
        .init("any", .strict, #"{"a":1}"#, #"{"a":1}"#), .init("any", .strict, #""x""#, #""x""#),
    ]
    @Test(arguments: anyAcceptsRows) func anyAccepts(_ row: AcceptRow) throws { try row.check() }

    // MARK: nested model (N has `a: int32`, `b: string`)

    static let modelAcceptsRows: [AcceptRow] = [
        .init("N", .lax, #"{"a":"5","b":"x"}"#, #"{"a":5,"b":"x"}"#), .init("N", .lax, "{}", "{}"),
        .init("N", .lax, "[]", "{}"), .init("N", .lax, #"{"a":1,"zzz":2}"#, #"{"a":1}"#),
        .init("array<N>", .lax, #"[[],{"a":1}]"#, #"[{},{"a":1}]"#),
        .init("N", .strict, #"{"a":5}"#, #"{"a":5}"#),
    ]
    static let modelRejectsRows: [RejectRow] = [
        .init("N", .lax, #""x""#, .typeMismatch), .init("N", .lax, "5", .typeMismatch),
        .init("N", .lax, "[1]", .typeMismatch), .init("N", .lax, "[{}]", .typeMismatch),
        .init("N", .lax, #"{"a":"x"}"#, .invalidNumber, at: "/v/a"),
        .init("N", .strict, "[]", .typeMismatch), .init("N", .strict, #"{"a":"5"}"#, .typeMismatch, at: "/v/a"),
    ]
    @Test(arguments: modelAcceptsRows) func modelAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: modelRejectsRows) func modelRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: array

    static let arrayAcceptsRows: [AcceptRow] = [
        .init("array<int32>", .lax, #"[1,"2",3.0]"#, "[1,2,3]"), .init("array<int32>", .lax, "[]", "[]"),
        .init("array<int32?>", .lax, #"[1,null,"nil"]"#, "[1,null,null]"),
        .init("array<array<int32>>", .lax, #"[[1],[],["2"]]"#, "[[1],[],[2]]"),
        .init("array<string>", .lax, #"["a","a"]"#, #"["a","a"]"#),
        .init("array<N>", .lax, #"[{"a":1},{"b":2}]"#, #"[{"a":1},{"b":"2"}]"#),
        .init("array<int32>", .strict, "[1,2]", "[1,2]"),
    ]
    static let arrayRejectsRows: [RejectRow] = [
        .init("array<int32>", .lax, #""x""#, .typeMismatch), .init("array<int32>", .lax, "{}", .typeMismatch),
        .init("array<int32>", .lax, "5", .typeMismatch),
        .init("array<int32>", .lax, #"[1,"x"]"#, .invalidNumber, at: "/v/1"),
        .init("array<int32>", .lax, "[1,null]", .nullNotAllowed, at: "/v/1"),
        .init("array<array<int32>>", .lax, #"[[1],[2,"x"]]"#, .invalidNumber, at: "/v/1/1"),
        .init("array<N>", .lax, #"[{"a":"x"}]"#, .invalidNumber, at: "/v/0/a"),
        .init("array<int32>", .strict, #"[1,"2"]"#, .typeMismatch, at: "/v/1"),
    ]
    @Test(arguments: arrayAcceptsRows) func arrayAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: arrayRejectsRows) func arrayRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: set (duplicates of the converted value dropped, first occurrence kept)

    static let setAcceptsRows: [AcceptRow] = [
        .init("set<string>", .lax, #"["a","b","a"]"#, #"["a","b"]"#),
        .init("set<int32>", .lax, #"[1,"1",2,1.0]"#, "[1,2]"),
        .init("set<N>", .lax, #"[{"a":1},{"a":"1"},{"a":2}]"#, #"[{"a":1},{"a":2}]"#),
        .init("set<string>", .lax, "[]", "[]"), .init("set<int32>", .strict, "[3,3]", "[3]"),
    ]
    static let setRejectsRows: [RejectRow] = [
        .init("set<int32>", .lax, #""x""#, .typeMismatch),
        .init("set<int32>", .lax, #"[1,"x"]"#, .invalidNumber, at: "/v/1"),
        .init("set<int32>", .strict, #"["1"]"#, .typeMismatch, at: "/v/0"),
    ]
    @Test(arguments: setAcceptsRows) func setAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: setRejectsRows) func setRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: map

    static let mapAcceptsRows: [AcceptRow] = [
        .init("map<int32>", .lax, #"{"a":1,"b":"2"}"#, #"{"a":1,"b":2}"#), .init("map<int32>", .lax, "{}", "{}"),
        .init("map<N>", .lax, #"{"k":{"a":"1"}}"#, #"{"k":{"a":1}}"#),
        .init("map<int32?>", .lax, #"{"a":null}"#, #"{"a":null}"#),
        .init("map<array<int32>>", .lax, #"{"a":[1,"2"]}"#, #"{"a":[1,2]}"#),
        .init("map<int32>", .lax, #"{"a\"b":"1","\u00e9":2}"#, #"{"a\"b":1,"é":2}"#),
        .init("map<int32>", .strict, #"{"a":1}"#, #"{"a":1}"#),
        // Duplicate keys: the last one wins, whether the keys are written alike or not.
        .init("map<int32>", .lax, #"{"a":1,"b":2,"a":3}"#, #"{"b":2,"a":3}"#),
        .init("map<int32>", .lax, #"{"a":1,"\u0061":2,"ab":3}"#, #"{"a":2,"ab":3}"#),
        .init("map<int32>", .lax, #"{"\u0061":1,"a":2}"#, #"{"a":2}"#),
        .init("map<int32>", .lax, #"{"abcdefghijklmnopq":1,"abcdefghijklmnopQ":2,"abcdefghijklmnopq":3}"#,
              #"{"abcdefghijklmnopQ":2,"abcdefghijklmnopq":3}"#),
        .init("map<int32>", .lax, #"{"abcdefgh1":1,"abcdefgh2":2,"abc":3,"abd":4,"":5,"":6}"#,
              #"{"abcdefgh1":1,"abcdefgh2":2,"abc":3,"abd":4,"":6}"#),
    ]
    static let mapRejectsRows: [RejectRow] = [
        .init("map<int32>", .lax, "[]", .typeMismatch), .init("map<int32>", .lax, #""x""#, .typeMismatch),
        .init("map<int32>", .lax, #"{"a":"x"}"#, .invalidNumber, at: "/v/a"),
        .init("map<int32>", .lax, #"{"a":null}"#, .nullNotAllowed, at: "/v/a"),
        .init("map<int32>", .lax, #"{"a/b~c":"x"}"#, .invalidNumber, at: "/v/a~1b~0c"),
        .init("map<int32>", .strict, #"{"a":"1"}"#, .typeMismatch, at: "/v/a"),
    ]
    @Test(arguments: mapAcceptsRows) func mapAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: mapRejectsRows) func mapRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: nullable

    static let nullableAcceptsRows: [AcceptRow] = [
        .init("int32?", .lax, "null", "null"), .init("string?", .lax, "null", "null"), .init("N?", .lax, "null", "null"),
        .init("array<int32>?", .lax, "null", "null"), .init("int32?", .lax, "5", "5"),
        .init("int32", .lax, "null", nil), .init("string", .lax, "null", nil), .init("N", .lax, "null", nil),
        .init("int32?", .strict, "null", "null"), .init("int32", .strict, "null", nil),
        .init(#"{ type: "int32?", required: true }"#, .lax, "null", "null"),
    ]
    static let nullableRejectsRows: [RejectRow] = [
        .init("int32?", .lax, #""x""#, .invalidNumber), .init("int32?", .strict, #""null""#, .typeMismatch),
        .init("bool?", .strict, #""nil""#, .typeMismatch),
        .init("{ type: int32, required: true }", .lax, "null", .nullNotAllowed),
        .init("{ type: int32, required: true }", .lax, #""nil""#, .nullNotAllowed),
        .init("{ type: url, required: true }", .lax, #""""#, .nullNotAllowed),
    ]
    @Test(arguments: nullableAcceptsRows) func nullableAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: nullableRejectsRows) func nullableRejects(_ row: RejectRow) throws { try row.check() }

    /// Lax null words count as null for every target except `string` (SPEC §3.2).
    @Test(arguments: [#""null""#, #""NULL""#, #""Null""#, #""nil""#, #""NIL""#, #""<null>""#, #""<NULL>""#, #""(null)""#, #""(Null)""#],
          ["int32?", "int64?", "uint8?", "bool?", "float?", "double?", "decimal?", "date?", "url?", "data?", "N?",
           "array<int32>?", "set<string>?", "map<int32>?"])
    func laxNullWords(word: String, type: String) throws {
        try EngineFixture.expectAccepted(type, word, "null", mode: .lax)
    }

    @Test(arguments: [#""null""#, #""nil""#, #""<null>""#, #""(null)""#, #""NULL""#])
    func nullWordsStayTextForStrings(word: String) throws {
        try EngineFixture.expectAccepted("string?", word, word, mode: .lax)
        try EngineFixture.expectAccepted("string", word, word, mode: .lax)
    }

    @Test func nullWordsOnNonNullableTargets() throws {
        try EngineFixture.expectAccepted("int32", #""nil""#, nil, mode: .lax)
        try EngineFixture.expectAccepted("{ type: int32, default: 7 }", #""<null>""#, "7", mode: .lax)
        try EngineFixture.expectAccepted("array<int32?>", #"["(null)", 1]"#, "[null,1]", mode: .lax)
        try EngineFixture.expectAccepted("map<bool?>", #"{"k":"NIL"}"#, #"{"k":null}"#, mode: .lax)
    }

    // MARK: values (input literal text → output)

    static let valuesProperty = #"{ type: string, values: { "0": draft, "1": published } }"#
    static let valuesAcceptsRows: [AcceptRow] = [
        .init(valuesProperty, .lax, "1", #""published""#), .init(valuesProperty, .lax, #""1""#, #""published""#),
        .init(valuesProperty, .lax, "0", #""draft""#), .init(valuesProperty, .lax, #""0""#, #""draft""#),
        .init("{ type: int32, values: { a: 1, b: \"2\" } }", .lax, #""a""#, "1"),
        .init("{ type: int32, values: { a: 1, b: \"2\" } }", .lax, #""b""#, "2"),
        .init(#"{ type: string, values: { "true": yes, "1.50": exact } }"#, .lax, "true", #""yes""#),
        .init(#"{ type: string, values: { "true": yes, "1.50": exact } }"#, .lax, "1.50", #""exact""#),
        .init(#"{ type: string, values: { "true": yes, "1.50": exact } }"#, .lax, #""1.50""#, #""exact""#),
        .init(valuesProperty, .strict, #""1""#, #""published""#),
    ]
    static let valuesRejectsRows: [RejectRow] = [
        .init(valuesProperty, .lax, "2", .enumMismatch), .init(valuesProperty, .lax, #""x""#, .enumMismatch),
        .init(valuesProperty, .lax, "1.0", .enumMismatch), .init(valuesProperty, .lax, #""published""#, .enumMismatch),
        .init(valuesProperty, .strict, #""2""#, .enumMismatch),
    ]
    @Test(arguments: valuesAcceptsRows) func valuesAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: valuesRejectsRows) func valuesRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: enum (checked after conversion)

    static let enumAcceptsRows: [AcceptRow] = [
        .init("{ type: string, enum: [draft, published] }", .lax, #""draft""#, #""draft""#),
        .init("{ type: int32, enum: [1, 2, 3] }", .lax, #""2""#, "2"),
        .init("{ type: int32, enum: [1, 2, 3] }", .lax, "3", "3"),
        .init("{ type: date, enum: [\"2015-09-16T04:20:09Z\"] }", .lax, #""2015-09-16T12:20:09+08:00""#, #""2015-09-16T04:20:09Z""#),
        .init("{ type: string, enum: [a, b] }", .strict, #""b""#, #""b""#),
        // Every allowed value matches, whatever its place, length or escapes in the input.
        .init("{ type: string, enum: [JPEG, WEBP, GIF, PNG, \"\", a-much-longer-value-than-16] }", .lax, #""PNG""#, #""PNG""#),
        .init("{ type: string, enum: [JPEG, WEBP, GIF, PNG, \"\", a-much-longer-value-than-16] }", .lax, "\"\"", "\"\""),
        .init("{ type: string, enum: [JPEG, WEBP, GIF, PNG, \"\", a-much-longer-value-than-16] }", .lax,
              #""a-much-longer-value-than-16""#, #""a-much-longer-value-than-16""#),
        .init("{ type: string, enum: [JPEG, WEBP, GIF, PNG] }", .lax, #""W\u0045BP""#, #""WEBP""#),
    ]
    static let enumRejectsRows: [RejectRow] = [
        .init("{ type: string, enum: [draft, published] }", .lax, #""other""#, .enumMismatch),
        .init("{ type: string, enum: [draft, published] }", .lax, #""Draft""#, .enumMismatch),
        .init("{ type: string, enum: [draft, published] }", .lax, #""draf""#, .enumMismatch),
        .init("{ type: string, enum: [draft, published] }", .lax, #""drafts""#, .enumMismatch),
        .init("{ type: string, enum: [JPEG, WEBP, GIF, PNG] }", .lax, #""JPEGWEBP""#, .enumMismatch),
        .init("{ type: int32, enum: [1, 2, 3] }", .lax, "4", .enumMismatch),
        .init("{ type: int32, enum: [1, 2, 3] }", .lax, #""x""#, .invalidNumber),
        .init("{ type: int32, enum: [1, 2, 3] }", .strict, #""2""#, .typeMismatch),
    ]
    @Test(arguments: enumAcceptsRows) func enumAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: enumRejectsRows) func enumRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: constraints, each one

    static let minimumAcceptsRows: [AcceptRow] = [
        .init("{ type: int32, minimum: 1 }", .lax, "1", "1"), .init("{ type: int32, minimum: 1 }", .lax, #""2""#, "2"),
        .init("{ type: decimal, minimum: 0 }", .lax, "0.00", "0.00"),
        .init("{ type: uint64, minimum: 18446744073709551615 }", .lax, "18446744073709551615", "18446744073709551615"),
        .init("{ type: double, minimum: 0.5 }", .strict, "0.5", "0.5"),
    ]
    static let minimumRejectsRows: [RejectRow] = [
        .init("{ type: int32, minimum: 1 }", .lax, "0", .belowMinimum), .init("{ type: int32, minimum: 1 }", .lax, "-5", .belowMinimum),
        .init("{ type: decimal, minimum: 0 }", .lax, #""-0.01""#, .belowMinimum),
        .init("{ type: uint64, minimum: 18446744073709551615 }", .lax, "18446744073709551614", .belowMinimum),
        .init("{ type: double, minimum: 0.5 }", .strict, "0.49", .belowMinimum),
    ]
    @Test(arguments: minimumAcceptsRows) func minimumAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: minimumRejectsRows) func minimumRejects(_ row: RejectRow) throws { try row.check() }

    static let maximumAcceptsRows: [AcceptRow] = [
        .init("{ type: int32, maximum: 5 }", .lax, "5", "5"),
        .init("{ type: int64, maximum: 9007199254740992 }", .lax, "9007199254740992", "9007199254740992"),
        .init("{ type: decimal, maximum: 1e20 }", .lax, "100000000000000000000", "100000000000000000000"),
        .init("{ type: float, maximum: 5 }", .strict, "4.5", "4.5"),
    ]
    static let maximumRejectsRows: [RejectRow] = [
        .init("{ type: int32, maximum: 5 }", .lax, "6", .aboveMaximum),
        .init("{ type: int64, maximum: 9007199254740992 }", .lax, "9007199254740993", .aboveMaximum),
        .init("{ type: decimal, maximum: 1e20 }", .lax, "100000000000000000001", .aboveMaximum),
        .init("{ type: float, maximum: 5 }", .lax, #""5.5""#, .aboveMaximum),
    ]
    @Test(arguments: maximumAcceptsRows) func maximumAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: maximumRejectsRows) func maximumRejects(_ row: RejectRow) throws { try row.check() }

    static let exclusiveAcceptsRows: [AcceptRow] = [
        .init("{ type: double, exclusiveMinimum: 0 }", .lax, "0.1", "0.1"),
        .init("{ type: int32, exclusiveMaximum: 10 }", .lax, "9", "9"),
        .init("{ type: decimal, exclusiveMaximum: 1 }", .strict, "0.99999999999999999999", "0.99999999999999999999"),
    ]
    static let exclusiveRejectsRows: [RejectRow] = [
        .init("{ type: double, exclusiveMinimum: 0 }", .lax, "0", .belowMinimum),
        .init("{ type: double, exclusiveMinimum: 0 }", .lax, "-1", .belowMinimum),
        .init("{ type: int32, exclusiveMaximum: 10 }", .lax, "10", .aboveMaximum),
        .init("{ type: decimal, exclusiveMaximum: 1 }", .strict, "1.000", .aboveMaximum),
    ]
    @Test(arguments: exclusiveAcceptsRows) func exclusiveBoundsAccept(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: exclusiveRejectsRows) func exclusiveBoundsReject(_ row: RejectRow) throws { try row.check() }

    static let lengthAcceptsRows: [AcceptRow] = [
        .init("{ type: string, minLength: 2 }", .lax, #""ab""#, #""ab""#),
        .init("{ type: string, minLength: 2 }", .lax, #""😀😀""#, #""😀😀""#),
        .init("{ type: string, maxLength: 3 }", .lax, #""abc""#, #""abc""#),
        .init("{ type: string, maxLength: 3 }", .lax, #""😀😀😀""#, #""😀😀😀""#),
        .init("{ type: string, maxLength: 3 }", .strict, #""a\"c""#, #""a\"c""#),
        // Near the bounds a length check takes without counting (1 to 6 bytes a character).
        .init("{ type: string, minLength: 2 }", .lax, #""\u0001\u0002""#, #""\u0001\u0002""#),
        .init("{ type: string, minLength: 2 }", .lax, #""😀😀😀""#, #""😀😀😀""#),
        .init("{ type: string, minLength: 1, maxLength: 2 }", .lax, #""\n\t""#, #""\n\t""#),
        .init("{ type: string, minLength: 2, maxLength: 2 }", .lax, #""é😀""#, #""é😀""#),
    ]
    static let lengthRejectsRows: [RejectRow] = [
        .init("{ type: string, minLength: 2 }", .lax, #""a""#, .tooShort),
        .init("{ type: string, minLength: 2 }", .lax, #""""#, .tooShort),
        .init("{ type: string, minLength: 2 }", .lax, #""😀""#, .tooShort),
        .init("{ type: string, maxLength: 3 }", .lax, #""abcd""#, .tooLong),
        .init("{ type: string, maxLength: 3 }", .lax, "1234", .tooLong),
        .init("{ type: string, maxLength: 3 }", .strict, #""😀😀😀😀""#, .tooLong),
        .init("{ type: string, minLength: 3 }", .lax, #""\u0001\u0002""#, .tooShort),
        .init("{ type: string, minLength: 4 }", .lax, #""\u0001\u0002\u0003""#, .tooShort),
        .init("{ type: string, maxLength: 1 }", .lax, #""\n\t""#, .tooLong),
        .init("{ type: string, minLength: 3, maxLength: 5 }", .lax, #""é😀""#, .tooShort),
    ]
    @Test(arguments: lengthAcceptsRows) func lengthAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: lengthRejectsRows) func lengthRejects(_ row: RejectRow) throws { try row.check() }

    static let patternAcceptsRows: [AcceptRow] = [
        .init(#"{ type: string, pattern: "^[A-Z]{3}$" }"#, .lax, #""EUR""#, #""EUR""#),
        .init(#"{ type: url, pattern: "^https:" }"#, .lax, #""https://x.org""#, #""https://x.org""#),
        .init(#"{ type: string, pattern: "^[0-9]+$" }"#, .lax, "123", #""123""#),
    ]
    static let patternRejectsRows: [RejectRow] = [
        .init(#"{ type: string, pattern: "^[A-Z]{3}$" }"#, .lax, #""eur""#, .patternMismatch),
        .init(#"{ type: string, pattern: "^[A-Z]{3}$" }"#, .strict, #""EURO""#, .patternMismatch),
        .init(#"{ type: url, pattern: "^https:" }"#, .lax, #""http://x.org""#, .patternMismatch),
    ]
    @Test(arguments: patternAcceptsRows) func patternAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: patternRejectsRows) func patternRejects(_ row: RejectRow) throws { try row.check() }

    static let itemsAcceptsRows: [AcceptRow] = [
        .init(#"{ type: "array<int32>", minItems: 1 }"#, .lax, "[1]", "[1]"),
        .init(#"{ type: "array<int32>", maxItems: 2 }"#, .lax, "[1,2]", "[1,2]"),
        .init(#"{ type: "set<int32>", maxItems: 2 }"#, .lax, "[1,1,2]", "[1,2]"),
        .init(#"{ type: "map<int32>", maxItems: 1 }"#, .strict, #"{"a":1}"#, #"{"a":1}"#),
    ]
    static let itemsRejectsRows: [RejectRow] = [
        .init(#"{ type: "array<int32>", minItems: 1 }"#, .lax, "[]", .tooFewItems),
        .init(#"{ type: "array<int32>", maxItems: 2 }"#, .lax, "[1,2,3]", .tooManyItems),
        .init(#"{ type: "map<int32>", minItems: 1 }"#, .lax, "{}", .tooFewItems),
        .init(#"{ type: "map<int32>", maxItems: 1 }"#, .strict, #"{"a":1,"b":2}"#, .tooManyItems),
    ]
    @Test(arguments: itemsAcceptsRows) func itemsAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: itemsRejectsRows) func itemsRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: property-level `strict: true` (never coerces, even in lax mode)

    static let strictPropertyAcceptsRows: [AcceptRow] = [
        .init("{ type: int32, strict: true }", .lax, "5", "5"),
        .init("{ type: string, strict: true }", .lax, #""5""#, #""5""#),
        .init(#"{ type: "array<int32>", strict: true }"#, .lax, "[1,2]", "[1,2]"),
        .init(#"{ type: "int32?", strict: true }"#, .lax, "null", "null"),
    ]
    static let strictPropertyRejectsRows: [RejectRow] = [
        .init("{ type: int32, strict: true }", .lax, #""5""#, .typeMismatch),
        .init("{ type: int32, strict: true }", .lax, "true", .typeMismatch),
        .init("{ type: string, strict: true }", .lax, "5", .typeMismatch),
        .init("{ type: bool, strict: true }", .lax, "1", .typeMismatch),
        .init(#"{ type: "int32?", strict: true }"#, .lax, #""null""#, .typeMismatch),
        .init(#"{ type: "array<int32>", strict: true }"#, .lax, #"["1"]"#, .typeMismatch, at: "/v/0"),
        .init("{ type: N, strict: true }", .lax, "[]", .typeMismatch),
    ]
    @Test(arguments: strictPropertyAcceptsRows) func strictPropertyAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: strictPropertyRejectsRows) func strictPropertyRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: wrapSingle

    static let wrapSingleAcceptsRows: [AcceptRow] = [
        .init(#"{ type: "array<string>", wrapSingle: true }"#, .lax, #""x""#, #"["x"]"#),
        .init(#"{ type: "array<string>", wrapSingle: true }"#, .lax, #"["x","y"]"#, #"["x","y"]"#),
        .init(#"{ type: "array<string>", wrapSingle: true }"#, .lax, "5", #"["5"]"#),
        .init(#"{ type: "array<string>", wrapSingle: true }"#, .lax, "null", nil),
        .init(#"{ type: "set<int32>", wrapSingle: true }"#, .lax, #""7""#, "[7]"),
        .init(#"{ type: "array<N>", wrapSingle: true }"#, .lax, #"{"a":1}"#, #"[{"a":1}]"#),
    ]
    static let wrapSingleRejectsRows: [RejectRow] = [
        .init("array<string>", .lax, #""x""#, .typeMismatch),
        .init(#"{ type: "array<int32>", wrapSingle: true }"#, .lax, #""x""#, .invalidNumber, at: "/v/0"),
        .init(#"{ type: "array<int32>", wrapSingle: true, minItems: 2 }"#, .lax, "1", .tooFewItems),
    ]
    @Test(arguments: wrapSingleAcceptsRows) func wrapSingleAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: wrapSingleRejectsRows) func wrapSingleRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: PHP's empty array as an empty object

    @Test func phpEmptyArrayIsAnEmptyObjectInLaxModeOnly() throws {
        let schema = """
            Outer:
              properties:
                inner: Inner
                list: "array<Inner>"
            Inner:
              properties:
                a: { type: int32, default: 3 }
            """
        let lax = try EngineFixture.convert(#"{"inner":[],"list":[[],{"a":1}]}"#, "Outer", schema: schema)
        let want = try EngineFixture.json(#"{"inner":{"a":3},"list":[{"a":3},{"a":1}]}"#)
        #expect(EngineFixture.output(lax).map { EngineFixture.canonical($0) } == EngineFixture.canonical(want))
        let strict = try EngineFixture.convert(#"{"inner":[],"list":[[]]}"#, "Outer", schema: schema, mode: .strict)
        #expect(EngineFixture.failures(strict) == [.init(.typeMismatch, "/inner"), .init(.typeMismatch, "/list/0")])
        // A top-level `[]` is an empty list of objects, not an object.
        let top = try EngineFixture.convert("[]", "Inner", schema: schema)
        #expect(EngineFixture.output(top) == .array([]))
    }
}

/// SPEC §3.4 and §2.2: missing and null against `required`, `default` and nullability; where
/// input keys come from (`from` forms, `keys` styles); what happens to unknown keys.
@Suite struct PresenceAndKeyTests {
    /// (property spec, input object, output object)
    static let presenceRows: [(String, String, String)] = [
        ("{ type: int32, default: 7 }", "{}", #"{"v":7}"#),
        ("{ type: int32, default: 7 }", #"{"v":null}"#, #"{"v":7}"#),
        ("{ type: int32, default: 7 }", #"{"v":"8"}"#, #"{"v":8}"#),
        (#"{ type: "int32?", default: 7 }"#, #"{"v":null}"#, #"{"v":null}"#),
        (#"{ type: "int32?", default: 7 }"#, "{}", #"{"v":7}"#),
        ("int32", "{}", "{}"),
        ("int32", #"{"v":null}"#, "{}"),
        ("{ type: string, default: x }", "{}", #"{"v":"x"}"#),
        (#"{ type: date, default: "2015-09-16T12:20:09+08:00" }"#, "{}", #"{"v":"2015-09-16T04:20:09Z"}"#),
        (#"{ type: "set<string>", default: [b, a, b] }"#, "{}", #"{"v":["b","a"]}"#),
        (#"{ type: decimal, default: "19.90" }"#, "{}", #"{"v":19.90}"#),
        (#"{ type: "int32?", required: true }"#, #"{"v":null}"#, #"{"v":null}"#),
    ]
    @Test(arguments: presenceRows)
    func presence(property: String, input: String, output: String) throws {
        let result = try EngineFixture.convert(input, "M", schema: EngineFixture.singlePropertySchema(property))
        let want = try EngineFixture.json(output)
        #expect(EngineFixture.output(result).map { EngineFixture.canonical($0) } == EngineFixture.canonical(want))
    }

    static let presenceErrorsRows: [(String, String, ErrorCode)] = [
        ("{ type: int32, required: true }", "{}", .missing),
        ("{ type: int32, required: true }", #"{"v":null}"#, .nullNotAllowed),
        (#"{ type: "int32?", required: true }"#, "{}", .missing),
        ("{ type: N, required: true }", #"{"w":{}}"#, .missing),
    ]
    @Test(arguments: presenceErrorsRows)
    func presenceErrors(property: String, input: String, code: ErrorCode) throws {
        let result = try EngineFixture.convert(input, "M", schema: EngineFixture.singlePropertySchema(property))
        #expect(EngineFixture.failures(result) == [.init(code, "/v")])
    }

    @Test func requiredAllMakesEveryPropertyRequiredUnlessItSaysOtherwise() throws {
        let schema = """
            R:
              required: all
              properties:
                a: int32
                b: { type: string, required: false }
                c: { type: string, default: z }
            """
        let missing = try EngineFixture.convert("{}", "R", schema: schema)
        #expect(EngineFixture.failures(missing) == [.init(.missing, "/a")])
        let present = try EngineFixture.convert(#"{"a":1}"#, "R", schema: schema)
        #expect(EngineFixture.output(present).map { EngineFixture.canonical($0) }
                == EngineFixture.canonical(try EngineFixture.json(#"{"a":1,"c":"z"}"#)))
    }

    @Test func everyErrorOfAPayloadIsCollected() throws {
        let schema = """
            M:
              properties:
                a: int32
                b: { type: string, required: true }
                c: "array<bool>"
                d: N
            N:
              properties:
                e: { type: date, required: true }
            """
        let result = try EngineFixture.convert(#"{"a":"x","c":[true,"maybe",false,"perhaps"],"d":{"e":"never"}}"#, "M", schema: schema)
        #expect(EngineFixture.failures(result) == [
            .init(.invalidNumber, "/a"), .init(.missing, "/b"), .init(.invalidBool, "/c/1"),
            .init(.invalidBool, "/c/3"), .init(.invalidDate, "/d/e"),
        ])
    }

    // MARK: `from`

    static let fromAcceptsRows: [(String, String, String)] = [
        ("{ type: int32, from: [a, b, c] }", #"{"b":1,"c":2}"#, #"{"v":1}"#),
        ("{ type: int32, from: [a, b, c] }", #"{"a":null,"b":2}"#, #"{"v":2}"#),
        ("{ type: int32, from: [a, b, c] }", #"{"c":3,"a":1}"#, #"{"v":1}"#),
        ("{ type: int32, from: [a, b, c] }", #"{"a":null}"#, "{}"),
        // A lax null word is null too, so the next candidate wins.
        ("{ type: int32, from: [a, b] }", #"{"a":"nil","b":2}"#, #"{"v":2}"#),
        ("{ type: string, from: [a, b] }", #"{"a":"nil","b":"x"}"#, #"{"v":"nil"}"#),
        ("{ type: int32, from: [a, b, c] }", "{}", "{}"),
        (#"{ type: "int32?", from: [a, b] }"#, #"{"a":null,"b":null}"#, #"{"v":null}"#),
        ("{ type: int32, from: a.b.c }", #"{"a":{"b":{"c":5}}}"#, #"{"v":5}"#),
        ("{ type: int32, from: a.b.c }", #"{"a":{"b":5}}"#, "{}"),
        ("{ type: int32, from: a.b.c }", #"{"a":5}"#, "{}"),
        (#"{ type: int32, from: "/a/1/b" }"#, #"{"a":[{"b":1},{"b":2}]}"#, #"{"v":2}"#),
        (#"{ type: int32, from: "/x.y~1z~0" }"#, #"{"x.y/z~":5}"#, #"{"v":5}"#),
        (#"{ type: int32, from: "/m/0" }"#, #"{"m":{"0":7}}"#, #"{"v":7}"#),
        (#"{ type: int32, from: [x.y, "/z/0"] }"#, #"{"z":[9]}"#, #"{"v":9}"#),
    ]
    @Test(arguments: fromAcceptsRows)
    func from(property: String, input: String, output: String) throws {
        let result = try EngineFixture.convert(input, "M", schema: EngineFixture.singlePropertySchema(property))
        #expect(EngineFixture.output(result).map { EngineFixture.canonical($0) } == EngineFixture.canonical(try EngineFixture.json(output)))
    }

    /// An error's `path` points into the output and `source` (only when it differs) into the input.
    static let sourceCasesRows: [(String, String, String?)] = [
        ("{ type: int32, from: a.b }", #"{"a":{"b":"x"}}"#, "/a/b"),
        (#"{ type: int32, from: "/a/0" }"#, #"{"a":["x"]}"#, "/a/0"),
        ("{ type: int32, from: [a, b] }", #"{"a":null,"b":"x"}"#, "/b"),
        ("{ type: int32, from: w }", #"{"w":"x"}"#, "/w"),
        ("{ type: int32, from: [v, w] }", #"{"v":"x"}"#, nil),
        ("int32", #"{"v":"x"}"#, nil),
    ]
    @Test(arguments: sourceCasesRows)
    func errorSource(property: String, input: String, source: String?) throws {
        let result = try EngineFixture.convert(input, "M", schema: EngineFixture.singlePropertySchema(property))
        guard case .failure(let errors) = result else {
            Testing.Issue.record("expected failure, got \(EngineFixture.describe(result))")
            return
        }
        #expect(errors.map(\.path) == ["/v"])
        #expect(errors.map(\.source) == [source])
        #expect(errors.map(\.code) == [.invalidNumber])
    }

    @Test func severalPropertiesMayReadTheSameKey() throws {
        let schema = """
            M:
              properties:
                a: { type: string, from: x }
                b: { type: int32, from: x }
                c: { type: "array<int32>", from: x, wrapSingle: true }
                x: decimal
            """
        let result = try EngineFixture.convert(#"{"x":"5"}"#, "M", schema: schema)
        #expect(EngineFixture.output(result).map { EngineFixture.canonical($0) }
                == EngineFixture.canonical(try EngineFixture.json(#"{"a":"5","b":5,"c":[5],"x":5}"#)))
    }

    // MARK: `keys` styles

    static let keyStylesRows: [(String, String, String)] = [
        ("as_is", "firstName", "firstName"), ("snake_case", "firstName", "first_name"),
        ("snake_case", "htmlUrl", "html_url"), ("snake_case", "avatarURL", "avatar_url"),
        ("kebab-case", "pageCount", "page-count"), ("PascalCase", "firstName", "FirstName"),
        ("UPPER_SNAKE", "percentOff", "PERCENT_OFF"), ("lower", "firstName", "firstname"),
    ]
    @Test(arguments: keyStylesRows)
    func keyStyle(style: String, property: String, key: String) throws {
        let schema = """
            K:
              keys: \(style)
              properties:
                \(property): string
                other: { type: string, from: \(property) }
            """
        let read = try EngineFixture.convert(#"{"\#(key)":"x"}"#, "K", schema: schema)
        var want: [JSONValue.Member] = [.init(property, .string("x"))]
        if key == property { want.append(.init("other", .string("x"))) }
        #expect(EngineFixture.output(read).map { EngineFixture.canonical($0) } == EngineFixture.canonical(.object(want)))
        if key != property {
            // `from` overrides the style: `other` reads the property name itself.
            let named = try EngineFixture.convert(#"{"\#(property)":"y"}"#, "K", schema: schema)
            #expect(EngineFixture.output(named) == .object([.init("other", .string("y"))]))
        }
    }

    // MARK: `unknownKeys`

    static func unknownKeySchema(_ policy: String) -> String {
        """
        U:
          unknownKeys: \(policy)
          discriminator: { from: kind, mapping: { x: Other } }
          properties:
            v: int32
            d: { type: string, from: ext.desc }
            n: Inner
        Inner:
          unknownKeys: \(policy)
          properties:
            w: int32
        Other:
          properties:
            o: int32
        """
    }
    static let unknownInput = #"{"v":1,"zz":2,"kind":null,"ext":{"desc":"x","more":1},"n":{"w":1,"yy":[3]}}"#

    @Test func ignoredUnknownKeysAreDropped() throws {
        let result = try EngineFixture.convert(Self.unknownInput, "U", schema: Self.unknownKeySchema("ignore"))
        #expect(EngineFixture.output(result).map { EngineFixture.canonical($0) }
                == EngineFixture.canonical(try EngineFixture.json(#"{"v":1,"d":"x","n":{"w":1}}"#)))
    }

    @Test func rejectedUnknownKeysAreErrors() throws {
        let result = try EngineFixture.convert(Self.unknownInput, "U", schema: Self.unknownKeySchema("reject"))
        #expect(EngineFixture.failures(result) == [.init(.unknownKey, "/n/yy"), .init(.unknownKey, "/zz")])
    }

    @Test func reportedUnknownKeysAreListedBesideASuccess() throws {
        let result = try EngineFixture.convert(Self.unknownInput, "U", schema: Self.unknownKeySchema("report"))
        guard case .success(let bytes, _, let unknown) = result else {
            Testing.Issue.record("expected success, got \(EngineFixture.describe(result))")
            return
        }
        #expect(unknown.map(\.path).sorted() == ["/n/yy", "/zz"])
        #expect(EngineFixture.canonical(try EngineFixture.json(String(decoding: bytes, as: UTF8.self)))
                == EngineFixture.canonical(try EngineFixture.json(#"{"v":1,"d":"x","n":{"w":1}}"#)))
    }

    @Test func keptUnknownKeysAreCopiedVerbatim() throws {
        let result = try EngineFixture.convert(Self.unknownInput, "U", schema: Self.unknownKeySchema("keep"))
        #expect(EngineFixture.output(result).map { EngineFixture.canonical($0) }
                == EngineFixture.canonical(try EngineFixture.json(#"{"v":1,"d":"x","n":{"w":1,"yy":[3]},"zz":2}"#)))
    }

    @Test func keptUnknownKeysAppearOnceWithTheirLastValue() throws {
        let result = try EngineFixture.convert(#"{"v":1,"zz":1,"q":true,"zz":2}"#, "U", schema: Self.unknownKeySchema("keep"))
        guard case .success(let bytes, _, _) = result else {
            Testing.Issue.record("expected success, got \(EngineFixture.describe(result))")
            return
        }
        // Compared as text: a parsed object would hide a repeated key.
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"v":1,"q":true,"zz":2}"#)
    }

    @Test func keptUnknownKeysAreMatchedByTheirDecodedText() throws {
        // `\u0076` is the property `v`; `z\u007a` is the unknown `zz`, kept as its canonical text.
        let result = try EngineFixture.convert(#"{"\u0076":1,"z\u007a":2,"kind":null,"q":true}"#, "U", schema: Self.unknownKeySchema("keep"))
        guard case .success(let bytes, _, _) = result else {
            Testing.Issue.record("expected success, got \(EngineFixture.describe(result))")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"v":1,"zz":2,"q":true}"#)
    }

    @Test func explainListsDigitStringCoercionsOfProperties() throws {
        // `"640"` takes the inline fast path only while explain is off.
        let engine = try EngineFixture.engine(EngineFixture.singlePropertySchema("int32"))
        let result = engine.convert(Array(#"{"v":"640"}"#.utf8), model: "M", options: .init(mode: .lax, explain: true))
        guard case .success(let bytes, let coercions, _) = result else {
            Testing.Issue.record("expected success, got \(EngineFixture.describe(result))")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"v":640}"#)
        #expect(coercions.map(\.path) == ["/v"])
    }

    @Test func explainListsCoercionsByOutputPath() throws {
        let engine = try EngineFixture.engine(EngineFixture.singlePropertySchema("array<int32>"))
        let result = engine.convert(Array(#"{"v":[1,"2"]}"#.utf8), model: "M", options: .init(mode: .lax, explain: true))
        guard case .success(_, let coercions, _) = result else {
            Testing.Issue.record("expected success, got \(EngineFixture.describe(result))")
            return
        }
        #expect(coercions.map(\.path) == ["/v/1"])
        let quiet = engine.convert(Array(#"{"v":[1,"2"]}"#.utf8), model: "M", options: .init(mode: .lax))
        guard case .success(_, let none, _) = quiet else {
            Testing.Issue.record("expected success without explain, got \(EngineFixture.describe(quiet))")
            return
        }
        #expect(none.isEmpty)
    }
}
