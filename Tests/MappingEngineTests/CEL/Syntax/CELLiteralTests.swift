import Testing
@testable import CEL

/// Every literal form of langdef.md ("Numeric Values", "String and Bytes Values"), decoded to
/// its value, and the malformed ones refused at the column of the fault.
@Suite struct CELLiteralTests {
    static let numbers: [(source: String, value: CELValue)] = [
        ("0", .int(0)), ("42", .int(42)), ("007", .int(7)), ("0x1F", .int(31)), ("0Xff", .int(255)),
        ("9223372036854775807", .int(.max)), ("-9223372036854775808", .int(.min)), ("-0x8000000000000000", .int(.min)),
        ("- 1", .int(-1)), ("--19", .int(19)),
        ("0u", .uint(0)), ("7U", .uint(7)), ("0x1Fu", .uint(31)), ("18446744073709551615u", .uint(.max)),
        ("0xFFFFFFFFFFFFFFFFu", .uint(.max)),
        ("1.5", .double(1.5)), ("7.0", .double(7)), ("7e0", .double(7)), (".700e1", .double(7)), ("1e10", .double(1e10)),
        ("1E-3", .double(0.001)), ("2.5e+2", .double(250)), (".5", .double(0.5)), ("-1.5", .double(-1.5)),
        ("-0.0", .double(-0.0)), ("1.7976931348623157e308", .double(.greatestFiniteMagnitude)),
        ("true", .bool(true)), ("false", .bool(false)), ("null", .null),
    ]

    @Test(arguments: numbers)
    func numbersAndConstants(source: String, value: CELValue) throws {
        #expect(same(try literal(source), value))
    }

    static let strings: [(source: String, value: String)] = [
        ("''", ""), ("\"\"", ""), ("'\"\"'", "\"\""), ("\"'\"", "'"), ("'''x''x'''", "x''x"), ("\"\"\"a\"b\"\"\"", "a\"b"),
        ("'''a\nb'''", "a\nb"), ("'''a\r\nb'''", "a\nb"), ("\"\"\"a\rb\"\"\"", "a\nb"),
        (#"'\a\b\f\n\r\t\v'"#, "\u{07}\u{08}\u{0C}\n\r\t\u{0B}"),
        (#"'\\ \' \" \` \?'"#, "\\ ' \" ` ?"),
        (#"'\x41\X7a\x7F'"#, "Az\u{7F}"), (#"'\xFF'"#, "ÿ"), (#"'\377'"#, "ÿ"), (#"'\303\277'"#, "Ã¿"), (#"'\000\012'"#, "\0\n"),
        (#"'\u00e9\u01aB'"#, "é\u{1AB}"), (#"'\U0001F62C'"#, "😬"), (#"'\U00088888'"#, "\u{88888}"), (#"'\U0010FFFF'"#, "\u{10FFFF}"),
        ("'é😬'", "é😬"), ("'\u{07}\t'", "\u{07}\t"),
        // Raw strings keep every backslash.
        (#"r'\n\x41'"#, #"\n\x41"#), (#"R"\\""#, #"\\"#), (#"r'''a\'''"#, #"a\"#), (#"r'\'"#, #"\"#),
    ]

    @Test(arguments: strings)
    func stringLiterals(source: String, value: String) throws {
        guard case .string(let text) = try literal(source) else {
            Issue.record("\(source) is not a string")
            return
        }
        #expect(Array(text.unicodeScalars) == Array(value.unicodeScalars))
    }

    static let bytes: [(source: String, value: [UInt8])] = [
        ("b''", []), ("b'abc'", [97, 98, 99]), ("B\"abc\"", [97, 98, 99]), ("b'ÿ'", [195, 191]),
        (#"b'\303\277'"#, [195, 191]), (#"b'\377'"#, [255]), (#"b'\xff\X00'"#, [255, 0]), (#"b'\n\?\''"#, [10, 63, 39]),
        ("b'''a\r\nb'''", [97, 10, 98]), (#"br'\x00'"#, Array(#"\x00"#.utf8)), (#"bR"\u0041""#, Array(#"\u0041"#.utf8)),
        (#"B'''\a'''"#, [7]),
    ]

    @Test(arguments: bytes)
    func bytesLiterals(source: String, value: [UInt8]) throws {
        guard case .bytes(let data) = try literal(source) else {
            Issue.record("\(source) is not bytes")
            return
        }
        #expect(data == value)
    }

    static let refused: [(source: String, column: Int, says: String)] = [
        ("9223372036854775808", 1, "out of the int range"), ("-9223372036854775809", 1, "out of the int range"),
        ("0x8000000000000000", 1, "out of the int range"), ("18446744073709551616u", 1, "out of range"),
        ("99999999999999999999", 1, "out of range"), ("---9223372036854775808", 4, "out of the int range"),
        ("1e400", 1, "out of range"), ("0x", 1, "digits after '0x'"), ("1.5u", 4, "unexpected 'u'"),
        ("'abc", 1, "unterminated string"), ("x + \"abc", 5, "unterminated string"), ("'''abc''", 1, "unterminated string"),
        ("'a\nb'", 1, "line break"), ("\"a\rb\"", 1, "line break"), ("r'a\\'b'", 6, "unterminated string"),
        (#"'\s'"#, 2, "invalid escape sequence '\\s'"), (#"'ab\8'"#, 4, "invalid escape sequence"),
        (#"'\x4'"#, 2, "2 hexadecimal digits"), (#"'\u12g4'"#, 2, "4 hexadecimal digits"), (#"'\U0001F6'"#, 2, "8 hexadecimal"),
        (#"'\400'"#, 2, "invalid escape sequence"), (#"'\18'"#, 2, "octal"), (#"'\1'"#, 2, "octal"),
        (#"'\uD83D\uDE03'"#, 2, "surrogate"), (#"'\UD83DDE03'"#, 2, "beyond U+10FFFF"), (#"'\U0000DFFF'"#, 2, "surrogate"),
        (#"'\U00110000'"#, 2, "beyond U+10FFFF"), (#"b'\u0041'"#, 3, "not allowed in a bytes literal"),
        (#"b'\U00000041'"#, 3, "not allowed in a bytes literal"), ("'é\\q'", 3, "'\\q'"), ("'\\", 2, "unterminated"),
    ]

    @Test(arguments: refused)
    func malformedLiteralsAreRefusedAtTheirFault(source: String, column: Int, says: String) {
        expectSyntaxError(source, column: column, says: says)
    }

    private func literal(_ source: String) throws -> CELValue {
        let expr = try CELParser.parse(source, limits: CELLimits())
        guard case .literal(let value) = expr.kind else { throw NotALiteral(tree: CELSyntaxText.text(expr)) }
        return value
    }

    private struct NotALiteral: Error {
        var tree: String
    }

    /// Same kind and value; a double's sign bit counts, so `-0.0` is told from `0.0`.
    private func same(_ a: CELValue, _ b: CELValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.int(let x), .int(let y)): x == y
        case (.uint(let x), .uint(let y)): x == y
        case (.double(let x), .double(let y)): x.bitPattern == y.bitPattern
        default: false
        }
    }
}
