/// Comparison across CEL's numeric kinds, which the runtime orders on one number line
/// (langdef "Numbers"): int, uint, double and convertd's decimal.
///
/// int and uint against double follow cel-go exactly, converting the integer to a double
/// (`9223372036854775807 >= 9223372036854775808.0` holds, as the conformance tests ask);
/// decimals compare exactly with everything.
enum CELNumber {
    /// -1, 0 or 1; nil when either is NaN or not a number.
    static func compare(_ a: CELValue, _ b: CELValue) -> Int? {
        switch (a, b) {
        case (.int(let x), .int(let y)): return order(x, y)
        case (.uint(let x), .uint(let y)): return order(x, y)
        case (.double(let x), .double(let y)): return order(x, y)
        case (.int(let x), .uint(let y)): return x < 0 ? -1 : order(UInt64(x), y)
        case (.uint(let x), .int(let y)): return y < 0 ? 1 : order(x, UInt64(y))
        case (.int(let x), .double(let y)): return compare(x, y)
        case (.double(let x), .int(let y)): return compare(y, x).map { -$0 }
        case (.uint(let x), .double(let y)): return compare(x, y)
        case (.double(let x), .uint(let y)): return compare(y, x).map { -$0 }
        case (.decimal(let x), .decimal(let y)): return CELDecimal.compare(x, y)
        case (.decimal(let x), .int(let y)): return CELDecimal.compare(x, CELDecimal(y))
        case (.int(let x), .decimal(let y)): return CELDecimal.compare(CELDecimal(x), y)
        case (.decimal(let x), .uint(let y)): return CELDecimal.compare(x, CELDecimal(y))
        case (.uint(let x), .decimal(let y)): return CELDecimal.compare(CELDecimal(x), y)
        case (.decimal(let x), .double(let y)): return CELDecimal.compare(x, y)
        case (.double(let x), .decimal(let y)): return CELDecimal.compare(y, x).map { -$0 }
        default: return nil
        }
    }

    /// Whether `value` is of a numeric kind.
    static func isNumber(_ value: CELValue) -> Bool {
        switch value {
        case .int, .uint, .double, .decimal: return true
        default: return false
        }
    }

    @inline(__always)
    static func order<T: Comparable>(_ a: T, _ b: T) -> Int? {
        a < b ? -1 : (a == b ? 0 : (a > b ? 1 : nil))
    }

    /// cel-go's `compareIntDouble`.
    static func compare(_ a: Int64, _ b: Double) -> Int? {
        if b.isNaN { return nil }
        if b < -0x1p63 { return 1 }
        if b > 0x1p63 { return -1 }
        return order(Double(a), b)
    }

    /// cel-go's `compareUintDouble`.
    static func compare(_ a: UInt64, _ b: Double) -> Int? {
        if b.isNaN { return nil }
        if b < 0 { return 1 }
        if b > 0x1p64 { return -1 }
        return order(Double(a), b)
    }

    /// The map key an integral double in int or uint range stands for.
    static func integer(exactly value: Double) -> CELMapKey? {
        if let integer = Int64(exactly: value) { return .int(integer) }
        if let integer = UInt64(exactly: value) { return CELMapKey(key: .uint(integer)) }
        return nil
    }
}
