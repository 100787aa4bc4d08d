/// One of `== != < <= > >=`: what the planner's comparison steps and the library's ordering
/// functions decide. Equality is CEL's `celEquals` (defined across all kinds), the others an
/// order (`celCompare`, an error across kinds).
public enum CELRelation: Sendable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual

    /// Whether the relation holds for an order (-1, 0, 1; nil for unordered, as NaN is to
    /// anything, where only `!=` holds).
    @inline(__always)
    public func holds(_ order: Int?) -> Bool {
        guard let order else { return self == .notEqual }
        switch self {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        }
    }

    /// Whether the relation holds between two ints, decided inline.
    @inline(__always)
    func holds(_ p: Int64, _ q: Int64) -> Bool {
        switch self {
        case .equal: return p == q
        case .notEqual: return p != q
        case .less: return p < q
        case .lessOrEqual: return p <= q
        case .greater: return p > q
        case .greaterOrEqual: return p >= q
        }
    }

    /// Whether the relation holds between two values of any kinds.
    @inline(__always)
    func holds(_ x: CELValue, _ y: CELValue) throws(CELError) -> Bool {
        switch self {
        case .equal: return CELValue.celEquals(x, y)
        case .notEqual: return !CELValue.celEquals(x, y)
        default: return holds(try CELValue.celCompare(x, y))
        }
    }
}
