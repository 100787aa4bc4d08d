/// Calls: what each function reads and makes (its size-dependent work), and how large its
/// result may be, so a loop over `split`'s result or a search inside a loop is bounded too.
extension CELCostEstimator {
    mutating func call(_ expr: CELExpr, _ called: String, target: CELExpr?,
                       args: [CELExpr]) throws(CELCompileError) -> Estimate {
        var name = called.hasPrefix(".") ? String(called.dropFirst()) : called
        var operands = args
        if let target {
            if let namespace = namespace(of: target, name) {
                name = "\(namespace).\(name)"
            } else {
                operands.insert(target, at: 0)
            }
        }
        if name == "_?_:_", operands.count == 3 {
            // Only one branch is evaluated.
            let condition = try estimate(operands[0]), a = try estimate(operands[1]), b = try estimate(operands[2])
            return Estimate(cost: CELSaturating.add(1, CELSaturating.add(condition.cost, max(a.cost, b.cost))),
                            size: a.size.union(b.size))
        }
        var cost: UInt64 = 1
        var sizes: [CELSizeBound] = []
        for operand in operands {
            let estimate = try estimate(operand)
            cost = CELSaturating.add(cost, estimate.cost)
            sizes.append(estimate.size)
        }
        let result = resultSize(expr, name, operands, sizes)
        var units: UInt64 = 0
        for (bound, source) in work(expr, name, operands, sizes, result) {
            guard let max = bound.max else {
                // Outside loops a pass over one value is linear in the document: the run-time
                // budget meters it. Inside one, the loop repeats it: it must be bounded here,
                // when a schema limit can bound it.
                if accumulators.isEmpty || bound.unbounded?.limit == nil { continue }
                if strict { throw unboundedWork(name, source, bound.unbounded) }
                units = .max
                break
            }
            units = CELSaturating.add(units, max)
        }
        // The evaluator charges ⌊size / 16⌋ per value; the sum's quotient is never less.
        cost = CELSaturating.add(cost, units / 16)
        return Estimate(cost: cost, size: result)
    }

    /// `math` in `math.greatest(…)`: a namespace when no variable has that name and the library
    /// has the qualified function (as the checker and planner resolve it).
    private func namespace(of target: CELExpr, _ name: String) -> String? {
        guard var prefix = CELChecker.qualifiedName(target) else { return nil }
        if prefix.hasPrefix(".") {
            prefix.removeFirst()
        } else if locals.contains(where: { $0.name == prefix.prefix { $0 != "." } }) {
            return nil
        }
        guard !environment.variables.contains(where: { $0.name == prefix }) else { return nil }
        let qualified = "\(prefix).\(name)"
        return CELLibrary.standard.functions.keys.contains { $0.name == qualified } ? prefix : nil
    }

    private func type(_ expr: CELExpr) -> CELType? { types[expr.id] }

    /// Whether `expr`'s value may have a size (not known to be a scalar).
    private func isSized(_ expr: CELExpr) -> Bool {
        type(expr).map(Self.isSized) ?? true
    }

    /// The sizes the evaluator charges a call for (`CELPlanner`): a library function every
    /// operand and its result; the operators it runs itself less — `+` its result, `==` and the
    /// orderings their left operand, `in` its container, indexing and arithmetic nothing.
    private func work(_ expr: CELExpr, _ name: String, _ operands: [CELExpr], _ sizes: [CELSizeBound],
                      _ result: CELSizeBound) -> [(CELSizeBound, CELExpr)] {
        switch (name, operands.count) {
        case ("_==_", 2), ("_!=_", 2):
            // Two ints are compared inline, for nothing.
            if type(operands[0]) == .int, type(operands[1]) == .int { return [] }
            return [(sizes[0], operands[0])]
        case ("_<_", 2), ("_<=_", 2), ("_>_", 2), ("_>=_", 2):
            // As are two ints or two decimals.
            switch (type(operands[0]), type(operands[1])) {
            case (.int?, .int?), (.decimal?, .decimal?): return []
            default: return [(sizes[0], operands[0])]
            }
        case ("_+_", 2):
            if Self.isAccumulator(operands[0], accumulators), case .list = operands[1].kind {
                // The macros' `@result + [x]` appends in place: it reads only the new elements.
                return [(sizes[1], operands[1])]
            }
            return [(result, expr)]
        case ("@in", 2):
            return [(sizes[1], operands[1])]
        case ("matches", _):
            return [(sizes[0], operands[0])]
        case ("cel.@mapInsert", 3) where Self.isAccumulator(operands[0], accumulators):
            return []
        case ("_[_]", 2), ("_-_", 2), ("_*_", 2), ("_/_", 2), ("_%_", 2), ("-_", 1), ("!_", 1), ("@not_strictly_false", 1):
            return []
        default:
            var read: [(CELSizeBound, CELExpr)] = []
            for (operand, size) in zip(operands, sizes) where isSized(operand) {
                read.append((size, operand))
            }
            if type(expr).map(Self.isSized) ?? true { read.append((result, expr)) }
            return read
        }
    }

    private static func isAccumulator(_ expr: CELExpr, _ accumulators: [String]) -> Bool {
        if case .ident(let name) = expr.kind { accumulators.last == name } else { false }
    }

    /// How large a call's result may be, from its operands' bounds.
    private func resultSize(_ expr: CELExpr, _ name: String, _ operands: [CELExpr],
                            _ sizes: [CELSizeBound]) -> CELSizeBound {
        if let type = type(expr), let fixed = Self.fixedSize(type) { return fixed }
        let unknown = CELSizeBound(unbounded: .init(value: Self.describe(expr)))
        switch (name, sizes.count) {
        case ("_+_", 2):
            return sizes[0].plus(sizes[1])
        case ("trim", 1), ("lowerAscii", 1), ("upperAscii", 1), ("reverse", 1), ("substring", _), ("dyn", 1), ("bytes", 1):
            return sizes[0]
        case ("charAt", 2):
            return CELSizeBound(max: 4)
        case ("replace", 3), ("replace", 4):
            // Each of at most n + 1 matches (of an empty pattern) puts the replacement in.
            guard let text = sizes[0].max, let replacement = sizes[2].max else {
                return sizes[0].max == nil ? sizes[0] : sizes[2]
            }
            return CELSizeBound(max: CELSaturating.add(text, CELSaturating.multiply(CELSaturating.add(text, 1), replacement)))
        case ("split", _):
            guard let text = sizes[0].max else { return sizes[0] }
            return CELSizeBound(max: CELSaturating.add(text, 1), element: CELSizeBound(max: text))
        case ("join", _):
            let list = sizes[0], separator = sizes.count > 1 ? sizes[1] : .zero
            guard let count = list.max else { return list }
            let each = list.element.plus(separator)
            guard let element = each.max else { return each }
            return CELSizeBound(max: CELSaturating.multiply(count, element))
        case ("string", 1):
            switch type(operands[0]) {
            case .string?: return sizes[0]
            // Each invalid byte becomes U+FFFD, 3 bytes.
            case .bytes?: return sizes[0].max.map { CELSizeBound(max: CELSaturating.multiply($0, 3)) } ?? sizes[0]
            case .decimal?: return CELSizeBound(max: UInt64(CELDecimal.maxDigits) + 32)
            case let scalar? where Self.fixedSize(scalar) != nil: return CELSizeBound(max: 64)
            default: return unknown
            }
        case ("strings.quote", 1):
            // Quotes, and an escape of at most 6 bytes (`\u0001`) for each byte.
            return sizes[0].max.map { CELSizeBound(max: CELSaturating.add(CELSaturating.multiply($0, 6), 2)) } ?? sizes[0]
        case ("_[_]", 2):
            switch type(operands[0]) {
            case .list?: return sizes[0].element
            case .map?: return sizes[0].value
            default: return unknown
            }
        case ("cel.@mapInsert", 3):
            guard let count = sizes[0].max else { return sizes[0] }
            return CELSizeBound(max: CELSaturating.add(count, 1), element: sizes[0].element.union(sizes[1]),
                                value: sizes[0].value.union(sizes[2]))
        case ("cel.@mapInsert", 2):
            return sizes[0].plus(sizes[1])
        case ("math.greatest", 1), ("math.least", 1):
            return sizes[0].element
        default:
            return unknown
        }
    }
}
