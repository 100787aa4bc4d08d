@testable import CEL
import Testing

/// convertd's `decimal`: read from number text digit for digit, printed plainly, exact in
/// `+ - *` and in comparisons with every numeric kind, `/` to 34 digits half-even.
@Suite struct CELDecimalTests {
    @Test(arguments: [
        ("0", "0"), ("-0", "0"), ("12.50", "12.50"), ("-0.003", "-0.003"), ("1e3", "1000"), ("1.5E-3", "0.0015"),
        ("+7", "7"), (".5", "0.5"), ("5.", "5"), ("0.000", "0.000"), ("123456789012345678901234567890.123456789", "123456789012345678901234567890.123456789"),
        ("1e400", "1e400"), ("-1.5e-40", "-1.5e-40"), ("170141183460469231731687303715884105728", "170141183460469231731687303715884105728"),
    ])
    func readsAndWritesText(text: String, written: String) throws {
        #expect(try #require(CELDecimal(text)).description == written)
    }

    @Test(arguments: ["", "-", ".", "1e", "e1", "1.2.3", "0x10", "NaN", "Infinity", " 1", "1 ", "1e1000000000", "1,5"])
    func refusesOtherText(text: String) {
        #expect(CELDecimal(text) == nil)
    }

    /// How a converted decimal is read back for a rule: the same decimal as the text reader
    /// gives, trailing zeros kept, across the short path (up to 19 bytes) and the long one.
    @Test(arguments: [
        "0", "-0", "7", "-7", "12.50", "-0.003", "0.000", "99.95", "1e3", "-1.5E-3", "9223372036854775807",
        "999999999999999999", "1234567890.123456789", "-1234567890.12345678", "12345678901234567890", "0.00000000000000000001",
        "123456789012345678901234567890.123456789", "-170141183460469231731687303715884105728.5",
    ])
    func readsJSONNumberTextAsTheTextReaderDoes(text: String) throws {
        let fromBytes = Array(text.utf8).withUnsafeBufferPointer { CELDecimal(utf8: $0) }
        #expect(try #require(fromBytes).description == (try #require(CELDecimal(text))).description)
    }

    @Test(arguments: ["", "-", ".", "-.", "1e", "1.2.3", "1,5", "12345678901234567890,5"])
    func refusesOtherNumberText(text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { CELDecimal(utf8: $0) } == nil)
    }

    @Test func refusesMoreDigitsThanItsLimit() {
        #expect(CELDecimal(String(repeating: "9", count: CELDecimal.maxDigits)) != nil)
        #expect(CELDecimal(String(repeating: "9", count: CELDecimal.maxDigits + 1)) == nil)
        #expect(CELDecimal("0.000" + String(repeating: "1", count: 100)) != nil)
    }

    static let decimals: [(String, CELType)] = [("a", .decimal), ("b", .decimal)]

    static func outcome(_ source: String, _ a: String, _ b: String = "0") throws -> String {
        try RuntimeCase.outcome(source, decimals, values: [.decimal(try #require(CELDecimal(a))), .decimal(try #require(CELDecimal(b)))])
    }

    @Test(arguments: [
        ("a + b", "0.1", "0.2", "decimal(0.3)"), ("a + b == decimal('0.3')", "0.1", "0.2", "true"),
        ("a + b", "1.50", "1", "decimal(2.50)"), ("a - b", "1", "0.001", "decimal(0.999)"), ("a * b", "1.5", "2", "decimal(3.0)"),
        ("a * b", "123456789012345678901234567890", "98765432109876543210", "decimal(12193263113702179522496570642237463801111263526900)"),
        ("a + b", "1e30", "1e-30", "decimal(1000000000000000000000000000000.000000000000000000000000000001)"),
        ("a - b", "170141183460469231731687303715884105727", "-1", "decimal(170141183460469231731687303715884105728)"),
        ("a / b", "1", "4", "decimal(0.25)"), ("a / b", "6", "2", "decimal(3)"), ("a / b", "1.00", "2", "decimal(0.50)"),
        ("a / b", "1", "3", "decimal(0.3333333333333333333333333333333333)"),
        ("a / b", "2", "3", "decimal(0.6666666666666666666666666666666667)"),
        ("a / b", "-2", "3", "decimal(-0.6666666666666666666666666666666667)"),
        ("a / b", "1", "8", "decimal(0.125)"), ("a / b", "100", "0.01", "decimal(10000)"),
        ("a / b", "0.5", "1e34", "decimal(5e-35)"),
        // Ties go to the even last digit: 2.5 ulp and 3.5 ulp of the 34th digit.
        ("a / b", "1000000000000000000000000000000000.5", "1", "decimal(1000000000000000000000000000000000)"),
        ("a / b", "1000000000000000000000000000000001.5", "1", "decimal(1000000000000000000000000000000002)"),
        // Rounding up a run of nines adds a digit, which is dropped again: inline and large.
        ("a / b", "9.99999999999999999999999999999999995", "1", "decimal(10.00000000000000000000000000000000)"),
        ("a / b", "9.999999999999999999999999999999999999995", "1", "decimal(10.00000000000000000000000000000000)"),
        ("a / b", "123456789012345678901234567890123456789012345", "3", "decimal(41152263004115226300411522630041150000000000)"),
        ("a / b", "10", "123456789012345678901234567890123456789", "decimal(8.100000072900000663390006036849055e-38)"),
        ("-a", "1.5", "0", "decimal(-1.5)"), ("a * 2", "1.25", "0", "decimal(2.50)"), ("3 - a", "0.5", "0", "decimal(2.5)"),
        ("a / 0", "1", "0", "error(division_by_zero)"), ("a / b", "1", "0.000", "error(division_by_zero)"),
        ("a + 1.5", "1", "0", "error(no_such_overload)"), ("a % b", "5", "2", "error(no_such_overload)"),
    ])
    func computesExactly(source: String, a: String, b: String, expected: String) throws {
        #expect(try Self.outcome(source, a, b) == expected)
    }

    @Test(arguments: [
        ("a == b", "1.50", "1.5", "true"), ("a < b", "0.1", "0.10000000000000001", "true"), ("a <= b", "-2", "-2.000", "true"),
        ("a == 1", "1.000", "0", "true"), ("a == 1u", "1e0", "0", "true"), ("a > 1", "1.0000000000000000000001", "0", "true"),
        ("a < 9223372036854775807", "9223372036854775806.9999", "0", "true"), ("a > -9223372036854775808", "-9223372036854775807.5", "0", "true"),
        ("a < 0.1", "0.1", "0", "true"), ("a > 0.09999999999999999", "0.1", "0", "true"), ("a == 0.5", "0.50", "0", "true"),
        ("a == 0.1", "0.1", "0", "false"), ("a < 1e308", "1e309", "0", "false"), ("a > 5e-324", "1e-400", "0", "false"),
        ("a < 0.0 / 0.0", "1", "0", "false"), ("a == 0.0 / 0.0", "1", "0", "false"), ("a < 1.0 / 0.0", "1e999", "0", "true"),
        ("a in [1, 2]", "2.0", "0", "true"), ("[a] == [1.5]", "1.50", "0", "true"), ("{1: 'x'}[a]", "1.0", "0", "'x'"),
        ("a != 'a'", "1", "0", "true"), ("a < 'a'", "1", "0", "error(no_such_overload)"),
    ])
    func comparesByValueAcrossKinds(source: String, a: String, b: String, expected: String) throws {
        #expect(try Self.outcome(source, a, b) == expected)
    }

    @Test(arguments: [
        ("decimal('12.50')", "decimal(12.50)"), ("decimal(7)", "decimal(7)"), ("decimal(7u)", "decimal(7)"),
        ("decimal(0.1)", "decimal(0.1)"), ("decimal(1e-7)", "decimal(0.0000001)"), ("decimal('x')", "error(invalid_argument)"),
        ("decimal(1.0 / 0.0)", "error(invalid_argument)"), ("string(decimal('1e3'))", "'1000'"), ("double(decimal('0.1'))", "0.1"),
        ("int(decimal('-7.9'))", "-7"), ("uint(decimal('7.9'))", "7u"), ("int(decimal('1e19'))", "error(overflow)"),
        ("uint(decimal('-1'))", "error(overflow)"), ("type(decimal('1'))", "type(decimal)"), ("type(decimal('1')) == decimal", "true"),
    ])
    func converts(source: String, expected: String) throws {
        #expect(try RuntimeCase.outcome(source) == expected)
    }

    @Test func largeResultsBeyondTheDigitLimitOverflow() throws {
        let huge = try #require(CELDecimal("1e500"))
        let tiny = try #require(CELDecimal("1e-500"))
        #expect(throws: CELError.self) { try huge.adding(tiny) }
        let nines = try #require(CELDecimal(String(repeating: "9", count: 999)))
        #expect(throws: CELError.self) { try nines.multiplied(by: nines) }
        #expect(CELDecimal.compare(huge, tiny) == 1)
        #expect(CELDecimal.compare(tiny.negated(), tiny) == -1)
    }

    @Test func smallDecimalsStayInline() throws {
        let price = try #require(CELDecimal("19.99"))
        let total = try price.multiplied(by: CELDecimal(3)).adding(try #require(CELDecimal("0.03")))
        guard case .small = total.significand else {
            Issue.record("\(total) is not held inline")
            return
        }
        #expect(total.description == "60.00")
    }
}
