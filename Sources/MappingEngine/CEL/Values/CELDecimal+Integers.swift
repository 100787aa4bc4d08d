/// A decimal's integer value, for conversions to int and uint and for map lookups.
extension CELDecimal {
    /// The key a map lookup with this decimal finds: its value when it is an integer in
    /// int or uint range.
    var integerKey: CELMapKey? {
        guard let (negative, magnitude) = integerMagnitude else { return nil }
        if negative {
            guard magnitude <= UInt128(Int64.max) + 1 else { return nil }
            return .int(Int64(truncatingIfNeeded: 0 &- UInt64(magnitude)))
        }
        guard magnitude <= UInt128(UInt64.max) else { return nil }
        return CELMapKey(key: .uint(UInt64(magnitude)))
    }

    /// The value as a sign and a 128-bit magnitude, when it is an integer that fits.
    var integerMagnitude: (negative: Bool, magnitude: UInt128)? {
        integerPart(exact: true)
    }

    /// The integer part, toward zero, as a sign and a 128-bit magnitude, when it fits.
    var truncatedMagnitude: (negative: Bool, magnitude: UInt128)? {
        integerPart(exact: false)
    }

    private func integerPart(exact: Bool) -> (negative: Bool, magnitude: UInt128)? {
        let (negative, magnitude) = parts
        if exponent >= 0 {
            if magnitude.isZero { return (false, 0) }
            guard exponent <= 38, let whole = magnitude.uint128 else { return nil }
            let (scaled, overflow) = whole.multipliedReportingOverflow(by: UInt128(CELDecimal.powersOfTen[Int(exponent)]))
            return overflow ? nil : (negative, scaled)
        }
        let (quotient, remainder) = magnitude.shiftedRight(by: Int(-exponent))
        guard !exact || remainder.isZero, let whole = quotient.uint128 else { return nil }
        return (negative && whole != 0, whole)
    }
}
