import Foundation

extension CELDecimal {
    /// -1, 0 or 1 as `a` is below, equal to or above `b`, by value (`1.50` equals `1.5`).
    public static func compare(_ a: CELDecimal, _ b: CELDecimal) -> Int {
        if case .small(let x) = a.significand, case .small(let y) = b.significand,
           let (left, right, _) = aligned(x, a.exponent, y, b.exponent) {
            return left == right ? 0 : (left < right ? -1 : 1)
        }
        let leftSign = a.isZero ? 0 : (a.isNegative ? -1 : 1)
        let rightSign = b.isZero ? 0 : (b.isNegative ? -1 : 1)
        guard leftSign == rightSign else { return leftSign < rightSign ? -1 : 1 }
        guard leftSign != 0 else { return 0 }
        return leftSign * compareMagnitudes(a, b)
    }

    /// The order of `|a|` and `|b|`, both non-zero.
    private static func compareMagnitudes(_ a: CELDecimal, _ b: CELDecimal) -> Int {
        // Each is below 10^(digits + exponent) and at least 10^(digits + exponent − 1).
        let leftTop = a.digitCount + Int(a.exponent)
        let rightTop = b.digitCount + Int(b.exponent)
        if leftTop != rightTop { return leftTop < rightTop ? -1 : 1 }
        let exponent = min(Int(a.exponent), Int(b.exponent))
        // Equal tops bound each shift by the other's digit count, so neither grows past maxDigits.
        let left = a.parts.magnitude.shiftedLeft(by: Int(a.exponent) - exponent)
        let right = b.parts.magnitude.shiftedLeft(by: Int(b.exponent) - exponent)
        return CELDecimalMagnitude.compare(left, right)
    }

    /// The order of `a` and `b`; nil when `b` is NaN.
    ///
    /// Exact: `decimal('0.1') < 0.1` holds, since the double is 0.1000000000000000055…. A
    /// double estimate of the decimal settles every comparison but near-ties without building
    /// the double's exact decimal expansion.
    public static func compare(_ a: CELDecimal, _ b: Double) -> Int? {
        if b.isNaN { return nil }
        if b.isInfinite { return b < 0 ? 1 : -1 }
        let estimate = a.estimate
        // The estimate is within a few units in the last place; a margin of 2⁻⁴⁰ relative to the
        // larger value is far beyond that.
        if estimate.isNormal, b == 0 || b.isNormal, abs(estimate - b) > max(abs(estimate), abs(b)) * 0x1p-40 {
            return estimate < b ? -1 : 1
        }
        guard let exact = CELDecimal(exactly: b) else { return estimate < b ? -1 : (estimate > b ? 1 : 0) }
        return compare(a, exact)
    }

    /// Roughly the value as a double (within a few units in the last place; ±infinity or zero
    /// beyond double's range), for comparisons that only need to tell far values apart.
    var estimate: Double {
        let (negative, magnitude): (Bool, Double)
        var exponent = Int(self.exponent)
        switch significand {
        case .small(let value): (negative, magnitude) = (value < 0, Double(value.magnitude))
        case .large(let sign, let digits):
            // The top three limbs carry more than double's precision.
            var value = 0.0
            for limb in digits.limbs.suffix(3).reversed() { value = value * 1e9 + Double(limb) }
            (negative, magnitude) = (sign, value)
            exponent += (digits.limbs.count - min(3, digits.limbs.count)) * CELDecimalMagnitude.digitsPerLimb
        }
        let scaled = exponent < -300 ? magnitude * pow(10, Double(exponent + 300)) * 1e-300 : magnitude * pow(10, Double(exponent))
        return negative ? -scaled : scaled
    }

    /// The double's exact value: `m × 2^e` is `m × 5^−e × 10^e` for negative `e`.
    init?(exactly value: Double) {
        guard value.isFinite else { return nil }
        if value == 0 {
            self.init(0)
            return
        }
        // A normal double is (2⁵² + bits) × 2^(exponent − 52); a subnormal one bits × 2⁻¹⁰⁷⁴.
        let bits = UInt128(value.significandBitPattern)
        let significand = CELDecimalMagnitude(value.isNormal ? bits | (1 << 52) : bits)
        let power = value.isNormal ? Int(value.exponent) - 52 : -1074
        var magnitude = significand
        if power >= 0 {
            for _ in 0..<(power / 30) { magnitude = magnitude * CELDecimalMagnitude(1 << 30) }
            magnitude = magnitude * CELDecimalMagnitude(UInt128(1) << (power % 30))
        } else {
            for _ in 0..<(-power / 12) { magnitude = magnitude * CELDecimalMagnitude(244_140_625) }
            magnitude = magnitude * CELDecimalMagnitude(UInt128(CELDecimal.powersOfTen[-power % 12] >> (-power % 12)))
        }
        guard let decimal = try? CELDecimal(negative: value < 0, magnitude: magnitude, exponent: min(power, 0)) else { return nil }
        self = decimal
    }
}
