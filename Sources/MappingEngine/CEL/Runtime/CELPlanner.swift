/// One planned node: evaluates over the activation and the comprehension variables' slots.
///
/// A struct around the closure, not the closure type itself: a function value stored in an
/// optional or an array is kept at its most general abstraction, and every call of it would
/// go through a reabstraction thunk (and copy its result); a struct keeps the closure's own
/// calling convention wherever it is stored.
struct CELStep: Sendable {
    let evaluate: @Sendable (inout CELActivation, inout CELLocals) throws(CELError) -> CELValue

    init(_ evaluate: @escaping @Sendable (inout CELActivation, inout CELLocals) throws(CELError) -> CELValue) {
        self.evaluate = evaluate
    }

    @inline(__always)
    func callAsFunction(_ activation: inout CELActivation, _ locals: inout CELLocals) throws(CELError) -> CELValue {
        try evaluate(&activation, &locals)
    }
}

/// The comprehension variables' values, by slot. An accumulator may hold an error: CEL's
/// folds go on past one (`[1, 0, 3].all(x, 6 / x > 2)` is false, not an error, since a later
/// `false` absorbs it), so the error waits in its slot until a step or the result reads it.
typealias CELLocals = [Result<CELValue, CELError>]

/// An expression made into closures, once: evaluating it walks no tree and looks nothing up.
struct CELPlan: Sendable {
    let root: CELStep
    /// Slots the comprehensions' variables need; none for a scalar expression, which then
    /// allocates nothing.
    let localCount: Int

    func evaluate(_ activation: inout CELActivation) throws(CELError) -> CELValue {
        var locals: CELLocals = localCount == 0 ? [] : Array(repeating: .success(.null), count: localCount)
        return try root(&activation, &locals)
    }
}

/// Turns a parsed expression into a `CELPlan`: names resolved to variable slots, object fields
/// and comprehension slots; calls to the library's bodies, or to code of its own for the
/// logical operators (which absorb errors), `matches` (its pattern compiled here) and the
/// hottest operators (no argument array, no dispatch through the library).
struct CELPlanner {
    let environment: CELEnvironment
    let library: CELLibrary
    /// The comprehension variables in scope, innermost last.
    var scopes: [(name: String, slot: Int)] = []
    var localCount = 0

    static func plan(_ expr: CELExpr, in environment: CELEnvironment) throws(CELCompileError) -> CELPlan {
        var planner = CELPlanner(environment: environment, library: .standard)
        let root = try planner.plan(expr)
        return CELPlan(root: root, localCount: planner.localCount)
    }

    mutating func plan(_ expr: CELExpr) throws(CELCompileError) -> CELStep {
        switch expr.kind {
        case .literal(let value):
            return constant(value)
        case .ident(let name):
            return identifier(name)
        case .select(let operand, let field, let test):
            return try select(operand, field: field, test: test, whole: expr)
        case .call(let name, let target, let args):
            return try call(name, target: target, args: args)
        case .list(let elements):
            return try list(elements)
        case .map(let entries):
            return try map(entries)
        case .comprehension(let comprehension):
            return try self.comprehension(comprehension)
        }
    }

    /// Every argument planned, in order.
    mutating func plan(_ exprs: [CELExpr]) throws(CELCompileError) -> [CELStep] {
        var steps: [CELStep] = []
        steps.reserveCapacity(exprs.count)
        for expr in exprs { steps.append(try plan(expr)) }
        return steps
    }

    func constant(_ value: CELValue) -> CELStep {
        // Scalars are remade from their payload: returning the captured enum would copy it
        // through its generic (reference-counting) copy.
        switch value {
        case .int(let number):
            return CELStep { activation, _ throws(CELError) in
                try activation.charge()
                return .int(number)
            }
        case .bool(let flag):
            return CELStep { activation, _ throws(CELError) in
                try activation.charge()
                return .bool(flag)
            }
        case .double(let number):
            return CELStep { activation, _ throws(CELError) in
                try activation.charge()
                return .double(number)
            }
        default:
            return CELStep { activation, _ throws(CELError) in
                try activation.charge()
                return value
            }
        }
    }

    /// A node that fails when evaluated: what an unknown name or function is when the checker
    /// did not run (CEL makes it a run-time error, which `||` may absorb).
    func failure(_ error: CELError) -> CELStep {
        CELStep { activation, _ throws(CELError) in
            try activation.charge()
            throw error
        }
    }

    private mutating func list(_ elements: [CELExpr]) throws(CELCompileError) -> CELStep {
        let steps = try plan(elements)
        if steps.isEmpty { return constant(.list([])) }
        return CELStep { activation, locals throws(CELError) in
            try activation.charge(1 + steps.count >> 4)
            var values: [CELValue] = []
            values.reserveCapacity(steps.count)
            for step in steps { values.append(try step(&activation, &locals)) }
            return .list(values)
        }
    }

    private mutating func map(_ entries: [CELExpr.MapEntry]) throws(CELCompileError) -> CELStep {
        let keys = try plan(entries.map(\.key))
        let values = try plan(entries.map(\.value))
        return CELStep { activation, locals throws(CELError) in
            try activation.charge(1 + keys.count >> 4)
            var map = CELMap()
            for (key, value) in zip(keys, values) {
                try map.insert(try key(&activation, &locals), try value(&activation, &locals))
            }
            return .map(map)
        }
    }
}
