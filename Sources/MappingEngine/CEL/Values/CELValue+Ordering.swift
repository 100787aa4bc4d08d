extension CELValue {
    /// CEL's ordering for `< <= > >=`: -1, 0 or 1, or nil when a NaN makes the values unordered
    /// (every comparison is then false). Numbers order across kinds, strings by code point,
    /// bytes by byte, `false` before `true`, timestamps and durations by time; any other pair
    /// has no overload.
    public static func celCompare(_ a: CELValue, _ b: CELValue) throws(CELError) -> Int? {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y ? -1 : (x == y ? 0 : 1)
        case (.string(let x), .string(let y)): return CELText.compare(x, y)
        case (.bytes(let x), .bytes(let y)): return CELBytes.compare(x, y)
        case (.bool(let x), .bool(let y)): return x == y ? 0 : (x ? 1 : -1)
        case (.timestamp(let x), .timestamp(let y)): return x < y ? -1 : (x == y ? 0 : 1)
        case (.duration(let x), .duration(let y)): return x < y ? -1 : (x == y ? 0 : 1)
        default:
            guard CELNumber.isNumber(a), CELNumber.isNumber(b) else {
                throw CELError(.noSuchOverload, "no such overload: \(a.typeName) compared with \(b.typeName)")
            }
            return CELNumber.compare(a, b)
        }
    }
}
