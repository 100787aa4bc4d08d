#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import MappingEngine

/// Binary floating-point reading: rounding, range and the lax non-finite words.
struct ScalarFloatTextTests {
    static let doubleCases: [(String, FloatText)] = [
        ("0.1", .value(0.1)),
        ("-0.1", .value(-0.1)),
        ("0", .value(0)),
        ("1e400", .outOfRange),
        ("-1e400", .outOfRange),
        ("1e-400", .outOfRange),
        ("-1e-400", .outOfRange),
        ("2.4e-324", .outOfRange),
        ("4.9e-324", .value(Double.leastNonzeroMagnitude)),
        ("1.7976931348623157e308", .value(Double.greatestFiniteMagnitude)),
        ("1.7976931348623159e308", .outOfRange),
        ("0e999999", .value(0)),
        ("1e99999999999999999999999", .outOfRange),
        ("1e-99999999999999999999999", .outOfRange),
        ("9007199254740993", .value(9_007_199_254_740_992)),
        ("9007199254740995", .value(9_007_199_254_740_996)),
        ("123.456e-2", .value(1.23456)),
        ("1e22", .value(1e22)),
        ("1e23", .value(1e23)),
        ("0.1000000000000000055511151231257827021181583404541015625", .value(0.1)),
        ("2.2250738585072011e-308", .value(Double(bitPattern: 0x000F_FFFF_FFFF_FFFF))),
        ("12345678901234567890123456789", .value(1.2345678901234568e28)),
    ]

    @Test(arguments: doubleCases)
    func readsDoubles(_ text: String, _ expected: FloatText) {
        #expect(ScalarFixture.bytes(text) { FloatText.readDouble($0, lax: false) } == expected)
        #expect(ScalarFixture.bytes(text) { FloatText.readDouble($0, lax: true) } == expected)
    }

    @Test func keepsNegativeZero() {
        guard case let .value(zero) = ScalarFixture.bytes("-0.0", { FloatText.readDouble($0, lax: false) }) else {
            Issue.record("-0.0 should be a value")
            return
        }
        #expect(zero == 0 && zero.sign == .minus)
    }

    @Test(arguments: ["NaN", "nan", "-NaN", "Infinity", "-infinity", "+INF", " inf ", "iNf"])
    func classifiesNonFiniteWords(_ text: String) {
        #expect(ScalarFixture.bytes(text) { FloatText.readDouble($0, lax: true) } == .outOfRange)
        #expect(ScalarFixture.bytes(text) { FloatText.readFloat($0, lax: true) } == .outOfRange)
        #expect(ScalarFixture.bytes(text) { FloatText.readDouble($0, lax: false) } == .invalid)
        #expect(ScalarFixture.bytes(text) { FloatText.readFloat($0, lax: false) } == .invalid)
    }

    @Test(arguments: ["", "abc", "0x1p3", "1_0", ".5", "5.", "-", "infinit", "nanx", "++inf", "1e", "1.5f"])
    func rejectsInvalidText(_ text: String) {
        #expect(ScalarFixture.bytes(text) { FloatText.readDouble($0, lax: true) } == .invalid)
        #expect(ScalarFixture.bytes(text) { FloatText.readFloat($0, lax: true) } == .invalid)
    }

    @Test(arguments: [" 1.5", "+1.5", "01.5"])
    func acceptsLaxFormsOnlyWhenLax(_ text: String) {
        #expect(ScalarFixture.bytes(text) { FloatText.readDouble($0, lax: true) } == .value(1.5))
        #expect(ScalarFixture.bytes(text) { FloatText.readDouble($0, lax: false) } == .invalid)
    }

    static let floatCases: [(String, FloatText)] = [
        ("3.5e38", .outOfRange),
        ("-3.5e38", .outOfRange),
        ("3.4028235e38", .value(Double(Float.greatestFiniteMagnitude))),
        ("1e-46", .outOfRange),
        ("1e-45", .value(Double(Float.leastNonzeroMagnitude))),
        ("0.1", .value(Double(Float(0.1)))),
        ("16777217", .value(16_777_216)),
        ("1.5", .value(1.5)),
        ("1e10", .value(1e10)),
        ("1e400", .outOfRange),
    ]

    @Test(arguments: floatCases)
    func readsFloats(_ text: String, _ expected: FloatText) {
        #expect(ScalarFixture.bytes(text) { FloatText.readFloat($0, lax: false) } == expected)
    }

    /// A deterministic SplitMix64 stream for the rounding cross-check.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: UInt64) -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return (mixed ^ (mixed >> 31)) % bound
        }
    }

    @Test func agreesWithStrtodOnRandomText() {
        var generator = Generator(state: 7)
        for _ in 0..<20_000 {
            var text = generator.next(2) == 0 ? "" : "-"
            let digits = 1 + Int(generator.next(22))
            for index in 0..<digits {
                text += String(index == 0 ? 1 + generator.next(9) : generator.next(10))
            }
            if generator.next(2) == 0 {
                text += "."
                for _ in 0...generator.next(8) { text += String(generator.next(10)) }
            }
            if generator.next(2) == 0 { text += "e" + String(Int(generator.next(90)) - 45) }
            let expectedDouble = strtod(text, nil)
            let expectedFloat = strtof(text, nil)
            let double = ScalarFixture.bytes(text) { FloatText.readDouble($0, lax: false) }
            let float = ScalarFixture.bytes(text) { FloatText.readFloat($0, lax: false) }
            #expect(double == (expectedDouble.isFinite ? .value(expectedDouble) : .outOfRange), "\(text)")
            if case let .value(readDouble) = double {
                #expect(readDouble.bitPattern == expectedDouble.bitPattern, "\(text)")
            }
            #expect(float == (expectedFloat.isFinite ? .value(Double(expectedFloat)) : .outOfRange), "\(text)")
        }
    }
}
