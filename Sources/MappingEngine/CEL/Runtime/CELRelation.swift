/// One of `< <= > >=`, applied to an order (-1, 0, 1; nil for unordered, where none holds).
enum CELRelation: Sendable {
    case less, lessOrEqual, greater, greaterOrEqual

    @inline(__always)
    func holds(_ order: Int?) -> Bool {
        guard let order else { return false }
        switch self {
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        }
    }
}
