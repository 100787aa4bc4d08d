/// The logical operators as steps, with CEL's commutative error semantics (langdef "Logical
/// Operators"): `false && x` and `x && false` are false whatever `x` is, an error included;
/// `true || x` and `x || true` are true. An error surfaces only when the other operand does not
/// decide the result. Running out of budget is never absorbed.
enum CELLogicSteps {
    static func and(_ left: CELStep, _ right: CELStep) -> CELStep {
        CELStep { activation, locals throws(CELError) in
            try activation.charge()
            let first = try outcome(left, "_&&_", &activation, &locals)
            if case .success(false) = first { return .bool(false) }
            let second = try outcome(right, "_&&_", &activation, &locals)
            switch (first, second) {
            case (_, .success(false)): return .bool(false)
            case (.failure(let error), _), (_, .failure(let error)): throw error
            default: return .bool(true)
            }
        }
    }

    static func or(_ left: CELStep, _ right: CELStep) -> CELStep {
        CELStep { activation, locals throws(CELError) in
            try activation.charge()
            let first = try outcome(left, "_||_", &activation, &locals)
            if case .success(true) = first { return .bool(true) }
            let second = try outcome(right, "_||_", &activation, &locals)
            switch (first, second) {
            case (_, .success(true)): return .bool(true)
            case (.failure(let error), _), (_, .failure(let error)): throw error
            default: return .bool(false)
            }
        }
    }

    /// `condition ? then : otherwise`: only the branch taken is evaluated.
    static func conditional(_ condition: CELStep, _ then: CELStep,
                            _ otherwise: CELStep) -> CELStep {
        CELStep { activation, locals throws(CELError) in
            try activation.charge()
            switch try condition(&activation, &locals) {
            case .bool(true): return try then(&activation, &locals)
            case .bool(false): return try otherwise(&activation, &locals)
            case let other: throw CELLogic.noOverload("_?_:_", other)
            }
        }
    }

    static func not(_ operand: CELStep) -> CELStep {
        CELStep { activation, locals throws(CELError) in
            try activation.charge()
            guard case .bool(let flag) = try operand(&activation, &locals) else {
                throw CELError(.noSuchOverload, "no such overload: !_ applied to a non-bool")
            }
            return .bool(!flag)
        }
    }

    /// `@not_strictly_false(x)`: false only for `false`; an error counts as true, so that `all`
    /// goes on to an element that may decide it.
    static func notStrictlyFalse(_ operand: CELStep) -> CELStep {
        CELStep { activation, locals throws(CELError) in
            try activation.charge()
            do throws(CELError) {
                return .bool(CELLogic.isNotFalse(try operand(&activation, &locals)))
            } catch {
                if error.kind == .costExceeded { throw error }
                return .bool(true)
            }
        }
    }

    /// The operand as a bool, or the error it is (a non-bool is `no_such_overload`); only an
    /// exhausted budget is thrown.
    @inline(__always)
    static func outcome(_ step: CELStep, _ function: String, _ activation: inout CELActivation,
                                _ locals: inout CELLocals) throws(CELError) -> Result<Bool, CELError> {
        do throws(CELError) {
            guard case .bool(let flag) = try step(&activation, &locals) else {
                return .failure(CELError(.noSuchOverload, "no such overload: \(function) applied to a non-bool"))
            }
            return .success(flag)
        } catch {
            if error.kind == .costExceeded { throw error }
            return .failure(error)
        }
    }
}
