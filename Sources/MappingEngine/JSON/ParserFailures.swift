/// How the parser reports malformed input: what it expected where, built into a message only
/// once parsing has failed, out of the parse loop.
extension JSONParser {
    /// What the parser expected where it failed; turned into a message only on failure.
    enum Failure {
        case value, keyOrClose, keyAfterComma, colon, arraySeparator, objectSeparator, trailingData
        case literalTrue, literalFalse, literalNull, digitAfterMinus, digitAfterDot, digitInExponent
    }

    /// Builds the error for `failure` at `p`, which may be the end of input (the error is then
    /// `truncated`, as is a literal cut short by it).
    ///
    /// Kept out of line so that message building does not weigh on the parse loop's registers.
    @inline(never)
    static func failure(
        _ failure: Failure, _ p: UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>
    ) -> JSONSyntaxError {
        let expected: String
        let atEnd = p >= end
        switch failure {
        case .value:
            let message = p < end ? "unexpected \(JSONSyntaxError.describe(p[0]))" : "unexpected end of input"
            return JSONSyntaxError.at(p - base, in: base, message, truncated: atEnd)
        case .trailingData:
            return JSONSyntaxError.at(p - base, in: base, "trailing data after JSON value")
        case .literalTrue, .literalFalse, .literalNull:
            let word = failure == .literalTrue ? "true" : failure == .literalFalse ? "false" : "null"
            // Counted as cut short whenever the whole word did not fit, whatever the bytes were.
            return JSONSyntaxError.at(p - base, in: base, "invalid literal, expected '\(word)'", truncated: end - p < 5)
        case .keyOrClose: expected = "string key or '}'"
        case .keyAfterComma: expected = "string key after ','"
        case .colon: expected = "':' after object key"
        case .arraySeparator: expected = "',' or ']'"
        case .objectSeparator: expected = "',' or '}'"
        case .digitAfterMinus: expected = "digit after '-'"
        case .digitAfterDot: expected = "digit after '.'"
        case .digitInExponent: expected = "digit in exponent"
        }
        if p < end {
            return JSONSyntaxError.at(p - base, in: base, "expected \(expected), found \(JSONSyntaxError.describe(p[0]))")
        }
        return JSONSyntaxError.at(p - base, in: base, "unexpected end of input, expected \(expected)", truncated: atEnd)
    }

    /// Error for a `\u` escape at `q` holding a surrogate that is not part of a pair; cut short
    /// when a whole pair did not fit before `end`.
    @inline(never)
    static func surrogateError(
        _ q: UnsafePointer<UInt8>, _ unit: UInt32, _ base: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>
    ) -> JSONSyntaxError {
        let digits = Array("0123456789abcdef")
        let hex = (0..<4).reversed().map { String(digits[Int((unit >> (UInt32($0) * 4)) & 0xF)]) }.joined()
        return JSONSyntaxError.at(q - base, in: base, "lone surrogate \\u\(hex)", truncated: end - q < 12)
    }

    /// Error for the malformed UTF-8 sequence at `q`; a truncated sequence within 4 bytes of
    /// `end` may have been cut short by it.
    @inline(never)
    static func utf8Error(
        _ code: Int, _ q: UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>
    ) -> JSONSyntaxError {
        let byte = JSONSyntaxError.hex(q[0])
        let message: String
        switch JSONStringCodec.SequenceError(rawValue: code) {
        case .truncated: message = "truncated UTF-8 sequence starting with byte \(byte)"
        case .overlong: message = "overlong UTF-8 sequence starting with byte \(byte)"
        case .surrogate: message = "UTF-8 encoded surrogate starting with byte \(byte)"
        case .aboveMax: message = "UTF-8 sequence above U+10FFFF starting with byte \(byte)"
        case .invalidLead, nil: message = "invalid UTF-8 byte \(byte)"
        }
        return JSONSyntaxError.at(q - base, in: base, message, truncated: code == JSONStringCodec.SequenceError.truncated.rawValue && end - q < 4)
    }
}
