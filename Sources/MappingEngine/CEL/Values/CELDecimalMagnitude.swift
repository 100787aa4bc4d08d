/// A non-negative integer of any size, in base 10⁹ limbs (least significant first, no zero
/// limb at the top; zero has none): the significand of a `CELDecimal` too large for `Int128`.
/// Base 10⁹ makes powers of ten cheap (whole limbs) and printing exact, which is all a decimal
/// asks of a big integer; its sizes stay below `CELDecimal.maxDigits`, so schoolbook
/// algorithms are enough.
struct CELDecimalMagnitude: Sendable, Equatable {
    static let base: UInt64 = 1_000_000_000
    static let digitsPerLimb = 9
    /// 10⁰ … 10⁹.
    static let powersOfTen: [UInt64] = (0...9).map { exponent in
        (0..<exponent).reduce(1) { power, _ in power * 10 }
    }

    private(set) var limbs: [UInt32]

    init(limbs: [UInt32]) {
        self.limbs = limbs
        trim()
    }

    init(_ value: UInt128) {
        var rest = value
        var limbs: [UInt32] = []
        while rest > 0 {
            limbs.append(UInt32(rest % UInt128(Self.base)))
            rest /= UInt128(Self.base)
        }
        self.limbs = limbs
    }

    /// ASCII digits, most significant first.
    init(digits: some Collection<UInt8>) {
        var limbs = [UInt32](repeating: 0, count: (digits.count + Self.digitsPerLimb - 1) / Self.digitsPerLimb)
        var position = digits.count
        for digit in digits {
            position -= 1
            let limb = position / Self.digitsPerLimb
            limbs[limb] += UInt32(digit &- 0x30) * UInt32(Self.powersOfTen[position % Self.digitsPerLimb])
        }
        self.init(limbs: limbs)
    }

    var isZero: Bool { limbs.isEmpty }

    /// The value, when it fits in 128 bits.
    var uint128: UInt128? {
        guard limbs.count <= 5 else { return nil }
        var value: UInt128 = 0
        for limb in limbs.reversed() {
            let (scaled, overflow) = value.multipliedReportingOverflow(by: UInt128(Self.base))
            guard !overflow else { return nil }
            let (sum, carry) = scaled.addingReportingOverflow(UInt128(limb))
            guard !carry else { return nil }
            value = sum
        }
        return value
    }

    /// Decimal digits in the value (0 for zero).
    var digitCount: Int {
        guard let top = limbs.last else { return 0 }
        return (limbs.count - 1) * Self.digitsPerLimb + CELDecimal.digitCount(top)
    }

    /// The digits, most significant first ("0" for zero).
    var description: String {
        guard let top = limbs.last else { return "0" }
        var text = String(top)
        for limb in limbs.dropLast().reversed() {
            let digits = String(limb)
            text += String(repeating: "0", count: Self.digitsPerLimb - digits.count) + digits
        }
        return text
    }

    static func compare(_ a: CELDecimalMagnitude, _ b: CELDecimalMagnitude) -> Int {
        if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count ? -1 : 1 }
        var index = a.limbs.count - 1
        while index >= 0 {
            if a.limbs[index] != b.limbs[index] { return a.limbs[index] < b.limbs[index] ? -1 : 1 }
            index -= 1
        }
        return 0
    }

    static func + (a: CELDecimalMagnitude, b: CELDecimalMagnitude) -> CELDecimalMagnitude {
        var limbs = [UInt32](repeating: 0, count: max(a.limbs.count, b.limbs.count) + 1)
        var carry: UInt64 = 0
        for index in 0..<limbs.count {
            let sum = UInt64(a.limb(index)) + UInt64(b.limb(index)) + carry
            limbs[index] = UInt32(sum % base)
            carry = sum / base
        }
        return CELDecimalMagnitude(limbs: limbs)
    }

    /// `a - b`, for `a >= b`.
    static func - (a: CELDecimalMagnitude, b: CELDecimalMagnitude) -> CELDecimalMagnitude {
        var limbs = a.limbs
        var borrow: Int64 = 0
        for index in 0..<limbs.count {
            var difference = Int64(limbs[index]) - Int64(b.limb(index)) - borrow
            borrow = 0
            if difference < 0 {
                difference += Int64(base)
                borrow = 1
            }
            limbs[index] = UInt32(difference)
        }
        return CELDecimalMagnitude(limbs: limbs)
    }

    static func * (a: CELDecimalMagnitude, b: CELDecimalMagnitude) -> CELDecimalMagnitude {
        guard !a.isZero, !b.isZero else { return CELDecimalMagnitude(limbs: []) }
        var product = [UInt64](repeating: 0, count: a.limbs.count + b.limbs.count)
        for (i, x) in a.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, y) in b.limbs.enumerated() {
                // (10⁹−1)² + 2·(10⁹−1) < 2⁶⁴: the partial product, the limb and the carry fit.
                let term = UInt64(x) * UInt64(y) + product[i + j] + carry
                product[i + j] = term % base
                carry = term / base
            }
            product[i + b.limbs.count] += carry
        }
        return CELDecimalMagnitude(limbs: product.map { UInt32($0) })
    }

    /// `self × 10^power`.
    func shiftedLeft(by power: Int) -> CELDecimalMagnitude {
        guard !isZero, power > 0 else { return self }
        var limbs = [UInt32](repeating: 0, count: power / Self.digitsPerLimb) + self.limbs
        let factor = Self.powersOfTen[power % Self.digitsPerLimb]
        if factor > 1 {
            var carry: UInt64 = 0
            for index in (power / Self.digitsPerLimb)..<limbs.count {
                let term = UInt64(limbs[index]) * factor + carry
                limbs[index] = UInt32(term % Self.base)
                carry = term / Self.base
            }
            if carry > 0 { limbs.append(UInt32(carry)) }
        }
        return CELDecimalMagnitude(limbs: limbs)
    }

    /// `self / 10^power` and the remainder.
    func shiftedRight(by power: Int) -> (quotient: CELDecimalMagnitude, remainder: CELDecimalMagnitude) {
        guard power > 0 else { return (self, CELDecimalMagnitude(limbs: [])) }
        let whole = power / Self.digitsPerLimb
        guard whole < limbs.count else { return (CELDecimalMagnitude(limbs: []), self) }
        var remainder = Array(limbs[0..<whole])
        var quotient = Array(limbs[whole...])
        let divisor = Self.powersOfTen[power % Self.digitsPerLimb]
        if divisor > 1 {
            var rest: UInt64 = 0
            for index in stride(from: quotient.count - 1, through: 0, by: -1) {
                let current = rest * Self.base + UInt64(quotient[index])
                quotient[index] = UInt32(current / divisor)
                rest = current % divisor
            }
            remainder.append(UInt32(rest))
        }
        return (CELDecimalMagnitude(limbs: quotient), CELDecimalMagnitude(limbs: remainder))
    }

    /// `self / divisor` and the remainder, by long division one decimal digit at a time: the
    /// quotients a decimal division asks for have a few dozen digits, and the operands are
    /// bounded by `CELDecimal.maxDigits`.
    func divided(by divisor: CELDecimalMagnitude) -> (quotient: CELDecimalMagnitude, remainder: CELDecimalMagnitude) {
        let digits = Array(description.utf8)
        var quotient: [UInt8] = []
        quotient.reserveCapacity(digits.count)
        var remainder = CELDecimalMagnitude(limbs: [])
        for digit in digits {
            remainder = remainder.shiftedLeft(by: 1) + CELDecimalMagnitude(UInt128(digit &- 0x30))
            var count: UInt8 = 0
            while compare(remainder, divisor) >= 0 {
                remainder = remainder - divisor
                count += 1
            }
            quotient.append(0x30 + count)
        }
        return (CELDecimalMagnitude(digits: quotient), remainder)
    }

    private func compare(_ a: CELDecimalMagnitude, _ b: CELDecimalMagnitude) -> Int {
        CELDecimalMagnitude.compare(a, b)
    }

    @inline(__always)
    private func limb(_ index: Int) -> UInt32 {
        index < limbs.count ? limbs[index] : 0
    }

    private mutating func trim() {
        while let top = limbs.last, top == 0 { limbs.removeLast() }
    }
}
