/// What checking an expression found.
struct CELChecked: Sendable {
    /// The expression's type.
    var type: CELType
    /// Each node's type, by node id.
    var types: [Int: CELType]
    /// The fields of the object variable the expression reads, `has()` tests included.
    var fieldsRead: [Int]
    /// Those it reads the values of (not only tests with `has()`).
    var valuesRead: [Int]
    /// Whether it uses the object variable whole, which reads every field's value.
    var readsWholeObject: Bool
}

/// CEL's type checker over the environment's declarations (langdef.md, "Gradual Type
/// Checking"; cel-go's `checker`): deduces each node's type, resolves names and overloads, and
/// refuses the first undeclared name or call no overload takes, with its column.
///
/// Gradual: `dyn` passes everywhere, so only what must fail at run time is refused. One
/// expression is checked once, at load; the walk recurses as deep as the parser's depth limit.
struct CELChecker {
    let environment: CELEnvironment
    let library: CELLibrary
    /// The slot of the object-typed variable (`self` of rules), whose field reads are recorded.
    let objectSlot: Int?
    var bindings = CELTypeBindings()
    var types: [Int: CELType] = [:]
    var fieldsRead: Set<Int> = []
    var valuesRead: Set<Int> = []
    var readsWholeObject = false
    /// Comprehension variables in scope, innermost last.
    var locals: [(name: String, type: CELType)] = []

    static func check(_ expr: CELExpr, in environment: CELEnvironment) throws(CELCompileError) -> CELChecked {
        var checker = CELChecker(environment: environment, library: .standard)
        let type = try checker.check(expr)
        return CELChecked(type: checker.bindings.substitute(type, unboundToDyn: true),
                          types: checker.types.mapValues { checker.bindings.substitute($0, unboundToDyn: true) },
                          fieldsRead: checker.fieldsRead.sorted(), valuesRead: checker.valuesRead.sorted(),
                          readsWholeObject: checker.readsWholeObject)
    }

    init(environment: CELEnvironment, library: CELLibrary) {
        self.environment = environment
        self.library = library
        objectSlot = environment.variables.firstIndex {
            if case .object = $0.type { true } else { false }
        }
    }

    /// The type of `expr`, recorded under its id (type variables may be bound later).
    mutating func check(_ expr: CELExpr) throws(CELCompileError) -> CELType {
        let type: CELType
        switch expr.kind {
        case .literal(let value):
            type = Self.type(of: value)
        case .ident(let name):
            guard let resolved = resolve(name) else { throw Self.undeclared(name, at: expr) }
            if resolved.slot != nil, resolved.slot == objectSlot { readWholeObject() }
            type = resolved.type
        case .select(let operand, let field, let test):
            type = try checkSelect(expr, operand, field, test: test)
        case .call(let function, let target, let args):
            type = try checkCall(expr, function, target: target, args: args)
        case .list(let elements):
            var element: CELType?
            for item in elements {
                let itemType = try check(item)
                element = element.map { bindings.join($0, itemType) } ?? itemType
            }
            type = .list(element ?? bindings.freshVariable())
        case .map(let entries):
            var key: CELType?, value: CELType?
            for entry in entries {
                let keyType = try check(entry.key), valueType = try check(entry.value)
                key = key.map { bindings.join($0, keyType) } ?? keyType
                value = value.map { bindings.join($0, valueType) } ?? valueType
            }
            type = .map(key: key ?? bindings.freshVariable(), value: value ?? bindings.freshVariable())
        case .comprehension(let comprehension):
            type = try checkComprehension(comprehension)
        }
        types[expr.id] = type
        return type
    }

    /// A literal's type; the parser makes only scalar literals, the others are typed for completeness.
    static func type(of value: CELValue) -> CELType {
        switch value {
        case .null: .null
        case .bool: .bool
        case .int: .int
        case .uint: .uint
        case .double: .double
        case .string: .string
        case .bytes: .bytes
        case .list: .list(.dyn)
        case .map: .map(key: .dyn, value: .dyn)
        case .timestamp: .timestamp
        case .duration: .duration
        case .decimal: .decimal
        case .type(let name): .type(CELTypeNames.all[name] ?? .dyn)
        }
    }

    /// A fold: the variables are typed from the range, the accumulator from its initial value.
    private mutating func checkComprehension(_ c: CELExpr.Comprehension) throws(CELCompileError) -> CELType {
        let rangeType = bindings.substitute(try check(c.iterRange))
        let accuType = try check(c.accuInit)
        let first: CELType, second: CELType
        switch rangeType {
        case .list(let element):
            (first, second) = c.iterVar2 == nil ? (element, .dyn) : (.int, element)
        case .map(let key, let value):
            (first, second) = (key, value)
        case .dyn, .parameter:
            _ = bindings.isAssignable(.dyn, to: rangeType)
            (first, second) = (.dyn, .dyn)
        default:
            throw CELCompileError(.type, column: c.iterRange.offset + 1,
                                  "expression of type '\(rangeType)' cannot be the range of a comprehension (must be list, map, or dynamic)")
        }
        let outer = locals.count
        locals.append((c.accuVar, accuType))
        let loop = locals.count
        locals.append((c.iterVar, first))
        if let name = c.iterVar2 { locals.append((name, second)) }
        try expect(c.loopCondition, toBe: .bool)
        try expect(c.loopStep, toBe: accuType)
        locals.removeSubrange(loop...)
        let result = try check(c.result)
        locals.removeSubrange(outer...)
        return bindings.substitute(result)
    }

    /// Checks `expr` and refuses it unless its type is assignable to `expected`.
    private mutating func expect(_ expr: CELExpr, toBe expected: CELType) throws(CELCompileError) {
        let type = try check(expr)
        var trial = bindings
        guard trial.isAssignable(type, to: expected) else {
            throw CELCompileError(.type, column: expr.offset + 1,
                                  "expected type '\(bindings.substitute(expected, unboundToDyn: true))' but found '\(bindings.substitute(type, unboundToDyn: true))'")
        }
        bindings = trial
    }

    static func undeclared(_ name: String, at expr: CELExpr) -> CELCompileError {
        CELCompileError(.undeclared, column: expr.offset + 1, "undeclared reference to '\(name)'")
    }
}
