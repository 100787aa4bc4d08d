/// Decimal text for writing dates back: zero-padded fields and fraction-of-second digits.
enum DateDigits {
    /// `value` (≥ 0) in decimal, zero-padded to at least `width` digits.
    static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        guard digits.count < width else { return digits }
        return String(repeating: "0", count: width - digits.count) + digits
    }

    /// `value` counted in units of 10^-`digits` as fraction digits after the point, dropping
    /// trailing zeros in groups of `group` (1 drops them all, 3 keeps millisecond groups as in
    /// `.SSS`); empty when `value` is 0.
    static func fraction(_ value: Int, digits: Int, group: Int = 1) -> String {
        guard value != 0 else { return "" }
        var text = padded(value, width: digits)
        while text.count > group, text.suffix(group).allSatisfy({ $0 == "0" }) {
            text.removeLast(group)
        }
        return text
    }
}
