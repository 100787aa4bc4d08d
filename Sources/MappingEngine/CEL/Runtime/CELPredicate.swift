/// A rule that can be decided on its fields' text, without a CEL value: `has()` of `self`'s
/// fields, a bool field, comparisons between number, string or bool fields and literals, a
/// string field's `size()` against an int literal, and `&&`, `||`, `!` over those — SPEC §8's
/// common rules (`self.min <= self.max`, `has(self.email) || has(self.phone)`, `self.qty > 0`,
/// `self.login.size() <= 39`).
///
/// Made at load from the parsed expression, beside its plan; the engine decides it on the
/// converted text and charges the steps the plan's closures would (`steps` and sizes as they
/// do). Nothing in this fragment can fail once the fields it reads by value are present, which
/// the engine checks first; where a value is in a form the engine does not read on its text,
/// the program runs instead, so the two always agree.
public indirect enum CELPredicate: Sendable {
    /// `has(self.f)`.
    case has(field: Int)
    /// `self.f` of type bool, as the condition itself.
    case flag(field: Int)
    case compare(CELComparison)
    case and(CELPredicate, CELPredicate)
    case or(CELPredicate, CELPredicate)
    case not(CELPredicate)

    /// `expr` as a predicate over the fields of the object variable of `environment`, or nil
    /// when it is not in the fragment.
    static func make(_ expr: CELExpr, in environment: CELEnvironment) -> CELPredicate? {
        guard let slot = environment.slot(of: "self"), case .object(let object) = environment.variables[slot].type else { return nil }
        return make(expr, object)
    }

    private static func make(_ expr: CELExpr, _ object: CELObjectType) -> CELPredicate? {
        switch expr.kind {
        case .select(let operand, let field, let test):
            guard case .ident("self") = operand.kind, let index = object.index(of: field) else { return nil }
            if test { return .has(field: index) }
            return object.fields[index].type == .bool ? .flag(field: index) : nil
        case .call(let name, nil, let args):
            switch (name, args.count) {
            case ("_&&_", 2):
                guard let left = make(args[0], object), let right = make(args[1], object) else { return nil }
                return .and(left, right)
            case ("_||_", 2):
                guard let left = make(args[0], object), let right = make(args[1], object) else { return nil }
                return .or(left, right)
            case ("!_", 1):
                return make(args[0], object).map(CELPredicate.not)
            default:
                guard args.count == 2, let relation = CELComparison.relations[name] else { return nil }
                return CELComparison(relation, args[0], args[1], object).map(CELPredicate.compare)
            }
        default:
            return nil
        }
    }
}

/// `x op y` between two operands of one kind, at least one a field of `self`.
public struct CELComparison: Sendable {
    public enum Kind: Sendable {
        /// int, uint or decimal, compared by value as CEL compares across them.
        case number
        /// By code points, which is UTF-8's byte order.
        case string
        /// `false` before `true`.
        case bool
        /// A string field's size in code points, `size(self.f)` or `self.f.size()`, against an
        /// int literal or another such size.
        case size
    }

    public enum Operand: Sendable {
        case field(Int)
        /// A number's digits, a string's UTF-8, or `true`/`false`.
        case literal([UInt8])
        /// The size of the string field: a call of `size` on the field's value.
        case size(Int)
    }

    public let kind: Kind
    public let left: Operand
    public let right: Operand
    /// The steps the plan charges whatever the values: the comparison and its operands.
    public let steps: Int
    public let relation: CELRelation

    static let relations: [String: CELRelation] = [
        "_==_": .equal, "_!=_": .notEqual, "_<_": .less, "_<=_": .lessOrEqual, "_>_": .greater, "_>=_": .greaterOrEqual,
    ]

    /// Beyond `steps`, the plan charges a string operand's size, 1 a 16 bytes, when the left
    /// value is a string (`charge(sizeOf:)`); numbers in the fragment cost nothing more (the
    /// engine leaves a decimal too long to be held inline to the program).

    init?(_ relation: CELRelation, _ left: CELExpr, _ right: CELExpr, _ object: CELObjectType) {
        guard let (leftKind, leftOperand) = CELComparison.operand(left, object),
              let (rightKind, rightOperand) = CELComparison.operand(right, object),
              let kind = Self.kind(leftKind, left, rightKind, right)
        else { return nil }
        if case .literal = leftOperand, case .literal = rightOperand { return nil }
        self.kind = kind
        self.left = leftOperand
        self.right = rightOperand
        self.relation = relation
        // The plan's comparison with a literal on the right holds the literal and charges 2;
        // otherwise 1 and its right operand's steps. Each operand is a step of 1 (a field read
        // or a constant), a size 2 (the call and the field read its argument).
        if case .literal = rightOperand { steps = 2 + Self.steps(leftOperand) } else { steps = 1 + Self.steps(leftOperand) + Self.steps(rightOperand) }
    }

    /// The comparison's kind: both operands'; a size's beside an int literal.
    private static func kind(_ left: Kind, _ leftExpr: CELExpr, _ right: Kind, _ rightExpr: CELExpr) -> Kind? {
        if left == right { return left }
        func isInt(_ expr: CELExpr) -> Bool { if case .literal(.int) = expr.kind { true } else { false } }
        if left == .size, isInt(rightExpr) { return .size }
        if right == .size, isInt(leftExpr) { return .size }
        return nil
    }

    private static func steps(_ operand: Operand) -> Int {
        if case .size = operand { 2 } else { 1 }
    }

    private static func operand(_ expr: CELExpr, _ object: CELObjectType) -> (Kind, Operand)? {
        switch expr.kind {
        case .call("size", let target, let args) where (target == nil ? args.count : args.count + 1) == 1:
            guard case .select(let operand, let field, test: false) = (target ?? args[0]).kind, case .ident("self") = operand.kind,
                  let index = object.index(of: field), object.fields[index].type == .string else { return nil }
            return (.size, .size(index))
        case .literal(.int(let value)):
            // Beside a size, an int literal is a size's bound; anywhere else it is a number.
            return (.number, .literal(Array(String(value).utf8)))
        case .select(let operand, let field, test: false):
            guard case .ident("self") = operand.kind, let index = object.index(of: field) else { return nil }
            switch object.fields[index].type {
            case .int, .uint, .decimal: return (.number, .field(index))
            case .string: return (.string, .field(index))
            case .bool: return (.bool, .field(index))
            default: return nil
            }
        case .literal(.uint(let value)): return (.number, .literal(Array(String(value).utf8)))
        case .literal(.string(let value)): return (.string, .literal(Array(value.utf8)))
        case .literal(.bool(let value)): return (.bool, .literal(Array((value ? "true" : "false").utf8)))
        default: return nil
        }
    }
}
