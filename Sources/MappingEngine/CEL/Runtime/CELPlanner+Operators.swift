/// The operators the planner evaluates with code of its own: the logical ones, whose errors
/// are absorbed; and the hottest, whose common cases (two ints, two decimals) run inline
/// with no argument array and no dispatch through the library.
extension CELPlanner {
    /// The step for the operator `name`, or nil for a plain function call.
    mutating func operation(_ name: String, _ args: [CELExpr]) throws(CELCompileError) -> CELStep? {
        switch (name, args.count) {
        case ("_&&_", 2): return CELLogicSteps.and(try plan(args[0]), try plan(args[1]))
        case ("_||_", 2): return CELLogicSteps.or(try plan(args[0]), try plan(args[1]))
        case ("_?_:_", 3): return CELLogicSteps.conditional(try plan(args[0]), try plan(args[1]), try plan(args[2]))
        case ("@not_strictly_false", 1): return CELLogicSteps.notStrictlyFalse(try plan(args[0]))
        case ("!_", 1): return CELLogicSteps.not(try plan(args[0]))
        case ("matches", 2): return try matches(args[0], args[1])
        case ("_==_", 2): return try comparison(args, .equal)
        case ("_!=_", 2): return try comparison(args, .notEqual)
        case ("_<_", 2): return try comparison(args, .less)
        case ("_<=_", 2): return try comparison(args, .lessOrEqual)
        case ("_>_", 2): return try comparison(args, .greater)
        case ("_>=_", 2): return try comparison(args, .greaterOrEqual)
        case ("_+_", 2): return addition(try plan(args[0]), try plan(args[1]))
        case ("_-_", 2): return binary(try plan(args[0]), try plan(args[1]), CELArithmetic.subtract)
        case ("_*_", 2): return binary(try plan(args[0]), try plan(args[1]), CELArithmetic.multiply)
        case ("_/_", 2): return binary(try plan(args[0]), try plan(args[1]), CELArithmetic.divide)
        case ("_%_", 2): return binary(try plan(args[0]), try plan(args[1]), CELArithmetic.modulo)
        case ("_[_]", 2): return binary(try plan(args[0]), try plan(args[1]), CELAccess.index)
        case ("-_", 1):
            let operand = try plan(args[0])
            return CELStep { activation, locals throws(CELError) in
                try activation.charge()
                return try CELArithmetic.negate(try operand(&activation, &locals))
            }
        case ("@in", 2):
            let element = try plan(args[0]), container = try plan(args[1])
            return CELStep { activation, locals throws(CELError) in
                try activation.charge()
                let x = try element(&activation, &locals)
                let y = try container(&activation, &locals)
                try activation.charge(sizeOf: y)
                return .bool(try CELAccess.contains(y, x))
            }
        default:
            return nil
        }
    }

    /// `x == y`, `x < y` …: two ints, and two decimals, decided inline. With a literal `y`
    /// (`self.qty > 0`, the usual rule), the literal is held by the step instead of being a
    /// node of its own, though it is charged as one.
    private mutating func comparison(_ args: [CELExpr], _ relation: CELRelation) throws(CELCompileError) -> CELStep {
        let left = try plan(args[0])
        if case .literal(let literal) = args[1].kind {
            let integer = CELPlanner.integer(literal)
            return CELStep { activation, locals throws(CELError) in
                try activation.charge(2)
                let x = try left(&activation, &locals)
                if case .int(let p) = x, let integer { return .bool(relation.holds(p, integer)) }
                try activation.charge(sizeOf: x)
                return .bool(try relation.holds(x, literal))
            }
        }
        let right = try plan(args[1])
        return CELStep { activation, locals throws(CELError) in
            try activation.charge()
            let x = try left(&activation, &locals)
            let y = try right(&activation, &locals)
            // `if case` rather than a switch over `(x, y)`, which would copy both into a tuple.
            if case .int(let p) = x, case .int(let q) = y { return .bool(relation.holds(p, q)) }
            if case .decimal(let p) = x, case .decimal(let q) = y { return .bool(relation.holds(CELDecimal.compare(p, q))) }
            try activation.charge(sizeOf: x)
            return .bool(try relation.holds(x, y))
        }
    }

    /// The int a literal holds, read once at plan time.
    static func integer(_ literal: CELValue) -> Int64? {
        if case .int(let value) = literal { return value }
        return nil
    }

    private func addition(_ left: CELStep, _ right: CELStep) -> CELStep {
        CELStep { activation, locals throws(CELError) in
            try activation.charge()
            let x = try left(&activation, &locals)
            let y = try right(&activation, &locals)
            if case .int(let p) = x, case .int(let q) = y {
                let (sum, overflow) = p.addingReportingOverflow(q)
                guard !overflow else { throw CELArithmetic.overflowError("+") }
                return .int(sum)
            }
            let result = try CELArithmetic.add(x, y)
            try activation.charge(sizeOf: result)
            return result
        }
    }

    private func binary(_ left: CELStep, _ right: CELStep,
                        _ body: @escaping @Sendable (CELValue, CELValue) throws(CELError) -> CELValue) -> CELStep {
        CELStep { activation, locals throws(CELError) in
            try activation.charge()
            let x = try left(&activation, &locals)
            let y = try right(&activation, &locals)
            return try body(x, y)
        }
    }
}
