/// `string(double)` as cel-go writes it: Go's `%g` with the shortest digits that read back as
/// the same double. Plain notation for decimal exponents −4 … 5 (`123.456`, `-0.0045`,
/// `100000`), otherwise an exponent of at least two digits (`1e+06`, `1.234567e+06`,
/// `1e-05`); `+Inf`, `-Inf`, `NaN`.
enum CELDoubleText {
    static func string(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Inf" : "+Inf" }
        if value == 0 { return value.sign == .minus ? "-0" : "0" }
        // Swift's `description` holds the shortest digits that read back as the same double.
        guard let number = CELDecimalDigits(value.description) else { return value.description }
        let exponent = number.point - 1
        if exponent < -4 || exponent >= 6 {
            return number.scientific(fractionDigits: number.digits.count - 1)
        }
        return number.plain
    }
}
