/// The type variables bound while checking one expression, and CEL's assignability over them:
/// cel-go's `mapping`, `internalIsAssignable`, `mostGeneral` and `substitute`, so an expression
/// cel-go accepts is accepted here with the same deduced type.
///
/// Type variables are `.parameter` types: an overload's own (`A` in `size(list(A))`) are renamed
/// to fresh ones at each call, and an empty `[]` or `{}` gets fresh ones for its element types,
/// which the rest of the expression then binds (`[].map(x, x)[0]` is `dyn`, `[[], [1]]` is
/// `list(list(int))`). A variable left unbound at the end is `dyn`.
struct CELTypeBindings {
    private var bindings: [String: CELType] = [:]
    private var count = 0

    /// A type variable no overload declares: overloads name theirs with letters, these with `%`.
    mutating func freshVariable() -> CELType {
        .parameter(freshName())
    }

    private mutating func freshName() -> String {
        count += 1
        return "%\(count)"
    }

    /// An overload's types with its type parameters renamed to fresh variables, so two calls
    /// of `size(list(A))` do not bind the same `A`: its parameters, result and new variables.
    mutating func instantiate(_ overload: CELFunction.Overload) -> ([CELType], CELType, [String]) {
        var fresh: [String: CELType] = [:]
        var names: [String] = []
        func rename(_ type: CELType) -> CELType {
            switch type {
            case .parameter(let name):
                if let variable = fresh[name] { return variable }
                let renamed = freshName()
                names.append(renamed)
                fresh[name] = .parameter(renamed)
                return .parameter(renamed)
            case .list(let element): return .list(rename(element))
            case .map(let key, let value): return .map(key: rename(key), value: rename(value))
            case .type(let type): return .type(rename(type))
            default: return type
            }
        }
        let parameters = overload.parameters.map(rename)
        return (parameters, rename(overload.result), names)
    }

    /// Binds to `dyn` those of `names` that nothing bound: what an overload's parameter is when
    /// its arguments did not say (`dyn` fits `list(A)` without telling `A`).
    mutating func bindUnboundToDyn(_ names: [String]) {
        for name in names where bindings[name] == nil {
            bindings[name] = .dyn
        }
    }

    /// `type` with every bound variable replaced by its binding; unbound ones stay, or become
    /// `dyn` when `unboundToDyn` (the final types).
    func substitute(_ type: CELType, unboundToDyn: Bool = false) -> CELType {
        switch type {
        case .parameter(let name):
            if let bound = bindings[name] { return substitute(bound, unboundToDyn: unboundToDyn) }
            return unboundToDyn ? .dyn : type
        case .list(let element):
            return .list(substitute(element, unboundToDyn: unboundToDyn))
        case .map(let key, let value):
            return .map(key: substitute(key, unboundToDyn: unboundToDyn), value: substitute(value, unboundToDyn: unboundToDyn))
        case .type(let type):
            return .type(substitute(type, unboundToDyn: unboundToDyn))
        default:
            return type
        }
    }

    /// Whether a value of type `actual` may be passed where `expected` is declared, binding
    /// type variables on either side to make it so. Symmetric but for the variables' bindings;
    /// on `false` some bindings may have been made: try on a copy.
    mutating func isAssignable(_ actual: CELType, to expected: CELType) -> Bool {
        if actual == expected { return true }
        if case .parameter(let name) = expected {
            let (valid, bound) = substitution(actual, for: name)
            if valid { return true }
            if bound { return false }
        }
        if case .parameter(let name) = actual {
            return substitution(expected, for: name).valid
        }
        if actual == .dyn || expected == .dyn { return true }
        if actual == .null { return Self.isNullable(expected) }
        if expected == .null { return Self.isNullable(actual) }
        switch (actual, expected) {
        case (.list(let a), .list(let b)):
            return isAssignable(a, to: b)
        case (.map(let k1, let v1), .map(let k2, let v2)):
            return isAssignable(k1, to: k2) && isAssignable(v1, to: v2)
        case (.type, .type):
            // Type values are compared at run time (`type(1) == string` is false, not an error).
            return true
        default:
            return false
        }
    }

    /// `isAssignable` over two lists of the same length, committed only when every pair is.
    mutating func isAssignable(_ actual: [CELType], to expected: [CELType]) -> Bool {
        guard actual.count == expected.count else { return false }
        var trial = self
        for (a, e) in zip(actual, expected) where !trial.isAssignable(a, to: e) {
            return false
        }
        self = trial
        return true
    }

    /// The join of two types that must agree (list elements, the branches of `?:`): the more
    /// general of the two when one is assignable to the other, `dyn` otherwise: a
    /// heterogeneous list literal is `list(dyn)`, as in cel-go.
    mutating func join(_ previous: CELType, _ current: CELType) -> CELType {
        var trial = self
        guard trial.isAssignable(previous, to: current) else { return .dyn }
        self = trial
        return Self.mostGeneral(previous, current)
    }

    /// Whether `type` can stand for the variable `name`: (valid, the variable was already bound).
    private mutating func substitution(_ type: CELType, for name: String) -> (valid: Bool, bound: Bool) {
        if case .parameter(name) = type { return (true, true) }
        if let bound = bindings[name] {
            if type == bound { return (true, true) }
            guard isAssignable(type, to: bound) else { return (false, true) }
            let general = Self.mostGeneral(type, bound)
            if notReferenced(name, in: general) { bindings[name] = general }
            return (true, true)
        }
        guard notReferenced(name, in: type) else { return (false, false) }
        bindings[name] = type
        return (true, false)
    }

    /// The occurs check: binding `name` to a type containing it would make an infinite type.
    private func notReferenced(_ name: String, in type: CELType) -> Bool {
        switch type {
        case .parameter(let other):
            if other == name { return false }
            guard let bound = bindings[other] else { return true }
            return notReferenced(name, in: bound)
        case .list(let element):
            return notReferenced(name, in: element)
        case .map(let key, let value):
            return notReferenced(name, in: key) && notReferenced(name, in: value)
        case .type(let type):
            return notReferenced(name, in: type)
        default:
            return true
        }
    }

    /// Null is assignable to the types cel-go keeps nullable for legacy reasons (messages —
    /// here models —, timestamps and durations), and to nothing else but null and dyn.
    private static func isNullable(_ type: CELType) -> Bool {
        switch type {
        case .null, .dyn, .parameter, .object, .timestamp, .duration: true
        default: false
        }
    }

    /// The less specific of two agreeing types: `dyn` and variables over concrete types.
    static func mostGeneral(_ a: CELType, _ b: CELType) -> CELType {
        isEqualOrLessSpecific(a, b) ? a : b
    }

    private static func isEqualOrLessSpecific(_ a: CELType, _ b: CELType) -> Bool {
        switch (a, b) {
        case (.dyn, _), (.parameter, _): true
        case (_, .dyn), (_, .parameter): false
        case (.list(let x), .list(let y)), (.type(let x), .type(let y)): isEqualOrLessSpecific(x, y)
        case (.map(let k1, let v1), .map(let k2, let v2)): isEqualOrLessSpecific(k1, k2) && isEqualOrLessSpecific(v1, v2)
        default: a == b
        }
    }
}
