/// Arbitrary-precision decimal text, kept digit for digit.
public enum DecimalText {
    /// Writes the canonical JSON-number form of `text` to `out` and returns its length, or nil when
    /// `text` is not number text.
    ///
    /// `out` needs room for `text.count + 2` bytes (the canonical form is never longer than the
    /// input). Canonical means no `+`, no superfluous leading zeros (`007.50` → `7.50`), trailing
    /// zeros kept, the exponent written as `e` with no `+` and no leading zeros (`1.5E+03` →
    /// `1.5e3`, `1e-0` → `1e0`), and `-0` kept as `-0`. Lax text is trimmed first.
    public static func canonical(
        _ text: UnsafeBufferPointer<UInt8>, lax: Bool, to out: UnsafeMutablePointer<UInt8>
    ) -> Int? {
        guard let lexeme = ScalarNumberLexeme.scan(text, lax: lax) else { return nil }
        var length = 0
        if lexeme.negative {
            out[length] = UInt8(ascii: "-")
            length += 1
        }
        var intStart = lexeme.intStart
        while intStart < lexeme.intEnd - 1, text[intStart] == UInt8(ascii: "0") { intStart += 1 }
        length = append(text, intStart..<lexeme.intEnd, to: out, at: length)
        if lexeme.hasFraction {
            out[length] = UInt8(ascii: ".")
            length = append(text, lexeme.fracStart..<lexeme.fracEnd, to: out, at: length + 1)
        }
        if lexeme.hasExponent {
            out[length] = UInt8(ascii: "e")
            length += 1
            var exponentStart = lexeme.exponentStart
            while exponentStart < lexeme.exponentEnd - 1, text[exponentStart] == UInt8(ascii: "0") {
                exponentStart += 1
            }
            if lexeme.exponentNegative && text[exponentStart] != UInt8(ascii: "0") {
                out[length] = UInt8(ascii: "-")
                length += 1
            }
            length = append(text, exponentStart..<lexeme.exponentEnd, to: out, at: length)
        }
        return length
    }

    /// Exact comparison of two JSON number literals of any size: -1, 0 or 1.
    ///
    /// `1e400` > `99…9` (40 digits), `0.10` == `0.1`, `-0` == `0`. Lax numeric text is accepted
    /// too; text that is not number text orders before every number and equal to other such text.
    public static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let left = ScalarNumberLexeme.scan(a, lax: true)
        let right = ScalarNumberLexeme.scan(b, lax: true)
        guard let left, let right else {
            return left == nil ? (right == nil ? 0 : -1) : 1
        }
        let leftFirst = left.firstSignificant(in: a)
        let rightFirst = right.firstSignificant(in: b)
        let leftSign = leftFirst == nil ? 0 : (left.negative ? -1 : 1)
        let rightSign = rightFirst == nil ? 0 : (right.negative ? -1 : 1)
        guard leftSign == rightSign else { return leftSign < rightSign ? -1 : 1 }
        guard let leftFirst, let rightFirst else { return 0 }
        let magnitudeOrder = compareMagnitudes(a, left, leftFirst, b, right, rightFirst)
        return leftSign < 0 ? -magnitudeOrder : magnitudeOrder
    }

    /// Copies `text[range]` to `out` from `index` on and returns the new length.
    @inline(__always)
    private static func append(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: UnsafeMutablePointer<UInt8>, at index: Int
    ) -> Int {
        var length = index
        for position in range {
            out[length] = text[position]
            length += 1
        }
        return length
    }

    /// Compares the magnitudes of two non-zero numbers given their first significant digits.
    private static func compareMagnitudes(
        _ a: UnsafeBufferPointer<UInt8>, _ left: ScalarNumberLexeme, _ leftFirst: Int,
        _ b: UnsafeBufferPointer<UInt8>, _ right: ScalarNumberLexeme, _ rightFirst: Int
    ) -> Int {
        // Each magnitude is 0.d₁d₂… × 10^(exponent + offset) with d₁ ≠ 0, so the adjusted
        // exponents decide unless they are equal.
        let leftOffset = left.intCount - left.digitIndex(of: leftFirst)
        let rightOffset = right.intCount - right.digitIndex(of: rightFirst)
        let exponentOrder = compareAdjustedExponents(a, left, leftOffset, b, right, rightOffset)
        if exponentOrder != 0 { return exponentOrder }
        var leftPosition = leftFirst
        var rightPosition = rightFirst
        let leftEnd = left.digitsEnd
        let rightEnd = right.digitsEnd
        while true {
            if leftPosition < leftEnd, a[leftPosition] == UInt8(ascii: ".") { leftPosition += 1 }
            if rightPosition < rightEnd, b[rightPosition] == UInt8(ascii: ".") { rightPosition += 1 }
            if leftPosition == leftEnd {
                return hasNonZeroDigit(b, rightPosition..<rightEnd) ? -1 : 0
            }
            if rightPosition == rightEnd {
                return hasNonZeroDigit(a, leftPosition..<leftEnd) ? 1 : 0
            }
            let leftDigit = a[leftPosition]
            let rightDigit = b[rightPosition]
            if leftDigit != rightDigit { return leftDigit < rightDigit ? -1 : 1 }
            leftPosition += 1
            rightPosition += 1
        }
    }

    /// Whether `text[range]` holds a digit other than `0` (a `.` is skipped).
    private static func hasNonZeroDigit(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        for position in range where text[position] != UInt8(ascii: "0") && text[position] != UInt8(ascii: ".") {
            return true
        }
        return false
    }

    /// Compares `exponent(left) + leftOffset` with `exponent(right) + rightOffset` exactly, for
    /// exponents written with any number of digits.
    private static func compareAdjustedExponents(
        _ a: UnsafeBufferPointer<UInt8>, _ left: ScalarNumberLexeme, _ leftOffset: Int,
        _ b: UnsafeBufferPointer<UInt8>, _ right: ScalarNumberLexeme, _ rightOffset: Int
    ) -> Int {
        // Below 10^18 the exponent plus an offset bounded by the buffer size cannot overflow.
        if let leftExponent = smallExponent(a, left), let rightExponent = smallExponent(b, right) {
            let leftValue = leftExponent + leftOffset
            let rightValue = rightExponent + rightOffset
            return leftValue == rightValue ? 0 : (leftValue < rightValue ? -1 : 1)
        }
        return signOfDifference(a, left, b, right, offset: leftOffset - rightOffset)
    }

    /// The exponent's value when it has at most 18 significant digits.
    private static func smallExponent(_ text: UnsafeBufferPointer<UInt8>, _ lexeme: ScalarNumberLexeme) -> Int? {
        var value = 0
        var digits = 0
        for position in lexeme.exponentStart..<lexeme.exponentEnd {
            let digit = Int(text[position] &- 0x30)
            if digits == 0 && digit == 0 { continue }
            digits += 1
            if digits > 18 { return nil }
            value = value * 10 + digit
        }
        return lexeme.exponentNegative ? -value : value
    }

    /// The sign of `exponent(left) - exponent(right) + offset`, computed digit by digit in ten's
    /// complement so that exponents of any length need no buffer.
    private static func signOfDifference(
        _ a: UnsafeBufferPointer<UInt8>, _ left: ScalarNumberLexeme,
        _ b: UnsafeBufferPointer<UInt8>, _ right: ScalarNumberLexeme, offset: Int
    ) -> Int {
        let leftLength = left.exponentEnd - left.exponentStart
        let rightLength = right.exponentEnd - right.exponentStart
        // Two extra digits keep the sum of three terms clear of the sign digit.
        let width = max(leftLength, rightLength, 20) + 2
        let leftNegative = left.exponentNegative
        let rightNegative = !right.exponentNegative
        let offsetNegative = offset < 0
        var offsetRest = offset.magnitude
        var carry = (leftNegative ? 1 : 0) + (rightNegative ? 1 : 0) + (offsetNegative ? 1 : 0)
        var nonZero = false
        var digit = 0
        for place in 0..<width {
            var leftDigit = place < leftLength ? Int(a[left.exponentEnd - 1 - place] &- 0x30) : 0
            var rightDigit = place < rightLength ? Int(b[right.exponentEnd - 1 - place] &- 0x30) : 0
            var offsetDigit = Int(offsetRest % 10)
            offsetRest /= 10
            if leftNegative { leftDigit = 9 - leftDigit }
            if rightNegative { rightDigit = 9 - rightDigit }
            if offsetNegative { offsetDigit = 9 - offsetDigit }
            let sum = leftDigit + rightDigit + offsetDigit + carry
            digit = sum % 10
            carry = sum / 10
            if digit != 0 { nonZero = true }
        }
        guard nonZero else { return 0 }
        return digit >= 5 ? -1 : 1
    }
}
