import Testing
import MappingEngine

/// Canonical decimal text and exact comparison.
struct ScalarDecimalTextTests {
    static let fortyNines = String(repeating: "9", count: 40)

    static let canonicalCases: [(String, String)] = [
        ("0", "0"),
        ("-0", "-0"),
        ("-0.0", "-0.0"),
        ("7.50", "7.50"),
        ("1.5E+03", "1.5e3"),
        ("1.5e-03", "1.5e-3"),
        ("1e-0", "1e0"),
        ("1E+000", "1e0"),
        ("1e0", "1e0"),
        ("1e10", "1e10"),
        ("0.5", "0.5"),
        ("-12.000e-0010", "-12.000e-10"),
        ("1234567890123456789012345678901234567890", "1234567890123456789012345678901234567890"),
        ("-1234567890123456789012345678901234567890.0000000001", "-1234567890123456789012345678901234567890.0000000001"),
    ]

    @Test(arguments: canonicalCases)
    func canonicalizesLiterals(_ text: String, _ expected: String) {
        #expect(ScalarFixture.canonicalDecimal(text, lax: false) == expected)
        #expect(ScalarFixture.canonicalDecimal(text, lax: true) == expected)
    }

    static let laxCanonicalCases: [(String, String)] = [
        ("007.50", "7.50"),
        ("+5", "5"),
        (" 12 ", "12"),
        ("000", "0"),
        ("-000.000e-000", "-0.000e0"),
        ("\n+0001.10E+05\t", "1.10e5"),
        ("00000000000000000000000000000000000000001", "1"),
    ]

    @Test(arguments: laxCanonicalCases)
    func canonicalizesLaxText(_ text: String, _ expected: String) {
        #expect(ScalarFixture.canonicalDecimal(text, lax: true) == expected)
    }

    @Test(arguments: ["", "abc", "1.", ".1", "0x1", " 1", "+1", "01", "1e", "NaN", "1_0"])
    func rejectsInvalidLiterals(_ text: String) {
        #expect(ScalarFixture.canonicalDecimal(text, lax: false) == nil)
    }

    @Test(arguments: ["", "  ", "abc", "1.", ".1", "0x1", "1e", "inf", "1 0", "+-1"])
    func rejectsInvalidLaxText(_ text: String) {
        #expect(ScalarFixture.canonicalDecimal(text, lax: true) == nil)
    }

    static let comparisonCases: [(String, String, Int)] = [
        ("1e400", fortyNines, 1),
        ("-1e400", "-" + fortyNines, -1),
        (fortyNines, fortyNines, 0),
        ("1" + fortyNines, fortyNines, 1),
        ("0.10", "0.1", 0),
        ("-0", "0", 0),
        ("0", "-0.0e5", 0),
        ("1", "2", -1),
        ("-1", "-2", 1),
        ("-5", "3", -1),
        ("1e2", "100", 0),
        ("100e-2", "1", 0),
        ("0.001", "1e-3", 0),
        ("1.0", "1", 0),
        ("1.01", "1.1", -1),
        ("9", "10", -1),
        ("0.9", "0.10", 1),
        ("123.456", "123.4560001", -1),
        ("-1e400", "-1e401", 1),
        ("0", "1e-99999999999999999999999", -1),
        ("1e9999999999999999999999", "1e9999999999999999999998", 1),
        ("1e-9999999999999999999999", "1e-9999999999999999999998", -1),
        ("10e9999999999999999999998", "1e9999999999999999999999", 0),
        ("1e1000000000000000000000", "1e999999999999999999999", 1),
        ("0.00001e99999999999999999999999", "1e99999999999999999999994", 0),
        ("0.00001e99999999999999999999999", "1e99999999999999999999995", -1),
        ("1e-9223372036854775807", "1e9223372036854775807", -1),
        ("12345678901234567890123456789012345678901", "12345678901234567890123456789012345678902", -1),
        ("1" + String(repeating: "0", count: 400), "1e400", 0),
        ("1" + String(repeating: "0", count: 400) + ".5", "1e400", 1),
        ("0." + String(repeating: "0", count: 400) + "1", "1e-401", 0),
        ("12345678901234567890123456789012345678901e-41", "0.12345678901234567890123456789012345678901", 0),
    ]

    @Test(arguments: comparisonCases)
    func comparesExactly(_ left: String, _ right: String, _ expected: Int) {
        let order = ScalarFixture.bytes(left) { a in ScalarFixture.bytes(right) { b in DecimalText.compare(a, b) } }
        let reverse = ScalarFixture.bytes(right) { b in ScalarFixture.bytes(left) { a in DecimalText.compare(b, a) } }
        #expect(order == expected)
        #expect(reverse == -expected)
    }
}
