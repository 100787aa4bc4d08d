/// `math.greatest` and `math.least`: of one to `maxArity` numbers, or of one list of numbers
/// (ints, uints, doubles and convertd's decimals). Numbers of different kinds compare as `<`
/// compares them and the winner keeps its kind (`math.greatest(1, 2.5, 3u)` is `3u`); on a tie
/// the first wins; a NaN wins over any number.
extension CELMathExtension {
    /// The most arguments a call may pass; a longer series goes in a list.
    static let maxArity = 8

    static func extremes(name: String, id: String, greatest: Bool) -> [CELFunction] {
        (1...maxArity).map { arity in
            CELFunction(name, .global, arity: arity, overloads: extremeOverloads(id: id, arity: arity),
                        body: extremeBody(name: name, arity: arity, greatest: greatest))
        }
    }

    /// Up to this many arguments, every mixture of kinds has its own typed signature (4ⁿ of
    /// them); past it, one signature of `dyn` arguments (no longer type-checked as numbers).
    static let typedArity = 3

    /// The typed signatures: a number or a list of numbers of one kind for one argument (a
    /// mixed list is `list(dyn)`, which fits each, giving `dyn`); for more, numbers of one kind
    /// give that kind and a mixture gives `dyn`, as in cel-go.
    private static func extremeOverloads(id: String, arity: Int) -> [CELFunction.Overload] {
        let kinds: [(name: String, type: CELType)] = [("int", .int), ("uint", .uint), ("double", .double), ("decimal", .decimal)]
        if arity == 1 {
            return kinds.map { CELFunction.Overload("\(id)_\($0.name)", [$0.type], $0.type) }
                + kinds.map { CELFunction.Overload("\(id)_list_\($0.name)", [.list($0.type)], $0.type) }
        }
        guard arity <= typedArity else {
            return [CELFunction.Overload(id + String(repeating: "_dyn", count: arity),
                                         Array(repeating: .dyn, count: arity), .dyn)]
        }
        var signatures: [(id: String, parameters: [CELType])] = [(id, [])]
        for _ in 0..<arity {
            signatures = signatures.flatMap { signature in
                kinds.map { kind in (signature.id + "_" + kind.name, signature.parameters + [kind.type]) }
            }
        }
        return signatures.map { signature in
            let first = signature.parameters[0]
            let uniform = signature.parameters.allSatisfy { $0 == first }
            return CELFunction.Overload(signature.id, signature.parameters, uniform ? first : .dyn)
        }
    }

    private static func extremeBody(name: String, arity: Int, greatest: Bool) -> CELFunction.Body {
        switch arity {
        case 1:
            return .unary { value throws(CELError) in
                guard case .list(let values) = value else { return try number(value, function: name) }
                guard let first = values.first else {
                    throw CELError(.invalidArgument, "\(name)(list) argument must not be empty")
                }
                var best = try number(first, function: name)
                for candidate in values.dropFirst() {
                    best = try pick(best, candidate, greatest: greatest, function: name)
                }
                return best
            }
        case 2:
            return .binary { a, b throws(CELError) in
                try pick(number(a, function: name), b, greatest: greatest, function: name)
            }
        case 3:
            return .ternary { a, b, c throws(CELError) in
                let best = try pick(number(a, function: name), b, greatest: greatest, function: name)
                return try pick(best, c, greatest: greatest, function: name)
            }
        default:
            return .variadic { values throws(CELError) in
                guard let first = values.first else { throw CELError(.noSuchOverload, "no such overload: \(name)") }
                var best = try number(first, function: name)
                for candidate in values.dropFirst() {
                    best = try pick(best, candidate, greatest: greatest, function: name)
                }
                return best
            }
        }
    }

    /// `value` if it is a number.
    private static func number(_ value: CELValue, function: String) throws(CELError) -> CELValue {
        guard CELNumber.isNumber(value) else { throw CELError(.noSuchOverload, "no such overload: \(function)") }
        return value
    }

    /// The winner of `best` and a later `candidate`, by the order of `<` (`CELNumber`).
    private static func pick(_ best: CELValue, _ candidate: CELValue, greatest: Bool,
                             function: String) throws(CELError) -> CELValue {
        guard let order = CELNumber.compare(try number(candidate, function: function), best) else {
            if case .double(let number) = candidate, number.isNaN { return candidate }
            return best
        }
        return (greatest ? order > 0 : order < 0) ? candidate : best
    }
}
