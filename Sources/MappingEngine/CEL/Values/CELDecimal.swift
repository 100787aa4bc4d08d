/// convertd's `decimal` in CEL: an exact number `significand × 10^exponent`, never a double.
///
/// A significand that fits in `Int128` (38 digits: every price, quantity and measure) is held
/// inline, so comparing and adding such decimals allocates nothing; a larger one is held in a
/// `CELDecimalMagnitude`. Trailing zeros are kept as written (`1.50` stays `1.50`), as the
/// General Decimal Arithmetic specification (Python's `decimal`, Java's `BigDecimal`) keeps them:
/// `1.50 + 1` is `2.50`, `1.5 * 2` is `3.0`, and equality is by value (`1.50 == 1.5`).
public struct CELDecimal: Sendable {
    /// The most significant digits a decimal may have; a result beyond is an `overflow` error.
    /// It bounds the work of any one operation (and so what the budget must account for).
    public static let maxDigits = 1_000
    /// The largest exponent magnitude (`1e999999999` is accepted, `1e1000000000` is not).
    public static let maxExponent = 999_999_999
    /// Significant digits of a quotient: decimal128's precision.
    public static let divisionDigits = 34

    enum Significand: Sendable {
        /// Never `Int128.min`, so that negating stays inline.
        case small(Int128)
        case large(negative: Bool, CELDecimalMagnitude)
    }

    var significand: Significand
    var exponent: Int32

    init(significand: Significand, exponent: Int32) {
        self.significand = significand
        self.exponent = exponent
    }

    /// An integer, exactly.
    public init(_ value: some BinaryInteger) {
        if let small = Int128(exactly: value), small != .min {
            self.init(significand: .small(small), exponent: 0)
        } else {
            self.init(significand: .large(negative: value < 0, CELDecimalMagnitude(UInt128(truncatingIfNeeded: value.magnitude))), exponent: 0)
        }
    }

    /// `negative`, `magnitude` and `exponent` made into a decimal: inline when the magnitude
    /// fits, an overflow error when the digits or the exponent are out of range.
    init(negative: Bool, magnitude: CELDecimalMagnitude, exponent: Int) throws(CELError) {
        guard let exponent = CELDecimal.checkedExponent(exponent) else {
            throw CELError(.overflow, "decimal exponent out of range")
        }
        if let small = magnitude.uint128, small <= UInt128(Int128.max) {
            self.init(significand: .small(negative ? -Int128(small) : Int128(small)), exponent: exponent)
        } else {
            guard magnitude.digitCount <= CELDecimal.maxDigits else {
                throw CELError(.overflow, "decimal of more than \(CELDecimal.maxDigits) digits")
            }
            self.init(significand: .large(negative: negative, magnitude), exponent: exponent)
        }
    }

    /// `value` × 10^`exponent`, inline; nil when the exponent is out of range or `value` is
    /// `Int128.min`.
    init?(_ value: Int128, exponent: Int) {
        guard value != .min, let exponent = CELDecimal.checkedExponent(exponent) else { return nil }
        self.init(significand: .small(value), exponent: exponent)
    }

    static func checkedExponent(_ exponent: Int) -> Int32? {
        (-maxExponent...maxExponent).contains(exponent) ? Int32(exponent) : nil
    }

    /// Whether the value is below zero.
    var isNegative: Bool {
        switch significand {
        case .small(let value): return value < 0
        case .large(let negative, _): return negative
        }
    }

    var isZero: Bool {
        switch significand {
        case .small(let value): return value == 0
        case .large(_, let magnitude): return magnitude.isZero
        }
    }

    /// The significand's sign and magnitude, whatever its storage.
    var parts: (negative: Bool, magnitude: CELDecimalMagnitude) {
        switch significand {
        case .small(let value): return (value < 0, CELDecimalMagnitude(value.magnitude))
        case .large(let negative, let magnitude): return (negative, magnitude)
        }
    }

    /// Digits in the significand, trailing zeros included.
    var digitCount: Int {
        switch significand {
        case .small(let value): return CELDecimal.digitCount(value.magnitude)
        case .large(_, let magnitude): return magnitude.digitCount
        }
    }

    /// Decimal digits in `value` (0 for zero): a small significand's, a magnitude's top limb's.
    static func digitCount(_ value: some UnsignedInteger) -> Int {
        var count = 0
        var rest = value
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// 10^power in 128 bits, for power 0…38.
    static let powersOfTen: [Int128] = (0...38).map { power in
        (0..<power).reduce(1) { value, _ in value * 10 }
    }
}
