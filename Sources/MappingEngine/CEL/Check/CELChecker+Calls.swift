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

    /// The result type of the overloads the arguments fit: the first one's, or `dyn` when
    /// several fit with different results (an argument of type `dyn` fits many).
    private mutating func checkOverloads(_ expr: CELExpr, _ name: String, _ overloads: [CELFunction.Overload],
                                         receiver: CELExpr?, args: [CELExpr]) throws(CELCompileError) -> CELType {
        var argTypes: [CELType] = []
        if let receiver { argTypes.append(try check(receiver)) }
        for arg in args { argTypes.append(try check(arg)) }
        var result: CELType?
        for overload in overloads where overload.parameters.count == argTypes.count {
            let (parameters, overloadResult) = instantiate(overload)
            guard bindings.isAssignable(argTypes, to: parameters) else { continue }
            let type = bindings.substitute(overloadResult)
            if result == nil {
                result = type
            } else if result != .dyn, result != type {
                result = .dyn
            }
        }
        guard let result else {
            throw noMatchingOverload(expr, name, argTypes, receiver: receiver != nil)
        }
        return result
    }

    /// An overload's types with its type parameters renamed to fresh variables, so two calls
    /// of `size(list(A))` do not bind the same `A`.
    private mutating func instantiate(_ overload: CELFunction.Overload) -> ([CELType], CELType) {
        var fresh: [String: CELType] = [:]
        func rename(_ type: CELType) -> CELType {
            switch type {
            case .parameter(let name):
                if let variable = fresh[name] { return variable }
                let variable = bindings.freshVariable()
                fresh[name] = variable
                return variable
            case .list(let element): return .list(rename(element))
            case .map(let key, let value): return .map(key: rename(key), value: rename(value))
            case .type(let type): return .type(rename(type))
            default: return type
            }
        }
        let parameters = overload.parameters.map(rename)
        return (parameters, rename(overload.result))
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
