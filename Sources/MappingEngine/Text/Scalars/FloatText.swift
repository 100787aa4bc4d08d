#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A finite binary floating-point value read from text.
public enum FloatText: Sendable, Equatable {
    /// A finite value (a `-0` text keeps its sign).
    case value(Double)
    /// Overflow to ±infinity, a non-zero value that underflows to 0, and (lax text only)
    /// `inf`, `infinity` or `nan` in any case with an optional sign.
    case outOfRange
    /// Text that is not number text.
    case invalid

    /// Reads a 64-bit value, correctly rounded, from a JSON number literal (`lax: false`) or lax numeric text.
    public static func readDouble(_ text: UnsafeBufferPointer<UInt8>, lax: Bool) -> FloatText {
        guard let lexeme = ScalarNumberLexeme.scan(text, lax: lax) else {
            return lax && isNonFiniteWord(text) ? .outOfRange : .invalid
        }
        guard lexeme.firstSignificant(in: text) != nil else {
            return .value(lexeme.negative ? -0.0 : 0.0)
        }
        if let fast = fastDouble(text, lexeme) { return .value(fast) }
        guard let result = withCString(text, lexeme, { strtod($0, nil) }) else { return .invalid }
        return result.isFinite && result != 0 ? .value(result) : .outOfRange
    }

    /// Reads a 32-bit value with the same rules as `readDouble`; the payload holds the `Float` exactly.
    public static func readFloat(_ text: UnsafeBufferPointer<UInt8>, lax: Bool) -> FloatText {
        guard let lexeme = ScalarNumberLexeme.scan(text, lax: lax) else {
            return lax && isNonFiniteWord(text) ? .outOfRange : .invalid
        }
        guard lexeme.firstSignificant(in: text) != nil else {
            return .value(lexeme.negative ? -0.0 : 0.0)
        }
        if let fast = fastFloat(text, lexeme) { return .value(Double(fast)) }
        guard let result = withCString(text, lexeme, { strtof($0, nil) }) else { return .invalid }
        return result.isFinite && result != 0 ? .value(Double(result)) : .outOfRange
    }

    /// Whether trimmed `text` is `inf`, `infinity` or `nan` in any case, with an optional sign.
    static func isNonFiniteWord(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var range = ScalarASCII.trimmedRange(text)
        if let first = range.first, text[first] == UInt8(ascii: "+") || text[first] == UInt8(ascii: "-") {
            range = (first + 1)..<range.upperBound
        }
        return ScalarASCII.equalsIgnoringCase(text, range, "inf")
            || ScalarASCII.equalsIgnoringCase(text, range, "infinity")
            || ScalarASCII.equalsIgnoringCase(text, range, "nan")
    }

    /// The significand of at most 19 significant digits and its decimal scale, or nil when longer.
    @inline(__always)
    private static func smallDecimal(_ text: UnsafeBufferPointer<UInt8>, _ lexeme: ScalarNumberLexeme) -> (UInt64, Int)? {
        var significand: UInt64 = 0
        var digits = 0
        for position in lexeme.intStart..<lexeme.digitsEnd {
            let byte = text[position]
            if byte == UInt8(ascii: ".") { continue }
            if digits == 0 && byte == UInt8(ascii: "0") { continue }
            digits += 1
            if digits > 19 { return nil }
            significand = significand &* 10 &+ UInt64(byte &- 0x30)
        }
        return (significand, lexeme.exponent(in: text) - lexeme.fracCount)
    }

    /// Clinger's fast path: an exact significand scaled by an exact power of ten rounds once, correctly.
    @inline(__always)
    private static func fastDouble(_ text: UnsafeBufferPointer<UInt8>, _ lexeme: ScalarNumberLexeme) -> Double? {
        guard let (significand, scale) = smallDecimal(text, lexeme),
              significand <= 1 << 53, scale >= -22, scale <= 22 else { return nil }
        let power = exactPowerOfTen(scale < 0 ? -scale : scale)
        let magnitude = scale < 0 ? Double(significand) / power : Double(significand) * power
        return lexeme.negative ? -magnitude : magnitude
    }

    /// Clinger's fast path for 32-bit values, where 10^10 is the largest exact power of ten.
    @inline(__always)
    private static func fastFloat(_ text: UnsafeBufferPointer<UInt8>, _ lexeme: ScalarNumberLexeme) -> Float? {
        guard let (significand, scale) = smallDecimal(text, lexeme),
              significand <= 1 << 24, scale >= -10, scale <= 10 else { return nil }
        let power = Float(exactPowerOfTen(scale < 0 ? -scale : scale))
        let magnitude = scale < 0 ? Float(significand) / power : Float(significand) * power
        return lexeme.negative ? -magnitude : magnitude
    }

    /// 10^exponent for 0...22, the powers of ten a `Double` holds exactly.
    @inline(__always)
    private static func exactPowerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// Calls `body` with a NUL-terminated copy of the lexeme (stack memory for ordinary lengths).
    @inline(__always)
    private static func withCString<R>(
        _ text: UnsafeBufferPointer<UInt8>, _ lexeme: ScalarNumberLexeme,
        _ body: (UnsafePointer<CChar>) -> R
    ) -> R? {
        let count = lexeme.end - lexeme.start
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer in
            guard let target = buffer.baseAddress, let source = text.baseAddress else { return nil }
            UnsafeMutableRawPointer(target).copyMemory(from: source + lexeme.start, byteCount: count)
            target[count] = 0
            return body(target)
        }
    }
}
