/// The estimator's refusals, each saying which schema limit would make the expression bounded
/// or cheaper: the author fixes the schema, not the rule.
extension CELCostEstimator {
    /// A loop over a value of no known size.
    func unboundedLoop(_ range: CELExpr, _ reason: CELSizeBound.Unbounded?) -> CELCompileError {
        let text = Self.describe(range)
        return CELCompileError(.costUnbounded, column: range.offset + 1,
                        "the loop iterates over '\(text)', \(Self.noBound(text, reason, fix: "bounds a loop"))")
    }

    /// A size-dependent function inside a loop over a value of no known size.
    func unboundedWork(_ function: String, _ operand: CELExpr, _ reason: CELSizeBound.Unbounded?) -> CELCompileError {
        let text = Self.describe(operand)
        return CELCompileError(.costUnbounded, column: operand.offset + 1,
                               "'\(Self.symbol(function))' inside a loop reads '\(text)', \(Self.noBound(text, reason, fix: "bounds it"))")
    }

    /// A bound over the environment's `maxCost`, naming the loops that make it.
    func overLimit(_ cost: UInt64, _ limit: UInt64) -> CELCompileError {
        var message = "the expression may cost up to \(cost) steps, over the limit of \(limit)"
        if !loopRanges.isEmpty {
            let loops = loopRanges.map { "'\($0.text)' (up to \($0.max))" }.joined(separator: ", ")
            message += ": it loops over \(loops); lower their maxItems or maxLength"
        }
        return CELCompileError(.costExceeded, column: loopRanges.first?.column ?? 1, message)
    }

    /// "which has no bound: declare maxItems on items", or why no declaration would do.
    private static func noBound(_ text: String, _ reason: CELSizeBound.Unbounded?, fix: String) -> String {
        let origin = reason.map { $0.value == text ? "which" : "whose size depends on '\($0.value)', which" } ?? "which"
        guard let limit = reason?.limit else {
            return "\(origin) has no bound: only a property's maxItems (or maxLength, for a string) \(fix)"
        }
        return "\(origin) has no bound: declare \(limit.name) on \(limit.property)"
    }

    /// `+` for `_+_`, `in` for `@in`, a function's own name otherwise.
    private static func symbol(_ function: String) -> String {
        switch function {
        case "@in": "in"
        case "_[_]": "[]"
        default: function.count > 2 && function.hasPrefix("_") ? String(function.filter { $0 != "_" }) : function
        }
    }
}
