/// The positions of the sign, digit runs and exponent of one number text, found by a single scan.
///
/// All positions index the scanned buffer. The integer and fraction digits form one run
/// `intStart..<digitsEnd` holding at most one `.` (at `intEnd` when there is a fraction).
struct ScalarNumberLexeme {
    /// First byte of the number after trimming (its sign, if any).
    var start: Int
    /// One past the last byte of the number after trimming.
    var end: Int
    /// Whether the text starts with `-`.
    var negative: Bool
    /// First integer digit.
    var intStart: Int
    /// One past the last integer digit.
    var intEnd: Int
    /// First fraction digit; equal to `fracEnd` when there is no fraction.
    var fracStart: Int
    /// One past the last fraction digit.
    var fracEnd: Int
    /// Whether an exponent part is present.
    var hasExponent: Bool
    /// Whether the exponent is written with `-`.
    var exponentNegative: Bool
    /// First exponent digit.
    var exponentStart: Int
    /// One past the last exponent digit.
    var exponentEnd: Int

    /// The largest exponent magnitude kept by `exponent(in:)`; beyond it only the sign matters
    /// because no buffer holds enough digits to bring the value back into any finite range.
    @inline(__always) static var exponentLimit: Int { 1 << 60 }

    /// Number of integer digits.
    @inline(__always) var intCount: Int { intEnd - intStart }
    /// Number of fraction digits.
    @inline(__always) var fracCount: Int { fracEnd - fracStart }
    /// Whether a fraction part is present.
    @inline(__always) var hasFraction: Bool { fracEnd > fracStart }
    /// One past the last mantissa digit (integer or fraction).
    @inline(__always) var digitsEnd: Int { hasFraction ? fracEnd : intEnd }

    /// Scans a JSON number literal (`lax: false`, RFC 8259 grammar, nothing around it) or lax
    /// numeric text (`lax: true`: trimmed, optional `+`, leading zeros allowed); nil when invalid.
    @inline(__always)
    static func scan(_ text: UnsafeBufferPointer<UInt8>, lax: Bool) -> ScalarNumberLexeme? {
        var position = 0
        var end = text.count
        if lax {
            let range = ScalarASCII.trimmedRange(text)
            position = range.lowerBound
            end = range.upperBound
        }
        guard position < end else { return nil }
        let start = position
        var negative = false
        let first = text[position]
        if first == UInt8(ascii: "-") {
            negative = true
            position += 1
        } else if lax && first == UInt8(ascii: "+") {
            position += 1
        }
        let intStart = position
        while position < end, ScalarASCII.isDigit(text[position]) { position += 1 }
        let intEnd = position
        guard intEnd > intStart else { return nil }
        if !lax && intEnd - intStart > 1 && text[intStart] == UInt8(ascii: "0") { return nil }
        var fracStart = position
        var fracEnd = position
        if position < end, text[position] == UInt8(ascii: ".") {
            position += 1
            fracStart = position
            while position < end, ScalarASCII.isDigit(text[position]) { position += 1 }
            fracEnd = position
            guard fracEnd > fracStart else { return nil }
        }
        var hasExponent = false
        var exponentNegative = false
        var exponentStart = position
        if position < end, text[position] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            position += 1
            if position < end {
                if text[position] == UInt8(ascii: "-") {
                    exponentNegative = true
                    position += 1
                } else if text[position] == UInt8(ascii: "+") {
                    position += 1
                }
            }
            exponentStart = position
            while position < end, ScalarASCII.isDigit(text[position]) { position += 1 }
            guard position > exponentStart else { return nil }
        }
        guard position == end else { return nil }
        return ScalarNumberLexeme(
            start: start, end: end, negative: negative,
            intStart: intStart, intEnd: intEnd, fracStart: fracStart, fracEnd: fracEnd,
            hasExponent: hasExponent, exponentNegative: exponentNegative,
            exponentStart: exponentStart, exponentEnd: hasExponent ? end : exponentStart)
    }

    /// The signed exponent value, clamped to ±`exponentLimit`; 0 when there is no exponent.
    @inline(__always)
    func exponent(in text: UnsafeBufferPointer<UInt8>) -> Int {
        var value = 0
        for position in exponentStart..<exponentEnd {
            value = value &* 10 &+ Int(text[position] &- 0x30)
            if value > Self.exponentLimit {
                value = Self.exponentLimit
                break
            }
        }
        return exponentNegative ? -value : value
    }

    /// The first non-zero mantissa digit, or nil when every digit is zero.
    @inline(__always)
    func firstSignificant(in text: UnsafeBufferPointer<UInt8>) -> Int? {
        var position = intStart
        let limit = digitsEnd
        while position < limit {
            let byte = text[position]
            if byte != UInt8(ascii: "0") && byte != UInt8(ascii: ".") { return position }
            position += 1
        }
        return nil
    }

    /// The last non-zero mantissa digit; call only when `firstSignificant` found one.
    @inline(__always)
    func lastSignificant(in text: UnsafeBufferPointer<UInt8>) -> Int {
        var position = digitsEnd - 1
        while position > intStart {
            let byte = text[position]
            if byte != UInt8(ascii: "0") && byte != UInt8(ascii: ".") { return position }
            position -= 1
        }
        return position
    }

    /// The index of the mantissa digit at `position` counted across the `.`, starting at 0.
    @inline(__always)
    func digitIndex(of position: Int) -> Int {
        position < intEnd ? position - intStart : position - intStart - 1
    }
}
