/// The static cost bound of an expression: Kubernetes' model (cel-go's `checker/cost.go`),
/// counted in the unit of the evaluator's run-time budget (`CELActivation.budget`,
/// `CELBudget`), so the bound covers what one evaluation of the expression may be charged.
///
/// **A unit of cost is one evaluator step**: every node evaluated costs 1 (a literal, a name, a
/// selection, a call, a list or map literal, a comprehension), and each iteration of a
/// comprehension costs 1 more. A call costs 1 more per 16 bytes of string or bytes, 16 elements
/// of a list or entries of a map, that the evaluator charges it for: a library function (`size`,
/// `contains`, `trim`, conversions…) its operands and its result; `+` its result; `==` and the
/// orderings their left operand; `in` its container; indexing and arithmetic nothing. A large
/// decimal counts as up to `decimalUnits`.
///
/// A comprehension (every macro) costs its range and initial value, plus (range size) × (1 +
/// condition + step), plus its result: nested loops multiply. A range's size comes from the
/// schema: a property's `maxSize` (`maxItems`; `maxLength`, a string's characters counted as 4
/// bytes each), a nested model's field its own, a list literal its length, a function's result
/// from its operands' (`split` of a bounded string is bounded).
///
/// What has no known size:
/// - a loop over it is refused (`cost_unbounded`, naming the property and the limit to declare)
///   when the environment has a `maxCost`, and makes the bound `UInt64.max` otherwise;
/// - so is a call inside a loop that is charged for a property of no declared bound (work the
///   loop repeats: `i.name.contains('x')` needs `maxLength` on `name`);
/// - anywhere else the call costs its constant part here: one pass over one input value is
///   linear in the document, and the run-time budget meters it (`self.first + ' ' + self.last`
///   needs no `maxLength`; a transform's raw `self.trim()` has no schema limit to declare).
struct CELCostEstimator {
    /// One node's bound: what evaluating it may cost, and how large its value may be.
    struct Estimate {
        var cost: UInt64
        var size: CELSizeBound
    }

    /// Each node's type from the checker; empty when the expression was not checked.
    let types: [Int: CELType]
    let environment: CELEnvironment
    /// The model of the object variable (`self`): its fields are named bare in messages.
    let root: CELObjectType?
    /// Whether an unbounded loop is refused (the environment has a `maxCost`).
    let strict: Bool
    /// Comprehension variables in scope, innermost last, with their values' bounds.
    var locals: [(name: String, size: CELSizeBound)] = []
    /// The accumulators of the enclosing comprehensions: appending to one is in place.
    var accumulators: [String] = []
    /// The ranges of the loops met so far, for the message when the bound is over the limit.
    var loopRanges: [(text: String, max: UInt64, column: Int)] = []

    static func estimate(_ expr: CELExpr, checked: CELChecked?, in environment: CELEnvironment) throws(CELCompileError) -> UInt64 {
        var estimator = CELCostEstimator(types: checked?.types ?? [:], environment: environment)
        let cost = try estimator.estimate(expr).cost
        guard let limit = environment.maxCost, cost > limit else { return cost }
        throw estimator.overLimit(cost, limit)
    }

    init(types: [Int: CELType], environment: CELEnvironment) {
        self.types = types
        self.environment = environment
        strict = environment.maxCost != nil
        root = environment.variables.lazy.compactMap { variable -> CELObjectType? in
            if case .object(let object) = variable.type { object } else { nil }
        }.first
    }

    mutating func estimate(_ expr: CELExpr) throws(CELCompileError) -> Estimate {
        var bound: Estimate
        switch expr.kind {
        case .literal(let value):
            bound = Estimate(cost: 1, size: Self.size(of: value))
        case .ident(let name):
            let size = locals.last { $0.name == name }?.size
            bound = Estimate(cost: 1, size: size ?? CELSizeBound(unbounded: .init(value: name)))
        case .select(let operand, let field, let test):
            bound = try select(expr, operand, field, test: test)
        case .call(let name, let target, let args):
            bound = try call(expr, name, target: target, args: args)
        case .list(let elements):
            var cost = 1 + UInt64(elements.count / 16), element = CELSizeBound.zero
            for item in elements {
                let item = try estimate(item)
                cost = CELSaturating.add(cost, item.cost)
                element = element.union(item.size)
            }
            bound = Estimate(cost: cost, size: CELSizeBound(max: UInt64(elements.count), element: element))
        case .map(let entries):
            var cost = 1 + UInt64(entries.count / 16), key = CELSizeBound.zero, value = CELSizeBound.zero
            for entry in entries {
                let k = try estimate(entry.key), v = try estimate(entry.value)
                cost = CELSaturating.add(cost, CELSaturating.add(k.cost, v.cost))
                key = key.union(k.size)
                value = value.union(v.size)
            }
            bound = Estimate(cost: cost, size: CELSizeBound(max: UInt64(entries.count), element: key, value: value))
        case .comprehension(let loop):
            bound = try comprehension(loop)
        }
        if let type = types[expr.id], let fixed = Self.fixedSize(type) { bound.size = fixed }
        return bound
    }

    /// `operand.field`: a model's field is bounded by its schema limit.
    private mutating func select(_ expr: CELExpr, _ operand: CELExpr, _ field: String,
                                 test: Bool) throws(CELCompileError) -> Estimate {
        if !types.isEmpty, types[operand.id] == nil {
            // The checker resolved the whole qualified name (`a.b.c`) as one variable.
            return Estimate(cost: 1, size: CELSizeBound(unbounded: .init(value: Self.describe(expr))))
        }
        let base = try estimate(operand)
        let cost = CELSaturating.add(base.cost, 1)
        if test { return Estimate(cost: cost, size: .zero) }
        switch types[operand.id] {
        case .object(let object)?:
            guard let index = object.index(of: field) else { break }
            return Estimate(cost: cost, size: fieldSize(object, index, Self.describe(expr)))
        case .map?:
            return Estimate(cost: cost, size: base.size.value)
        default:
            break
        }
        return Estimate(cost: cost, size: CELSizeBound(unbounded: .init(value: Self.describe(expr))))
    }

    /// A model field's bound, from its `maxSize` in the unit its type is counted in.
    private func fieldSize(_ object: CELObjectType, _ index: Int, _ text: String) -> CELSizeBound {
        let field = object.fields[index]
        let property = object === root ? field.name : "\(object.name).\(field.name)"
        let limit: String? = switch field.type {
        case .list, .map: "maxItems"
        case .string, .bytes: "maxLength"
        default: nil
        }
        guard let declared = field.maxSize, declared >= 0 else {
            return CELSizeBound(unbounded: .init(value: text, limit: limit.map { ($0, property) }))
        }
        let max = UInt64(declared)
        let elements = CELSizeBound(unbounded: .init(value: "\(text)[…]"))
        switch field.type {
        case .string:
            // maxLength counts characters; a character is at most 4 bytes of UTF-8.
            return CELSizeBound(max: CELSaturating.multiply(max, 4))
        case .list:
            return CELSizeBound(max: max, element: elements)
        case .map:
            return CELSizeBound(max: max, element: elements, value: elements)
        default:
            return CELSizeBound(max: max)
        }
    }

    /// A fold: (range size) × (1 + condition + step), plus the range, the initial value and
    /// the result.
    private mutating func comprehension(_ loop: CELExpr.Comprehension) throws(CELCompileError) -> Estimate {
        let range = try estimate(loop.iterRange)
        let initial = try estimate(loop.accuInit)
        guard let count = range.size.max else {
            if strict { throw unboundedLoop(loop.iterRange, range.size.unbounded) }
            return Estimate(cost: .max, size: CELSizeBound(unbounded: .init(value: "the result of a loop")))
        }
        loopRanges.append((Self.describe(loop.iterRange), count, loop.iterRange.offset + 1))
        let isMap = if case .map? = types[loop.iterRange.id] { true } else { false }
        let scope = locals.count
        // Each step of a macro adds at most one element to the accumulator.
        let grown = CELSizeBound(max: CELSaturating.add(initial.size.max ?? 0, count), element: initial.size.element,
                                 value: initial.size.value)
        locals.append((loop.accuVar, initial.size.max == nil ? initial.size : grown))
        accumulators.append(loop.accuVar)
        switch (loop.iterVar2, isMap) {
        case (nil, _):
            locals.append((loop.iterVar, range.size.element))
        case (let second?, false):
            locals.append((loop.iterVar, .zero))
            locals.append((second, range.size.element))
        case (let second?, true):
            locals.append((loop.iterVar, range.size.element))
            locals.append((second, range.size.value))
        }
        let condition = try estimate(loop.loopCondition)
        let step = try estimate(loop.loopStep)
        locals.removeSubrange((scope + 1)...)
        accumulators.removeLast()
        locals[scope].size = step.size
        let result = try estimate(loop.result)
        locals.removeSubrange(scope...)
        let perIteration = CELSaturating.add(1, CELSaturating.add(condition.cost, step.cost))
        var cost = CELSaturating.add(1, CELSaturating.add(range.cost, initial.cost))
        cost = CELSaturating.add(cost, CELSaturating.multiply(count, perIteration))
        return Estimate(cost: CELSaturating.add(cost, result.cost), size: result.size)
    }

    /// Whether the evaluator may charge for a value of `type`'s size (strings, bytes, lists,
    /// maps, decimals, or not known).
    static func isSized(_ type: CELType) -> Bool {
        switch type {
        case .string, .bytes, .list, .map, .decimal, .dyn, .parameter: true
        default: false
        }
    }

    /// The size of every value of `type`, when the type alone fixes it: 0 for scalars, the
    /// most a decimal can be charged for.
    static func fixedSize(_ type: CELType) -> CELSizeBound? {
        switch type {
        case .decimal: CELSizeBound(max: decimalUnits)
        case .string, .bytes, .list, .map, .dyn, .parameter: nil
        default: .zero
        }
    }

    /// A decimal's size in the evaluator's units: it charges half a unit per limb of a large
    /// significand (`CELBudget.sizeCost`), and a limb holds 9 digits.
    static let decimalUnits = UInt64((CELDecimal.maxDigits / CELDecimalMagnitude.digitsPerLimb + 1) / 2 * 16)

    /// A literal's size: a string's UTF-8 bytes, a bytes literal's bytes.
    static func size(of value: CELValue) -> CELSizeBound {
        switch value {
        case .string(let text): CELSizeBound(max: UInt64(text.utf8.count))
        case .bytes(let bytes): CELSizeBound(max: UInt64(bytes.count))
        default: .zero
        }
    }

    /// An expression as the source writes it, for messages: `self.items`, `i.name.split(…)`.
    static func describe(_ expr: CELExpr) -> String {
        switch expr.kind {
        case .ident(let name): name
        case .select(let operand, let field, _): "\(describe(operand)).\(field)"
        case .call(let name, let target?, _): "\(describe(target)).\(name)(…)"
        case .call(let name, nil, _): "\(name)(…)"
        case .literal(.string(let text)): "'\(text)'"
        case .literal: "a literal"
        case .list: "[…]"
        case .map: "{…}"
        case .comprehension: "a macro's result"
        }
    }
}
