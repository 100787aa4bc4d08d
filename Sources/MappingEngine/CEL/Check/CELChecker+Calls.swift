/// Calls: overload resolution against the library's typed signatures (cel-go's
/// `resolveOverload`), namespaced functions, and the operators whose typing is the checker's
/// own (`&&`, `||`, `?:`).
extension CELChecker {
    mutating func checkCall(_ expr: CELExpr, _ called: String, target: CELExpr?,
                            args: [CELExpr]) throws(CELCompileError) -> CELType {
        // `.f(x)` names the root scope's `f`, where every function is declared.
        let name = called.hasPrefix(".") ? String(called.dropFirst()) : called
        switch (name, target, args.count) {
        case ("_&&_", nil, 2), ("_||_", nil, 2):
            return try checkLogic(expr, name, args)
        case ("_?_:_", nil, 3):
            return try checkConditional(expr, args)
        default:
            break
        }
        let namespace = target.flatMap(namespace(of:))
        if let namespace, isDeclared("\(namespace).\(name)") {
            let qualified = "\(namespace).\(name)"
            let function = library.function(qualified, .global, arity: args.count)
            return try checkOverloads(expr, qualified, function?.overloads ?? [], receiver: nil, args: args)
        }
        let style: CELFunction.Style = target == nil ? .global : .receiver
        let arity = args.count + (target == nil ? 0 : 1)
        let overloads = CELCheckerIntrinsics.overloads(name, style, arity: arity, in: library)
        // A name declared but not called this way or with this many arguments has no overload
        // that fits; a name not declared at all is unknown (`optional.none()` is as a whole).
        guard overloads != nil || isDeclared(name) else {
            throw Self.undeclared(namespace.map { "\($0).\(name)" } ?? name, at: expr)
        }
        return try checkOverloads(expr, name, overloads ?? [], receiver: target, args: args)
    }

    /// `math` in `math.greatest(…)`, which the parser reads as `greatest` called on `math`: a
    /// qualified name that names no variable, so the call may be the library's global
    /// `math.greatest` (as the planner resolves it).
    private func namespace(of target: CELExpr) -> String? {
        guard let prefix = Self.qualifiedName(target), resolve(prefix) == nil else { return nil }
        return prefix.hasPrefix(".") ? String(prefix.dropFirst()) : prefix
    }

    private func isDeclared(_ name: String) -> Bool {
        library.functions.keys.contains { $0.name == name }
    }

    /// The result type of the overloads the arguments fit, as cel-go's `resolveOverload` joins
    /// them: the one's that fits, or, when several fit (an argument of type `dyn` or an unbound
    /// variable fits many), theirs if they all agree and `dyn` otherwise.
    ///
    /// Each overload is tried on a copy of the bindings, and only a lone fit keeps what it
    /// bound: when `x + x` fits both `(int, int)` and `(string, string)`, binding `x` to `int`
    /// would refuse a later `x + 'a'` that the evaluator may well run. A type parameter of the
    /// fitting overload that the arguments left unbound is `dyn` (the `V` of `map(K, V)` for a
    /// `dyn[k]`), so a later use cannot pin it either.
    private mutating func checkOverloads(_ expr: CELExpr, _ name: String, _ overloads: [CELFunction.Overload],
                                         receiver: CELExpr?, args: [CELExpr]) throws(CELCompileError) -> CELType {
        var argTypes: [CELType] = []
        if let receiver { argTypes.append(try check(receiver)) }
        for arg in args { argTypes.append(try check(arg)) }
        var result: CELType?
        var fit: CELTypeBindings?
        var fits = 0
        for overload in overloads where overload.parameters.count == argTypes.count {
            let (parameters, overloadResult, fresh) = bindings.instantiate(overload)
            var trial = bindings
            guard trial.isAssignable(argTypes, to: parameters) else { continue }
            trial.bindUnboundToDyn(fresh)
            let type = trial.substitute(overloadResult)
            if result == nil {
                result = type
            } else if result != .dyn, result != type {
                result = .dyn
            }
            fits += 1
            fit = trial
        }
        guard let result else {
            throw noMatchingOverload(expr, name, argTypes, receiver: receiver != nil)
        }
        if fits == 1, let fit { bindings = fit }
        return result
    }

    /// `&&` and `||` take bools (or `dyn`): checked here, whatever the library declares, since
    /// the evaluator short-circuits them rather than calling a body.
    private mutating func checkLogic(_ expr: CELExpr, _ name: String, _ args: [CELExpr]) throws(CELCompileError) -> CELType {
        var argTypes: [CELType] = []
        for arg in args { argTypes.append(try check(arg)) }
        guard bindings.isAssignable(argTypes, to: Array(repeating: .bool, count: argTypes.count)) else {
            throw noMatchingOverload(expr, name, argTypes, receiver: false)
        }
        return .bool
    }

    /// `c ? a : b`: a bool condition, and the join of the branches (`dyn` when they disagree).
    private mutating func checkConditional(_ expr: CELExpr, _ args: [CELExpr]) throws(CELCompileError) -> CELType {
        let condition = try check(args[0])
        let then = try check(args[1]), otherwise = try check(args[2])
        guard bindings.isAssignable([condition], to: [.bool]) else {
            throw noMatchingOverload(expr, "_?_:_", [condition, then, otherwise], receiver: false)
        }
        return bindings.join(then, otherwise)
    }

    /// cel-go's message: "found no matching overload for '_+_' applied to '(int, string)'", with
    /// the receiver before a dot for a method (`'int.(string)'`).
    private func noMatchingOverload(_ expr: CELExpr, _ name: String, _ argTypes: [CELType],
                                    receiver: Bool) -> CELCompileError {
        let names = argTypes.map { "\(bindings.substitute($0, unboundToDyn: true))" }
        let applied = receiver ? "\(names[0]).(\(names.dropFirst().joined(separator: ", ")))"
                               : "(\(names.joined(separator: ", ")))"
        return CELCompileError(.type, column: expr.offset + 1,
                               "found no matching overload for '\(name)' applied to '\(applied)'")
    }
}
