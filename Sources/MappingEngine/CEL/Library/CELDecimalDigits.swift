/// A number as its decimal digits, read from its text (a double's shortest `description`, a
/// `CELDecimal`'s exact one): what `format` and the math extension round and write when the
/// value's own digits, not a binary approximation, must decide (`'%.2f'` of the decimal
/// `0.125` is `0.12`, a tie to even, exactly).
struct CELDecimalDigits {
    /// How a digit position is rounded.
    enum Rounding {
        /// A tie to the even digit (strings.md's "banker's rounding").
        case halfEven
        /// A tie away from zero (`math.round`).
        case halfAwayFromZero
        /// Dropped digits dropped (`math.trunc`).
        case towardZero
        /// Toward +∞ (`math.ceil`).
        case up
        /// Toward −∞ (`math.floor`).
        case down
    }

    var negative: Bool
    /// The significant digits as ASCII, without leading or trailing zeros; empty for zero.
    private(set) var digits: [UInt8]
    /// Where the decimal point is, counted in digits from the first one: `12.5` is `125` with
    /// point 2, `0.05` is `5` with point −1, `1500` is `15` with point 4.
    private(set) var point: Int

    /// Reads `[-]digits[.digits][e[±]digits]`; nil for any other text (`NaN`, `inf`).
    init?(_ text: some StringProtocol) {
        negative = false
        digits = []
        point = 0
        var pointAt: Int?
        var exponent = 0
        var exponentNegative = false
        var inExponent = false
        var sawDigit = false
        var sawExponentDigit = false
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where offset == 0: negative = true
            case UInt8(ascii: "+") where offset == 0: break
            case UInt8(ascii: "-") where inExponent && !sawExponentDigit: exponentNegative = true
            case UInt8(ascii: "+") where inExponent && !sawExponentDigit: break
            case UInt8(ascii: ".") where pointAt == nil && !inExponent: pointAt = digits.count
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard !inExponent, sawDigit else { return nil }
                inExponent = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inExponent {
                    // Past this the number is beyond any precision asked of it.
                    exponent = min(exponent * 10 + Int(byte - UInt8(ascii: "0")), 1 << 40)
                    sawExponentDigit = true
                } else {
                    digits.append(byte)
                    sawDigit = true
                }
            default:
                return nil
            }
        }
        guard sawDigit, sawExponentDigit || !inExponent else { return nil }
        point = (pointAt ?? digits.count) + (exponentNegative ? -exponent : exponent)
        normalize()
    }

    var isZero: Bool { digits.isEmpty }

    /// Whether a digit falls after the point.
    var hasFraction: Bool { digits.count > point }

    /// Drops leading zeros (moving the point) and trailing ones (the value stays).
    private mutating func normalize() {
        let leading = digits.prefix { $0 == UInt8(ascii: "0") }.count
        digits.removeFirst(leading)
        point -= leading
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        if digits.isEmpty { point = 0 }
    }

    /// Rounded to `count` digits after the point.
    mutating func round(fractionDigits count: Int, _ rounding: Rounding) {
        round(keeping: point + count, rounding)
    }

    /// Rounded to `count` significant digits.
    mutating func round(significantDigits count: Int, _ rounding: Rounding) {
        round(keeping: count, rounding)
    }

    /// Keeps the first `keep` digit positions (counted from the first significant digit; 0 or
    /// less keeps none), rounding by the dropped ones.
    private mutating func round(keeping keep: Int, _ rounding: Rounding) {
        guard keep < digits.count else { return }
        let dropped = keep > 0 ? digits[keep...] : digits[...]
        // The first dropped digit, the one at position `keep` (a zero above the first digit).
        let first = keep >= 0 ? dropped.first ?? UInt8(ascii: "0") : UInt8(ascii: "0")
        let beyondFirst = keep >= 0 ? dropped.dropFirst().contains { $0 != UInt8(ascii: "0") } : true
        let lastKeptOdd = keep > 0 && (digits[keep - 1] - UInt8(ascii: "0")) % 2 == 1
        let increment: Bool
        switch rounding {
        case .halfEven:
            increment = first > UInt8(ascii: "5") || (first == UInt8(ascii: "5") && (beyondFirst || lastKeptOdd))
        case .halfAwayFromZero:
            increment = first >= UInt8(ascii: "5")
        case .towardZero:
            increment = false
        case .up:
            increment = !negative
        case .down:
            increment = negative
        }
        // The value of one unit in the last kept position is 10^(point − keep).
        let unitPoint = point - keep + 1
        digits.removeLast(digits.count - max(keep, 0))
        if increment {
            if let last = digits.lastIndex(where: { $0 != UInt8(ascii: "9") }) {
                digits[last] += 1
                digits.removeLast(digits.count - last - 1)
            } else {
                // All nines (or nothing kept): the carry makes a new leading 1.
                digits = [UInt8(ascii: "1")]
                point = unitPoint + max(keep, 0)
                return normalize()
            }
        }
        normalize()
    }

    /// `[-]ddd.ddd` with exactly `count` digits after the point (none and no point for 0).
    func plain(fractionDigits count: Int) -> String {
        var text: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        text.reserveCapacity(max(point, 1) + count + 2)
        if point <= 0 {
            text.append(UInt8(ascii: "0"))
        } else {
            for position in 0..<point { text.append(digit(at: position)) }
        }
        if count > 0 {
            text.append(UInt8(ascii: "."))
            for position in point..<(point + count) { text.append(digit(at: position)) }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Every digit, without an exponent: `3.14`, `100`, `0.00001`.
    var plain: String {
        plain(fractionDigits: max(digits.count - point, 0))
    }

    /// `[-]d.ddde±dd` with `count` digits after the point (C's `%e`); call after rounding to
    /// `count + 1` significant digits.
    func scientific(fractionDigits count: Int) -> String {
        var text: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        text.append(digit(at: 0))
        if count > 0 {
            text.append(UInt8(ascii: "."))
            for position in 1...count { text.append(digit(at: position)) }
        }
        let exponent = isZero ? 0 : point - 1
        text.append(UInt8(ascii: "e"))
        text.append(exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let magnitude = String(exponent.magnitude)
        if magnitude.utf8.count < 2 { text.append(UInt8(ascii: "0")) }
        text += magnitude.utf8
        return String(decoding: text, as: UTF8.self)
    }

    /// The significant digit at `index`, of weight 10^(point − 1 − index): zero outside them.
    private func digit(at index: Int) -> UInt8 {
        index >= 0 && index < digits.count ? digits[index] : UInt8(ascii: "0")
    }
}
