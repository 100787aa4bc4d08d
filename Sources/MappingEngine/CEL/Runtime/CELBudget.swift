/// The run-time budget: every evaluated node and every loop iteration costs 1, and a function
/// that reads or makes a string, bytes, a list or a map costs 1 more per 16 bytes or elements,
/// so that no expression runs long on a document, whatever its static bound said.
enum CELBudget {
    static let exhausted = CELError(.costExceeded, "the expression ran out of its run-time cost budget")

    /// What reading or making `value` costs beyond its node: its size / 16.
    @inline(__always)
    static func sizeCost(_ value: CELValue) -> Int {
        switch value {
        case .string(let text): return text.utf8.count >> 4
        case .bytes(let bytes): return bytes.count >> 4
        case .list(let elements): return elements.count >> 4
        case .map(let map): return map.count >> 4
        case .decimal(let decimal):
            if case .large(_, let magnitude) = decimal.significand { return magnitude.limbs.count >> 1 }
            return 0
        default: return 0
        }
    }
}

extension CELActivation {
    /// Spends `cost` of the budget; throws `rule_cost_exceeded` when it has less than that
    /// left: a budget of N allows exactly N steps.
    @inline(__always)
    mutating func charge(_ cost: Int = 1) throws(CELError) {
        budget &-= cost
        if budget < 0 { throw CELBudget.exhausted }
    }

    /// Spends what reading or making `value` costs.
    @inline(__always)
    mutating func charge(sizeOf value: CELValue) throws(CELError) {
        let cost = CELBudget.sizeCost(value)
        if cost > 0 { try charge(cost) }
    }
}
