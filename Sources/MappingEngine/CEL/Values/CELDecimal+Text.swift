extension CELDecimal: CustomStringConvertible {
    /// Zeros the plain form may add before falling back to an exponent: `1e400` printed
    /// plainly would be 401 characters of mostly zeros.
    static let maxPaddingZeros = 32

    /// A decimal from JSON number text (`-12.50`, `1.5e3`, `1E-7`) or a decimal string that
    /// also allows a leading `+`, `.5` and `5.`; digit for digit, nothing rounded. Nil for
    /// anything else (no spaces, no `NaN`), and past `maxDigits` significant digits or
    /// `maxExponent`.
    public init?(_ text: some StringProtocol) {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        let integer = bytes.prefix { CELDecimal.isDigit($0) }
        bytes = bytes.dropFirst(integer.count)
        var fraction = bytes.prefix(0)
        if bytes.first == UInt8(ascii: ".") {
            fraction = bytes.dropFirst().prefix { CELDecimal.isDigit($0) }
            bytes = bytes.dropFirst(1 + fraction.count)
        }
        guard !integer.isEmpty || !fraction.isEmpty else { return nil }
        var exponent = 0
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var exponentNegative = false
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                exponentNegative = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            let digits = bytes.prefix { CELDecimal.isDigit($0) }
            guard !digits.isEmpty else { return nil }
            bytes = bytes.dropFirst(digits.count)
            for digit in digits {
                exponent = exponent * 10 + Int(digit &- 0x30)
                // Past twice the limit no fraction length can bring it back.
                guard exponent <= 2 * CELDecimal.maxExponent else { return nil }
            }
            if exponentNegative { exponent = -exponent }
        }
        guard bytes.isEmpty else { return nil }
        let digits = (integer + fraction).drop { $0 == UInt8(ascii: "0") }
        guard digits.count <= CELDecimal.maxDigits,
              let value = try? CELDecimal(negative: negative, magnitude: CELDecimalMagnitude(digits: digits),
                                          exponent: exponent - fraction.count)
        else { return nil }
        self = value
    }

    /// The value in plain notation, its trailing zeros kept: `12.50`, `-0.003`, `1000` for
    /// `1e3`. An exponent (`1.5e400`, `1e-40`) only when that would take more than
    /// `maxPaddingZeros` zeros; JSON number text either way.
    public var description: String {
        let (negative, magnitude) = parts
        let digits = magnitude.description
        let sign = negative && !magnitude.isZero ? "-" : ""
        let exponent = Int(self.exponent)
        let pointPosition = digits.count + exponent
        if exponent >= 0 {
            if magnitude.isZero { return "0" }
            if exponent <= CELDecimal.maxPaddingZeros { return sign + digits + String(repeating: "0", count: exponent) }
        } else if pointPosition > 0 {
            let split = digits.index(digits.startIndex, offsetBy: pointPosition)
            return sign + digits[..<split] + "." + digits[split...]
        } else if -pointPosition <= CELDecimal.maxPaddingZeros {
            return sign + "0." + String(repeating: "0", count: -pointPosition) + digits
        }
        let mantissa = digits.count > 1 ? digits.prefix(1) + "." + digits.dropFirst() : digits
        return sign + mantissa + "e" + String(pointPosition - 1)
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10
    }
}
