/// The logical operators as strict functions, for the library's declarations; the planner
/// evaluates `&&`, `||` and `?:` itself, since their errors are absorbed (`false && error` is
/// false), which a function of evaluated arguments cannot express.
enum CELLogic {
    static func not(_ value: CELValue) throws(CELError) -> CELValue {
        guard case .bool(let flag) = value else { throw noOverload("!_", value) }
        return .bool(!flag)
    }

    static func and(_ a: CELValue, _ b: CELValue) throws(CELError) -> CELValue {
        guard case .bool(let x) = a, case .bool(let y) = b else { throw noOverload("_&&_", a) }
        return .bool(x && y)
    }

    static func or(_ a: CELValue, _ b: CELValue) throws(CELError) -> CELValue {
        guard case .bool(let x) = a, case .bool(let y) = b else { throw noOverload("_||_", a) }
        return .bool(x || y)
    }

    static func conditional(_ condition: CELValue, _ then: CELValue, _ otherwise: CELValue) throws(CELError) -> CELValue {
        guard case .bool(let flag) = condition else { throw noOverload("_?_:_", condition) }
        return flag ? then : otherwise
    }

    /// `@not_strictly_false`: anything but `false` (an error too) lets `all` go on.
    @inline(__always)
    static func isNotFalse(_ value: CELValue) -> Bool {
        if case .bool(false) = value { return false }
        return true
    }

    static func noOverload(_ function: String, _ value: CELValue) -> CELError {
        CELError(.noSuchOverload, "no such overload: \(function) applied to \(value.typeName)")
    }
}
