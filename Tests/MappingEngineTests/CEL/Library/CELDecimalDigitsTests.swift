@testable import CEL
import Testing

/// `CELDecimalDigits`: reading number text, rounding a digit position by each rule, writing
/// plain and scientific forms.
@Suite struct CELDecimalDigitsTests {
    @Test(arguments: [
        ("0", "0"), ("-0.0", "-0"), ("1.0", "1"), ("100.0", "100"), ("12.50", "12.5"), ("0.001", "0.001"),
        ("1e+16", "10000000000000000"), ("1.2345e-05", "0.000012345"), ("+7", "7"), ("5E2", "500"), ("-.5", "-0.5"),
    ])
    func readsNumberText(text: String, plain: String) throws {
        #expect(try #require(CELDecimalDigits(text)).plain == plain)
    }

    @Test(arguments: ["", "-", "NaN", "inf", "1e", "e5", "1.2.3", "1e5e5", "1x", "--1"])
    func refusesOtherText(text: String) {
        #expect(CELDecimalDigits(text) == nil)
    }

    static let roundings: [(String, Int, CELDecimalDigits.Rounding, String)] = [
        ("2.5", 0, .halfEven, "2"), ("3.5", 0, .halfEven, "4"), ("2.51", 0, .halfEven, "3"), ("-2.5", 0, .halfEven, "-2"),
        ("0.125", 2, .halfEven, "0.12"), ("0.375", 2, .halfEven, "0.38"), ("9.995", 2, .halfEven, "10.00"),
        ("0.5", 0, .halfEven, "0"), ("0.05", 0, .halfEven, "0"), ("0.0005", 2, .halfEven, "0.00"),
        ("2.5", 0, .halfAwayFromZero, "3"), ("-2.5", 0, .halfAwayFromZero, "-3"), ("0.5", 0, .halfAwayFromZero, "1"),
        ("0.05", 0, .halfAwayFromZero, "0"), ("999.5", 0, .halfAwayFromZero, "1000"),
        ("1.9", 0, .towardZero, "1"), ("-1.9", 0, .towardZero, "-1"), ("0.009", 2, .towardZero, "0.00"),
        ("1.1", 0, .up, "2"), ("-1.1", 0, .up, "-1"), ("0.0001", 0, .up, "1"), ("0.0001", 2, .up, "0.01"), ("-0.0001", 0, .up, "-0"),
        ("1.1", 0, .down, "1"), ("-1.1", 0, .down, "-2"), ("-0.0001", 0, .down, "-1"), ("-0.0001", 3, .down, "-0.001"),
        ("12", 2, .halfEven, "12.00"), ("1200", 0, .up, "1200"),
    ]

    @Test(arguments: roundings)
    func roundsToFractionDigits(text: String, digits: Int, rounding: CELDecimalDigits.Rounding, expected: String) throws {
        var number = try #require(CELDecimalDigits(text))
        number.round(fractionDigits: digits, rounding)
        #expect(number.plain(fractionDigits: digits) == expected)
    }

    @Test(arguments: [
        ("1234.5", 6, "1.234500e+03"), ("0.05", 1, "5.0e-02"), ("95", 0, "1e+02"), ("9.96", 1, "1.0e+01"),
        ("0", 2, "0.00e+00"), ("-1e-300", 0, "-1e-300"), ("1.25", 1, "1.2e+00"), ("123", 1, "1.2e+02"),
    ])
    func writesScientific(text: String, digits: Int, expected: String) throws {
        var number = try #require(CELDecimalDigits(text))
        number.round(significantDigits: digits + 1, .halfEven)
        #expect(number.scientific(fractionDigits: digits) == expected)
    }
}
