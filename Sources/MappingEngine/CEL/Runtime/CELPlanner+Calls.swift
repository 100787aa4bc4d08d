/// Calls: operators and functions to steps. Receiver calls on a name that is no variable
/// (`math.greatest(…)`) are the namespaced global functions (`"math.greatest"`).
extension CELPlanner {
    mutating func call(_ name: String, target: CELExpr?, args: [CELExpr]) throws(CELCompileError) -> CELStep {
        // `.f(x)` names the root scope's `f`, which is where functions live anyway.
        let name = name.hasPrefix(".") ? String(name.dropFirst()) : name
        guard let target else {
            if let step = try operation(name, args) { return step }
            guard let function = library.function(name, .global, arity: args.count) else {
                return failure(CELError(.noSuchOverload, "unknown function \(name)/\(args.count)"))
            }
            return try call(function, args)
        }
        if let namespace = qualifiedName(target), environment.slot(of: namespace) == nil,
           let function = library.function(namespace + "." + name, .global, arity: args.count) {
            return try call(function, args)
        }
        if name == "matches", args.count == 1 { return try matches(target, args[0]) }
        guard let function = library.function(name, .receiver, arity: args.count + 1) else {
            return failure(CELError(.noSuchOverload, "unknown function \(name)/\(args.count) on a receiver"))
        }
        return try call(function, [target] + args)
    }

    /// A library function over its planned arguments, charged for the sizes it reads and makes.
    mutating func call(_ function: CELFunction, _ args: [CELExpr]) throws(CELCompileError) -> CELStep {
        let steps = try plan(args)
        switch function.body {
        case .unary(let body) where steps.count == 1:
            let first = steps[0]
            return CELStep { activation, locals throws(CELError) in
                try activation.charge()
                let x = try first(&activation, &locals)
                try activation.charge(sizeOf: x)
                let result = try body(x)
                try activation.charge(sizeOf: result)
                return result
            }
        case .binary(let body) where steps.count == 2:
            let first = steps[0], second = steps[1]
            return CELStep { activation, locals throws(CELError) in
                try activation.charge()
                let x = try first(&activation, &locals)
                let y = try second(&activation, &locals)
                try activation.charge(sizeOf: x)
                try activation.charge(sizeOf: y)
                let result = try body(x, y)
                try activation.charge(sizeOf: result)
                return result
            }
        case .ternary(let body) where steps.count == 3:
            let first = steps[0], second = steps[1], third = steps[2]
            return CELStep { activation, locals throws(CELError) in
                try activation.charge()
                let x = try first(&activation, &locals)
                let y = try second(&activation, &locals)
                let z = try third(&activation, &locals)
                try activation.charge(sizeOf: x)
                try activation.charge(sizeOf: y)
                try activation.charge(sizeOf: z)
                let result = try body(x, y, z)
                try activation.charge(sizeOf: result)
                return result
            }
        case .variadic(let body):
            return CELStep { activation, locals throws(CELError) in
                try activation.charge()
                var values: [CELValue] = []
                values.reserveCapacity(steps.count)
                for step in steps {
                    let value = try step(&activation, &locals)
                    try activation.charge(sizeOf: value)
                    values.append(value)
                }
                let result = try body(values)
                try activation.charge(sizeOf: result)
                return result
            }
        default:
            throw CELCompileError(.type, column: 1, "\(function.name) declares \(function.arity) arguments but its body takes another number")
        }
    }

    /// `text.matches(pattern)` and `matches(text, pattern)`: the pattern must be a string
    /// literal, compiled now by the environment's linear-time compiler; nothing is compiled
    /// while evaluating.
    mutating func matches(_ text: CELExpr, _ pattern: CELExpr) throws(CELCompileError) -> CELStep {
        guard case .literal(.string(let source)) = pattern.kind else {
            throw CELCompileError(.pattern, column: pattern.offset + 1, "matches takes a string literal as its pattern")
        }
        guard let compiler = environment.patterns else {
            throw CELCompileError(.pattern, column: pattern.offset + 1, "matches is not available here")
        }
        let matcher: any CELPatternMatcher
        switch compiler.compile(source) {
        case .success(let compiled): matcher = compiled
        case .failure(let error):
            // The compiler counts from the pattern's start; the literal's quote comes first.
            throw CELCompileError(error.kind, column: pattern.offset + 1 + error.column, error.message)
        }
        let textStep = try plan(text)
        return CELStep { activation, locals throws(CELError) in
            try activation.charge()
            let value = try textStep(&activation, &locals)
            guard case .string(let string) = value else {
                throw CELError(.noSuchOverload, "no such overload: \(value.typeName).matches(string)")
            }
            try activation.charge(sizeOf: value)
            return .bool(matcher.matches(string))
        }
    }
}
