extension CELDecimal {
    /// `self + other`, exact; its exponent is the smaller of the two (`1.50 + 1` is `2.50`).
    public func adding(_ other: CELDecimal) throws(CELError) -> CELDecimal {
        if case .small(let x) = significand, case .small(let y) = other.significand,
           let (left, right, exponent) = CELDecimal.aligned(x, self.exponent, y, other.exponent) {
            let (sum, overflow) = left.addingReportingOverflow(right)
            if !overflow, sum != .min { return CELDecimal(significand: .small(sum), exponent: exponent) }
        }
        return try CELDecimal.addLarge(self, other)
    }

    /// `self - other`, exact.
    public func subtracting(_ other: CELDecimal) throws(CELError) -> CELDecimal {
        try adding(other.negated())
    }

    /// `-self`.
    public func negated() -> CELDecimal {
        switch significand {
        case .small(let value): return CELDecimal(significand: .small(-value), exponent: exponent)
        case .large(let negative, let magnitude):
            return CELDecimal(significand: .large(negative: !negative, magnitude), exponent: exponent)
        }
    }

    /// `self × other`, exact; its exponent is the sum of the two (`1.5 * 2` is `3.0`).
    public func multiplied(by other: CELDecimal) throws(CELError) -> CELDecimal {
        let exponent = Int(self.exponent) + Int(other.exponent)
        if case .small(let x) = significand, case .small(let y) = other.significand {
            let (product, overflow) = x.multipliedReportingOverflow(by: y)
            if !overflow, product != .min, let result = CELDecimal(product, exponent: exponent) { return result }
        }
        let (leftNegative, left) = parts
        let (rightNegative, right) = other.parts
        guard left.digitCount + right.digitCount <= CELDecimal.maxDigits + 1 else {
            throw CELError(.overflow, "decimal of more than \(CELDecimal.maxDigits) digits")
        }
        return try CELDecimal(negative: leftNegative != rightNegative, magnitude: left * right, exponent: exponent)
    }

    /// `self / other` to `divisionDigits` significant digits, rounded half to even; an exact
    /// quotient keeps no more trailing zeros than its operands ask for (`1 / 4` is `0.25`,
    /// `1.00 / 2` is `0.50`, `6 / 2` is `3`). Division by zero is an error.
    public func divided(by other: CELDecimal) throws(CELError) -> CELDecimal {
        guard !other.isZero else { throw CELError(.divisionByZero, "decimal division by zero") }
        let ideal = Int(exponent) - Int(other.exponent)
        let negative = isNegative != other.isNegative
        if isZero {
            return CELDecimal(0, exponent: ideal) ?? CELDecimal(significand: .small(0), exponent: 0)
        }
        if case .small(let x) = significand, case .small(let y) = other.significand,
           let quotient = CELDecimal.divide(x.magnitude, y.magnitude, negative: negative, ideal: ideal) {
            return quotient
        }
        let (_, dividend) = parts
        let (_, divisor) = other.parts
        let precision = CELDecimal.divisionDigits
        // Scaled so that the quotient has at least one digit more than the precision.
        let scale = max(0, precision + 1 + divisor.digitCount - dividend.digitCount)
        var (quotient, remainder) = dividend.shiftedLeft(by: scale).divided(by: divisor)
        var exponent = ideal - scale
        var exact = remainder.isZero
        let excess = quotient.digitCount - precision
        if excess > 0 {
            let (kept, dropped) = quotient.shiftedRight(by: excess)
            let half = CELDecimalMagnitude(5).shiftedLeft(by: excess - 1)
            var order = CELDecimalMagnitude.compare(dropped, half)
            if order == 0 && !exact { order = 1 }
            quotient = kept
            if order > 0 || (order == 0 && (kept.limbs.first ?? 0) % 2 == 1) {
                quotient = quotient + CELDecimalMagnitude(1)
                // 99…9 rounded up is 10…0: one digit too many, and that digit a zero.
                if quotient.digitCount > precision {
                    quotient = quotient.shiftedRight(by: 1).quotient
                    exponent += 1
                }
            }
            exact = exact && dropped.isZero
            exponent += excess
        }
        if exact {
            while exponent < ideal {
                let (shorter, rest) = quotient.shiftedRight(by: 1)
                guard rest.isZero else { break }
                quotient = shorter
                exponent += 1
            }
        }
        return try CELDecimal(negative: negative, magnitude: quotient, exponent: exponent)
    }

    /// `dividend / divisor` as `divided(by:)` computes it, in 128 bits: when the scaled
    /// dividend fits (a divisor of up to three digits), no big integer is made. Nil otherwise.
    private static func divide(_ dividend: UInt128, _ divisor: UInt128, negative: Bool, ideal: Int) -> CELDecimal? {
        let precision = divisionDigits
        let scale = max(0, precision + 1 + digitCount(divisor) - digitCount(dividend))
        guard scale < powersOfTen.count else { return nil }
        let (scaled, overflow) = dividend.multipliedReportingOverflow(by: UInt128(powersOfTen[scale]))
        guard !overflow else { return nil }
        var quotient = scaled / divisor
        var exact = scaled % divisor == 0
        var exponent = ideal - scale
        let excess = digitCount(quotient) - precision
        if excess > 0 {
            let power = UInt128(powersOfTen[excess])
            let dropped = quotient % power
            quotient /= power
            let half = power / 2
            let roundUp = dropped > half || (dropped == half && (!exact || quotient % 2 == 1))
            if roundUp { quotient += 1 }
            if quotient == UInt128(powersOfTen[precision]) {
                quotient /= 10
                exponent += 1
            }
            exact = exact && dropped == 0
            exponent += excess
        }
        if exact {
            while exponent < ideal, quotient % 10 == 0 {
                quotient /= 10
                exponent += 1
            }
        }
        return CELDecimal(negative ? -Int128(quotient) : Int128(quotient), exponent: exponent)
    }

    /// Both significands at the smaller exponent, when they fit inline.
    @inline(__always)
    static func aligned(_ x: Int128, _ xExponent: Int32, _ y: Int128, _ yExponent: Int32) -> (Int128, Int128, Int32)? {
        if xExponent == yExponent { return (x, y, xExponent) }
        if xExponent > yExponent {
            guard let scaled = scale(x, by: Int(xExponent) - Int(yExponent)) else { return nil }
            return (scaled, y, yExponent)
        }
        guard let scaled = scale(y, by: Int(yExponent) - Int(xExponent)) else { return nil }
        return (x, scaled, xExponent)
    }

    /// `value × 10^power`, when it fits.
    @inline(__always)
    static func scale(_ value: Int128, by power: Int) -> Int128? {
        guard power < powersOfTen.count else { return value == 0 ? 0 : nil }
        let (scaled, overflow) = value.multipliedReportingOverflow(by: powersOfTen[power])
        return overflow ? nil : scaled
    }

    private static func addLarge(_ a: CELDecimal, _ b: CELDecimal) throws(CELError) -> CELDecimal {
        if a.isZero && b.exponent <= a.exponent { return b }
        if b.isZero && a.exponent <= b.exponent { return a }
        let exponent = min(Int(a.exponent), Int(b.exponent))
        let (leftNegative, leftDigits) = a.parts
        let (rightNegative, rightDigits) = b.parts
        let leftShift = Int(a.exponent) - exponent
        let rightShift = Int(b.exponent) - exponent
        guard leftDigits.digitCount + leftShift <= maxDigits, rightDigits.digitCount + rightShift <= maxDigits else {
            throw CELError(.overflow, "decimal of more than \(maxDigits) digits")
        }
        let left = leftDigits.shiftedLeft(by: leftShift)
        let right = rightDigits.shiftedLeft(by: rightShift)
        if leftNegative == rightNegative {
            return try CELDecimal(negative: leftNegative, magnitude: left + right, exponent: exponent)
        }
        let order = CELDecimalMagnitude.compare(left, right)
        if order >= 0 {
            return try CELDecimal(negative: leftNegative && order != 0, magnitude: left - right, exponent: exponent)
        }
        return try CELDecimal(negative: rightNegative, magnitude: right - left, exponent: exponent)
    }
}
