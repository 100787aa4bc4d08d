/// `all` and `exists`, the macros rules use most, recognized in their expansion and run as a
/// loop of their own: the predicate is tested on each element, the first deciding value
/// (`false` for `all`, `true` for `exists`) ends it, and an error is kept until the end, where
/// it surfaces only if nothing decided. That is what the general fold computes through its
/// accumulator (`@result && p`, CEL's error absorption), without reading and writing it per
/// element.
extension CELPlanner {
    /// The predicate of an expanded `all` (deciding value `false`) or `exists` (`true`).
    func quantifier(_ fold: CELExpr.Comprehension) -> (predicate: CELExpr, decisive: Bool)? {
        let accumulator = fold.accuVar
        guard case .literal(.bool(let initial)) = fold.accuInit.kind, case .ident(accumulator) = fold.result.kind,
              case .call("@not_strictly_false", nil, let tested) = fold.loopCondition.kind, tested.count == 1,
              case .call(initial ? "_&&_" : "_||_", nil, let step) = fold.loopStep.kind, step.count == 2,
              case .ident(accumulator) = step[0].kind
        else { return nil }
        if initial {
            guard case .ident(accumulator) = tested[0].kind else { return nil }
        } else {
            guard case .call("!_", nil, let negated) = tested[0].kind, negated.count == 1,
                  case .ident(accumulator) = negated[0].kind
            else { return nil }
        }
        return (step[1], !initial)
    }

    /// The loop of a quantifier over `range`, its variables in slots `first` and `second`.
    static func quantifierLoop(range: CELStep, predicate: CELStep, decisive: Bool, first: Int, second: Int?) -> CELStep {
        let function = decisive ? "_||_" : "_&&_"
        return CELStep { activation, locals throws(CELError) in
            // The range, the accumulator's start and the result, as the general fold counts them.
            try activation.charge(3)
            let iterated = try range(&activation, &locals)
            var failure: CELError?
            var decided = false
            try CELPlanner.iterate(over: iterated, first: first, second: second, &activation, &locals) { activation, locals throws(CELError) in
                switch try CELLogicSteps.outcome(predicate, function, &activation, &locals) {
                case .success(let flag): decided = flag == decisive
                case .failure(let error): if failure == nil { failure = error }
                }
                return !decided
            }
            if decided { return .bool(decisive) }
            if let failure { throw failure }
            return .bool(!decisive)
        }
    }
}
