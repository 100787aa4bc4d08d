import CEL
import Testing

/// Arithmetic as CEL defines it: int and uint overflow and division errors, IEEE doubles, no
/// implicit conversions, concatenation, and timestamp and duration arithmetic in range.
@Suite struct CELArithmeticTests {
    @Test(arguments: [
        ("7 / 2", "3"), ("-7 / 2", "-3"), ("7 % 3", "1"), ("-7 % 3", "-1"), ("7u / 2u", "3u"), ("7u % 4u", "3u"),
        ("9223372036854775807 - 1", "9223372036854775806"), ("-9223372036854775807 - 1", "-9223372036854775808"),
        ("-(-9223372036854775807)", "9223372036854775807"), ("18446744073709551615u - 1u", "18446744073709551614u"),
        ("1.0 / 0.0", "inf"), ("-1.0 / 0.0", "-inf"), ("0.1 + 0.2", "0.30000000000000004"), ("-(0.0)", "-0.0"),
        ("'ab' + 'cd'", "'abcd'"), ("b'a' + b'b'", "b[97, 98]"), ("[1] + [2, 3]", "[1, 2, 3]"), ("[] + []", "[]"),
    ])
    func computes(expression: String, expected: String) throws {
        #expect(try RuntimeCase.outcome(expression) == expected)
    }

    @Test(arguments: [
        ("9223372036854775807 + 1", CELError.Kind.overflow), ("-9223372036854775808 - 1", .overflow),
        ("-(-9223372036854775808)", .overflow), ("-9223372036854775808 * -1", .overflow), ("-9223372036854775808 / -1", .overflow),
        ("-9223372036854775808 % -1", .overflow), ("5000000000 * 5000000000", .overflow),
        ("0u - 1u", .overflow), ("18446744073709551615u + 1u", .overflow), ("4294967296u * 4294967296u", .overflow),
        ("1 / 0", .divisionByZero), ("1 % 0", .divisionByZero), ("1u / 0u", .divisionByZero), ("1u % 0u", .divisionByZero),
        ("1 + 1u", .noSuchOverload), ("1 + 1.0", .noSuchOverload), ("1.5 % 1.0", .noSuchOverload), ("-(1u)", .noSuchOverload),
        ("-'a'", .noSuchOverload), ("'a' - 'a'", .noSuchOverload), ("[1] * 2", .noSuchOverload), ("!1", .noSuchOverload),
    ])
    func refuses(expression: String, kind: CELError.Kind) throws {
        #expect(try RuntimeCase.errorKind(expression) == kind)
    }

    @Test(arguments: [
        ("timestamp('2009-02-13T23:31:30Z') + duration('1h')", "2009-02-14T00:31:30Z"),
        ("duration('1h') + timestamp('2009-02-13T23:31:30Z')", "2009-02-14T00:31:30Z"),
        ("timestamp('2009-02-13T23:31:30Z') - duration('1.5s')", "2009-02-13T23:31:28.5Z"),
        ("timestamp('2009-02-13T23:31:30Z') - timestamp('2009-02-13T23:00:00Z')", "1890s"),
        ("timestamp('2000-01-01T00:00:00Z') - timestamp('2000-01-01T00:00:00.25Z')", "-0.25s"),
        ("duration('1m') - duration('1ms')", "59.999s"), ("duration('-1.5s') + duration('1s')", "-0.5s"),
    ])
    func computesWithTime(expression: String, expected: String) throws {
        #expect(try RuntimeCase.outcome(expression) == expected)
    }

    @Test(arguments: [
        "timestamp('9999-12-31T23:59:59.999999999Z') + duration('1ns')", "timestamp('0001-01-01T00:00:00Z') - duration('1ns')",
        "timestamp('9999-12-31T23:59:59Z') - timestamp('0001-01-01T00:00:00Z')",
        "duration('9223372036s') + duration('1s')", "duration('-9223372036s') - duration('1s')",
    ])
    func refusesTimeOutOfRange(expression: String) throws {
        #expect(try RuntimeCase.errorKind(expression) == .overflow)
    }
}
