/// `string(double)` as cel-go writes it: Go's `%g` with the shortest digits that read back as
/// the same double. Plain notation for decimal exponents −4 … 5 (`123.456`, `-0.0045`,
/// `100000`), otherwise an exponent of at least two digits (`1e+06`, `1.234567e+06`,
/// `1e-05`); `+Inf`, `-Inf`, `NaN`.
enum CELDoubleText {
    static func string(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Inf" : "+Inf" }
        if value == 0 { return value.sign == .minus ? "-0" : "0" }
        let (digits, exponent) = shortestDigits(value.magnitude)
        let sign = value < 0 ? "-" : ""
        if exponent < -4 || exponent >= 6 {
            let mantissa = digits.count > 1 ? digits.prefix(1) + "." + digits.dropFirst() : digits
            let magnitude = String(abs(exponent))
            return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + (magnitude.count < 2 ? "0" : "") + magnitude
        }
        if exponent < 0 {
            return sign + "0." + String(repeating: "0", count: -exponent - 1) + digits
        }
        if digits.count <= exponent + 1 {
            return sign + digits + String(repeating: "0", count: exponent + 1 - digits.count)
        }
        let point = digits.index(digits.startIndex, offsetBy: exponent + 1)
        return sign + digits[..<point] + "." + digits[point...]
    }

    /// The shortest round-tripping significant digits of a positive finite `value` and the
    /// decimal exponent of the first one, read from Swift's own shortest representation.
    private static func shortestDigits(_ value: Double) -> (digits: String, exponent: Int) {
        let text = value.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let exponentPart = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts[0]
        let pointIndex = mantissa.firstIndex(of: ".")
        let integerDigits = pointIndex.map { mantissa[..<$0] } ?? mantissa[...]
        let fractionDigits = pointIndex.map { mantissa[mantissa.index(after: $0)...] } ?? ""
        var all = String(integerDigits) + fractionDigits
        var exponent = integerDigits.count - 1 + exponentPart
        while all.hasPrefix("0") && all.count > 1 {
            all.removeFirst()
            exponent -= 1
        }
        while all.hasSuffix("0") && all.count > 1 { all.removeLast() }
        return (all, exponent)
    }
}
