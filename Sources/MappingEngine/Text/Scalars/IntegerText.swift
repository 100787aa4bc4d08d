/// An exact integer read from number text.
public enum IntegerText: Sendable, Equatable {
    /// An integral value; `-0` is reported as `(false, 0)`.
    case value(negative: Bool, magnitude: UInt64)
    /// A finite value that is not integral, such as `1.5` or `1e-1`.
    case fraction
    /// An integral value whose magnitude exceeds `UInt64.max`, such as `1e400`.
    case outOfRange(negative: Bool)
    /// Text that is not number text.
    case invalid

    /// Reads a JSON number literal (`lax: false`) or lax numeric text (`lax: true`).
    ///
    /// `1.0`, `1e3`, `1.5e1` and `100e-2` are integral. Exponents of any size are classified
    /// without looping over their value: `0e999999999` is 0 and `1e-999999` is a fraction.
    public static func read(_ text: UnsafeBufferPointer<UInt8>, lax: Bool) -> IntegerText {
        guard let lexeme = ScalarNumberLexeme.scan(text, lax: lax) else { return .invalid }
        // Plain integers of up to 19 digits cannot overflow, so they skip the general path.
        if !lexeme.hasFraction && !lexeme.hasExponent && lexeme.intCount <= 19 {
            var magnitude: UInt64 = 0
            for position in lexeme.intStart..<lexeme.intEnd {
                magnitude = magnitude &* 10 &+ UInt64(text[position] &- 0x30)
            }
            return .value(negative: lexeme.negative && magnitude != 0, magnitude: magnitude)
        }
        return readGeneral(text, lexeme)
    }

    /// Classifies a number with a fraction, an exponent or many digits as significand × 10^scale.
    private static func readGeneral(_ text: UnsafeBufferPointer<UInt8>, _ lexeme: ScalarNumberLexeme) -> IntegerText {
        guard let first = lexeme.firstSignificant(in: text) else {
            return .value(negative: false, magnitude: 0)
        }
        let last = lexeme.lastSignificant(in: text)
        let lastIndex = lexeme.digitIndex(of: last)
        // The significand ends in a non-zero digit, so any negative scale leaves a fraction.
        let scale = lexeme.exponent(in: text) + (lexeme.intCount - 1 - lastIndex)
        if scale < 0 { return .fraction }
        let digitCount = lastIndex - lexeme.digitIndex(of: first) + 1
        if digitCount + scale > 20 { return .outOfRange(negative: lexeme.negative) }
        var magnitude: UInt64 = 0
        for position in first...last {
            let byte = text[position]
            if byte == UInt8(ascii: ".") { continue }
            let (shifted, overflowA) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = shifted.addingReportingOverflow(UInt64(byte &- 0x30))
            if overflowA || overflowB { return .outOfRange(negative: lexeme.negative) }
            magnitude = sum
        }
        for _ in 0..<scale {
            let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            if overflow { return .outOfRange(negative: lexeme.negative) }
            magnitude = shifted
        }
        return .value(negative: lexeme.negative, magnitude: magnitude)
    }
}
