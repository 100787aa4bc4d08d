extension CELValue {
    /// CEL's `==`: values of different kinds are unequal, except numbers, which are equal by
    /// value across int, uint, double and decimal; lists are equal element by element, maps
    /// entry by entry whatever their order; NaN equals nothing, itself included.
    public static func celEquals(_ a: CELValue, _ b: CELValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.uint(let x), .uint(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.string(let x), .string(let y)): return CELText.equal(x, y)
        case (.bytes(let x), .bytes(let y)): return x == y
        case (.timestamp(let x), .timestamp(let y)): return x == y
        case (.duration(let x), .duration(let y)): return x == y
        case (.type(let x), .type(let y)): return x == y
        case (.list(let x), .list(let y)):
            guard x.count == y.count else { return false }
            for (left, right) in zip(x, y) where !celEquals(left, right) { return false }
            return true
        case (.map(let x), .map(let y)):
            guard x.count == y.count else { return false }
            for (key, value) in x.entries {
                guard let other = y[key], celEquals(value, other) else { return false }
            }
            return true
        default:
            return CELNumber.compare(a, b) == 0
        }
    }
}
