/// Comprehensions, which every macro expands to: the range is evaluated once, then for each
/// element (a list's elements, or index and element with two variables; a map's keys, or key
/// and value) the condition is tested and the step makes the new accumulator. Each iteration
/// costs 1 of the budget, so nested loops over large ranges stop on the budget.
extension CELPlanner {
    mutating func comprehension(_ fold: CELExpr.Comprehension) throws(CELCompileError) -> CELStep {
        let range = try plan(fold.iterRange)
        let outer = scopes.count
        if let (predicate, decisive) = quantifier(fold) {
            let (first, second) = iterationVariables(fold)
            let test = try plan(predicate)
            scopes.removeLast(scopes.count - outer)
            return CELPlanner.quantifierLoop(range: range, predicate: test, decisive: decisive, first: first, second: second)
        }
        let initial = try plan(fold.accuInit)
        let accumulator = newSlot()
        scopes.append((fold.accuVar, accumulator))
        let (first, second) = iterationVariables(fold)
        let condition = try loopCondition(fold.loopCondition)
        let step = try loopStep(fold.loopStep, accumulator: fold.accuVar, slot: accumulator)
        scopes.removeLast(scopes.count - outer - 1)
        let result = try plan(fold.result)
        scopes.removeLast()

        return CELStep { activation, locals throws(CELError) in
            try activation.charge()
            let iterated = try range(&activation, &locals)
            locals[accumulator] = .success(try initial(&activation, &locals))
            try CELPlanner.iterate(over: iterated, first: first, second: second, &activation, &locals) { activation, locals throws(CELError) in
                if let condition, try !CELPlanner.holds(condition, &activation, &locals) { return false }
                try CELPlanner.advance(step, accumulator, &activation, &locals)
                return true
            }
            return try result(&activation, &locals)
        }
    }

    /// Runs `body` once for each element of `range`, each time costing 1 of the budget: with a
    /// list's element (or its index and the element) in slots `first` (and `second`), a map's
    /// key (or its key and value); until `body` returns false. What folds and quantifiers share.
    @inline(__always)
    static func iterate(over range: CELValue, first: Int, second: Int?,
                        _ activation: inout CELActivation, _ locals: inout CELLocals,
                        _ body: (inout CELActivation, inout CELLocals) throws(CELError) -> Bool) throws(CELError) {
        switch range {
        case .list(let elements):
            for (index, element) in elements.enumerated() {
                try activation.charge()
                if let second {
                    locals[first] = .success(.int(Int64(index)))
                    locals[second] = .success(element)
                } else {
                    locals[first] = .success(element)
                }
                guard try body(&activation, &locals) else { return }
            }
        case .map(let map):
            for (key, value) in map.entries {
                try activation.charge()
                locals[first] = .success(key)
                if let second { locals[second] = .success(value) }
                guard try body(&activation, &locals) else { return }
            }
        default:
            throw CELError(.noSuchOverload, "no such overload: cannot iterate over \(range.typeName)")
        }
    }

    /// The accumulator after one more step: its value, or the error the step raised, kept for
    /// a later step to absorb or surface.
    @inline(__always)
    private static func advance(_ step: CELStep, _ accumulator: Int, _ activation: inout CELActivation,
                                _ locals: inout CELLocals) throws(CELError) {
        do throws(CELError) {
            locals[accumulator] = .success(try step(&activation, &locals))
        } catch {
            if error.kind == .costExceeded { throw error }
            locals[accumulator] = .failure(error)
        }
    }

    /// Whether the loop goes on: anything but `false` (cel-go stops only on a bool false).
    private static func holds(_ condition: CELStep, _ activation: inout CELActivation,
                              _ locals: inout CELLocals) throws(CELError) -> Bool {
        do throws(CELError) {
            return CELLogic.isNotFalse(try condition(&activation, &locals))
        } catch {
            if error.kind == .costExceeded { throw error }
            return true
        }
    }

    /// The loop condition; nil for the literal `true` most macros use, which need not be tested.
    private mutating func loopCondition(_ expr: CELExpr) throws(CELCompileError) -> CELStep? {
        if case .literal(.bool(true)) = expr.kind { return nil }
        return try plan(expr)
    }

    private mutating func loopStep(_ expr: CELExpr, accumulator: String, slot: Int) throws(CELCompileError) -> CELStep {
        if let inPlace = try accumulating(expr, accumulator: accumulator, slot: slot) { return inPlace }
        return try plan(expr)
    }

    /// The slot's value, moved out (the slot is left null), so that it is not shared.
    @inline(__always)
    private static func take(_ slot: Int, _ locals: inout CELLocals) -> Result<CELValue, CELError> {
        var taken: Result<CELValue, CELError> = .success(.null)
        swap(&taken, &locals[slot])
        return taken
    }

    /// Slots for the fold's iteration variables, now in scope.
    private mutating func iterationVariables(_ fold: CELExpr.Comprehension) -> (first: Int, second: Int?) {
        let first = newSlot()
        scopes.append((fold.iterVar, first))
        guard let name = fold.iterVar2 else { return (first, nil) }
        let second = newSlot()
        scopes.append((name, second))
        return (first, second)
    }

    private mutating func newSlot() -> Int {
        localCount += 1
        return localCount - 1
    }

    /// The macros' accumulating steps, done in place: `@result + [x]` (map, filter) appends to
    /// the accumulator's list and `cel.@mapInsert(@result, k, v)` (transformMap) inserts in its
    /// map, each also behind a filter's `p ? … : @result`. The accumulator is moved out of its
    /// slot first, so the array or map is not shared and grows without being copied: building a
    /// list of n elements costs O(n), not O(n²). Nil for any other step.
    private mutating func accumulating(_ step: CELExpr, accumulator name: String, slot: Int) throws(CELCompileError) -> CELStep? {
        switch step.kind {
        case .call("_?_:_", nil, let args) where args.count == 3:
            guard case .ident(name) = args[2].kind,
                  let taken = try accumulating(args[1], accumulator: name, slot: slot) else { return nil }
            let condition = try plan(args[0])
            return CELStep { activation, locals throws(CELError) in
                try activation.charge()
                switch try condition(&activation, &locals) {
                case .bool(true): return try taken(&activation, &locals)
                case .bool(false): return try locals[slot].get()
                case let other: throw CELLogic.noOverload("_?_:_", other)
                }
            }
        case .call("_+_", nil, let args) where args.count == 2:
            guard case .ident(name) = args[0].kind, case .list(let elements) = args[1].kind else { return nil }
            let steps = try plan(elements)
            return CELStep { activation, locals throws(CELError) in
                try activation.charge(1 + steps.count >> 4)
                var added: [CELValue] = []
                var single = CELValue.null
                if steps.count == 1 {
                    single = try steps[0](&activation, &locals)
                } else {
                    added.reserveCapacity(steps.count)
                    for element in steps { added.append(try element(&activation, &locals)) }
                }
                var taken = CELPlanner.take(slot, &locals)
                guard case .list(var list) = try taken.get() else {
                    throw CELError(.noSuchOverload, "no such overload: \(try taken.get().typeName) + list")
                }
                taken = .success(.null)
                if steps.count == 1 { list.append(single) } else { list.append(contentsOf: added) }
                return .list(list)
            }
        case .call("cel.@mapInsert", nil, let args) where args.count == 3:
            guard case .ident(name) = args[0].kind else { return nil }
            let key = try plan(args[1]), value = try plan(args[2])
            return CELStep { activation, locals throws(CELError) in
                try activation.charge()
                let k = try key(&activation, &locals)
                let v = try value(&activation, &locals)
                var taken = CELPlanner.take(slot, &locals)
                guard case .map(var map) = try taken.get() else {
                    throw CELError(.noSuchOverload, "no such overload: cel.@mapInsert(\(try taken.get().typeName), …)")
                }
                taken = .success(.null)
                try map.insert(k, v)
                return .map(map)
            }
        default:
            return nil
        }
    }
}
