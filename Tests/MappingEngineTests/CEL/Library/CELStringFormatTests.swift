import CEL
import Testing

/// `string.format(list)`: each verb of strings.md over each kind of value it takes, CEL's
/// text for every value under `%s`, rounding, and the errors of a bad clause or argument.
@Suite struct CELStringFormatTests {
    static func format(_ template: String, _ arguments: CELValue..., is expected: String) -> LibraryCase {
        .method("'\(template)'.format(…)", "format", .string(template), .list(arguments), is: expected)
    }

    static let verbs: [LibraryCase] = [
        format("no substitution", is: "'no substitution'"),
        format("%% and also %%", is: "'% and also %'"),
        format("%%%s%%", .string("text"), is: "'%text%'"),
        format("%d %d %d, %s %s %s", .int(1), .int(2), .int(3), .string("A"), .string("B"), .string("C"), is: "'1 2 3, A B C'"),
        format("%d", .int(-9_223_372_036_854_775_808), is: "'-9223372036854775808'"),
        format("%d", .uint(18_446_744_073_709_551_615), is: "'18446744073709551615'"),
        format("%d", .double(3.14), is: "'3.14'"),
        format("%d %d %d", .double(.nan), .double(.infinity), .double(-.infinity), is: "'NaN Infinity -Infinity'"),
        format("%f", .double(2.71828), is: "'2.718280'"),
        format("%f %f", .int(2), .uint(3), is: "'2.000000 3.000000'"),
        format("%.3f", .double(1.2345), is: "'1.234'"),
        format("%.0f", .double(123.0), is: "'123'"),
        format("%.0f %.0f %.0f %.0f", .double(1.5), .double(2.5), .double(3.5001), .double(3.4999), is: "'2 2 4 3'"),
        format("%.3f %.3f", .double(123.4999), .double(-123.4994), is: "'123.500 -123.499'"),
        format("%.5f", .double(-1.2), is: "'-1.20000'"),
        format("%f %f %f", .double(.nan), .double(.infinity), .double(-.infinity), is: "'NaN Infinity -Infinity'"),
        format("%.2f", .double(1e20), is: "'100000000000000000000.00'"),
        format("%e", .double(2.71828), is: "'2.718280e+00'"),
        format("%.6e", .double(1052.032911275), is: "'1.052033e+03'"),
        format("%.1e", .double(-3.14), is: "'-3.1e+00'"),
        format("%e %e", .int(2), .uint(3), is: "'2.000000e+00 3.000000e+00'"),
        format("%e", .double(1e-300), is: "'1.000000e-300'"),
        format("%e %e", .double(.nan), .double(-.infinity), is: "'NaN -Infinity'"),
        format("%b %b %b %b", .int(5), .uint(64), .bool(true), .bool(false), is: "'101 1000000 1 0'"),
        format("%b", .int(-5), is: "'-101'"),
        format("%o %o %o", .int(11), .uint(65_535), .int(-8), is: "'13 177777 -10'"),
        format("%x %X %x", .int(30), .int(30), .uint(500), is: "'1e 1E 1f4'"),
        format("%x", .int(-255), is: "'-ff'"),
        format("%x", .string("Hello world!"), is: "'48656c6c6f20776f726c6421'"),
        format("%X", .bytes(Array("byte string".utf8)), is: "'6279746520737472696E67'"),
        format("%x", .string("é"), is: "'c3a9'"),
        format("%.2s|%.2d", .string("abc"), .int(7), is: "'abc|7'"),
        format("%s€%s", .string("a"), .string("b"), is: "'a€b'"),
    ]

    static let values: [LibraryCase] = [
        format("%s", .null, is: "'null'"),
        format("%s, %s", .bool(true), .bool(false), is: "'true, false'"),
        format("%s %s", .int(999_999_999_999), .uint(7), is: "'999999999999 7'"),
        format("%s %s %s %s", .double(56.8), .double(1.0), .double(-0.0), .double(0.1), is: "'56.8 1 -0 0.1'"),
        format("%s %s", .double(1e21), .double(1.5e-7), is: "'1000000000000000000000 0.00000015'"),
        format("%s", .double(123_456_789.125), is: "'123456789.125'"),
        format("%s", .bytes(Array("xyz".utf8)), is: "'xyz'"),
        format("%s", .bytes([0x61, 0xFF, 0xFE, 0x62, 0xC3]), is: "'a\u{FFFD}b\u{FFFD}'"),
        format("%s", .type("string"), is: "'string'"),
        format("%s", .timestamp(CELTimestamp(seconds: 1_675_467_080, nanos: 0)), is: "'2023-02-03T23:31:20Z'"),
        format("%s", .timestamp(CELTimestamp(seconds: 1_675_467_080, nanos: 120_000_000)), is: "'2023-02-03T23:31:20.12Z'"),
        format("%s", .timestamp(CELTimestamp(seconds: -62_135_596_800, nanos: 1)), is: "'0001-01-01T00:00:00.000000001Z'"),
        format("%s", .timestamp(CELTimestamp(seconds: 253_402_300_799, nanos: 0)), is: "'9999-12-31T23:59:59Z'"),
        format("%s", .timestamp(CELTimestamp(seconds: 951_782_400, nanos: 0)), is: "'2000-02-29T00:00:00Z'"),
        format("%s", .duration(CELDuration(seconds: 6_347, nanos: 0)), is: "'6347s'"),
        format("%s", .duration(CELDuration(seconds: -1, nanos: -500_000_000)), is: "'-1.5s'"),
        format("%s", .duration(CELDuration(seconds: 0, nanos: 1_000)), is: "'0.000001s'"),
        format("%s", .list([.string("abc"), .double(3.14), .null, .list([.int(9), .int(8)]),
                            .timestamp(CELTimestamp(seconds: 1_675_467_080, nanos: 0))]),
               is: "'[abc, 3.14, null, [9, 8], 2023-02-03T23:31:20Z]'"),
        format("%s", .list([.double(.nan), .double(.infinity), .double(-.infinity)]), is: "'[NaN, Infinity, -Infinity]'"),
        format("%s", .list([]), is: "'[]'"),
        format("%s", .map(CELMap(entries: [(.string("key2"), .duration(CELDuration(seconds: 7_200, nanos: 0))),
                                           (.string("key1"), .bytes(Array("xyz".utf8))), (.string("key3"), .double(2.71828))])),
               is: "'{key1: xyz, key2: 7200s, key3: 2.71828}'"),
        format("%s", .map(CELMap(entries: [(.string("strKey"), .string("x")), (.int(6), .duration(CELDuration(seconds: 422, nanos: 0))),
                                           (.bool(true), .int(42))])),
               is: "'{6: 422s, strKey: x, true: 42}'"),
        format("%s", .map(CELMap(entries: [(.int(1), .string("value1")), (.uint(2), .string("value2")), (.bool(true), .double(.nan))])),
               is: "'{1: value1, 2: value2, true: NaN}'"),
        format("%s", .map(CELMap()), is: "'{}'"),
    ]

    /// convertd's decimals, written and rounded from their own digits, never through a double.
    static let decimals: [LibraryCase] = [
        format("%s %d", decimal("12.50"), decimal("-7"), is: "'12.50 -7'"),
        format("%s", .list([decimal("0.1"), decimal("1e3")]), is: "'[0.1, 1000]'"),
        format("%.2f %.2f %.2f", decimal("0.125"), decimal("0.135"), decimal("0.1251"), is: "'0.12 0.14 0.13'"),
        format("%.2f", decimal("99.995"), is: "'100.00'"),
        format("%.2f", decimal("-0.001"), is: "'-0.00'"),
        format("%.0f %.0f", decimal("2.5"), decimal("3.5"), is: "'2 4'"),
        format("%f", decimal("19.9"), is: "'19.900000'"),
        format("%.30f", decimal("0.1"), is: "'0.100000000000000000000000000000'"),
        format("%.3f", decimal("123456789012345678901234567890.0005"), is: "'123456789012345678901234567890.000'"),
        format("%e", decimal("1234.5"), is: "'1.234500e+03'"),
        format("%.1e", decimal("0.05"), is: "'5.0e-02'"),
        format("%.0e", decimal("95"), is: "'1e+02'"),
        format("%.2e", decimal("0"), is: "'0.00e+00'"),
        format("%x", decimal("1"), is: "error(invalid_argument)"),
        format("%e", decimal("1e999999999"), is: "'1.000000e+999999999'"),
        format("%f", decimal("1e999999999"), is: "error(invalid_argument)"),
        format("%.2f", decimal("1e-999999999"), is: "'0.00'"),
    ]

    static func decimal(_ text: String) -> CELValue {
        CELDecimal(text).map(CELValue.decimal) ?? .null
    }

    static let errors: [LibraryCase] = [
        format("%a", .int(1), is: "error(invalid_argument)"),
        format("double is %E", .double(0.5), is: "error(invalid_argument)"),
        format("%d %d %d", .int(0), .int(1), is: "error(index_out_of_range)"),
        format("%s", is: "error(index_out_of_range)"),
        format("trailing %", .int(1), is: "error(invalid_argument)"),
        format("%.", .int(1), is: "error(invalid_argument)"),
        format("%.3", .int(1), is: "error(invalid_argument)"),
        format("%.f", .int(1), is: "error(invalid_argument)"),
        format("%.101f", .double(1), is: "error(invalid_argument)"),
        format("%.99999999999999999999f", .double(1), is: "error(invalid_argument)"),
        format("%é", .int(1), is: "error(invalid_argument)"),
        format("string is %b", .string("abc"), is: "error(invalid_argument)"),
        format("%d", .duration(CELDuration(seconds: 1_802, nanos: 0)), is: "error(invalid_argument)"),
        format("octal: %o", .string("a string"), is: "error(invalid_argument)"),
        format("double is %x", .double(0.5), is: "error(invalid_argument)"),
        format("null: %d", .null, is: "error(invalid_argument)"),
        format("null: %e", .null, is: "error(invalid_argument)"),
        format("null: %f", .null, is: "error(invalid_argument)"),
        format("null: %x", .null, is: "error(invalid_argument)"),
        format("null: %X", .null, is: "error(invalid_argument)"),
        format("null: %b", .null, is: "error(invalid_argument)"),
        format("null: %o", .null, is: "error(invalid_argument)"),
        format("%f", .string("NaN"), is: "error(invalid_argument)"),
        .method("'%s'.format('x')", "format", .string("%s"), .string("x"), is: "error(no_such_overload)"),
        .method("1.format([])", "format", .int(1), .list([]), is: "error(no_such_overload)"),
    ]

    @Test(arguments: verbs)
    func eachVerbFormatsTheKindsItTakes(_ call: LibraryCase) {
        #expect(call.outcome() == call.expected)
    }

    @Test(arguments: values)
    func stringVerbWritesEveryKindOfValue(_ call: LibraryCase) {
        #expect(call.outcome() == call.expected)
    }

    @Test(arguments: decimals)
    func decimalsAreWrittenExactly(_ call: LibraryCase) {
        #expect(call.outcome() == call.expected)
    }

    @Test(arguments: errors)
    func badClausesAndArgumentsAreErrors(_ call: LibraryCase) {
        #expect(call.outcome() == call.expected)
    }

    /// Extra arguments are left unused at run time (cel-go refuses them only at check time, for
    /// a literal template and list).
    @Test func extraArgumentsAreIgnored() {
        #expect(Self.format("%s", .string("a"), .string("b"), is: "").outcome() == "'a'")
    }

    /// The largest precision over the largest double writes every digit.
    @Test func theLargestClauseFitsItsBuffer() throws {
        let text = try #require(Self.format("%.100f", .double(-.greatestFiniteMagnitude), is: "").value())
        guard case .string(let written) = text else {
            Issue.record("not a string")
            return
        }
        #expect(written.utf8.count == 1 + 309 + 1 + 100)
        #expect(written.hasPrefix("-17976931348623157081452742373170435679807056752584499659891747680315726078002853876"))
    }
}
