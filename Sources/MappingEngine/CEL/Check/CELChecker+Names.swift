/// Names and field selection (langdef.md, "Name Resolution"): a comprehension's variables hide
/// the environment's, a qualified name `a.b.c` is the longest declared prefix followed by field
/// selections, and a leading dot (`.a.b`) looks in the environment only.
extension CELChecker {
    /// What a name refers to: its type, and the environment slot when it is a declared variable.
    struct Resolution {
        var type: CELType
        var slot: Int?
    }

    /// The meaning of a simple or qualified name, or nil when nothing declares it. A qualified
    /// name whose first part is a comprehension variable is not a name but a selection from it.
    func resolve(_ name: String) -> Resolution? {
        var name = Substring(name)
        if name.first == "." {
            name = name.dropFirst()
        } else {
            let head = name.prefix { $0 != "." }
            if let local = locals.last(where: { $0.name == head }) {
                return head.count == name.count ? Resolution(type: local.type) : nil
            }
        }
        if let slot = environment.variables.firstIndex(where: { $0.name == name }) {
            return Resolution(type: environment.variables[slot].type, slot: slot)
        }
        if let type = CELTypeNames.all[String(name)] { return Resolution(type: .type(type)) }
        return nil
    }

    /// `a.b.c` for a chain of plain selections over an identifier; nil for anything else.
    static func qualifiedName(_ expr: CELExpr) -> String? {
        switch expr.kind {
        case .ident(let name):
            return name
        case .select(let operand, let field, test: false):
            return qualifiedName(operand).map { "\($0).\(field)" }
        default:
            return nil
        }
    }

    /// `operand.field` (or `has(operand.field)`): a declared qualified name, else a model's
    /// field, a map's value or `dyn`.
    mutating func checkSelect(_ expr: CELExpr, _ operand: CELExpr, _ field: String,
                              test: Bool) throws(CELCompileError) -> CELType {
        if !test, let name = Self.qualifiedName(expr), let resolved = resolve(name) {
            if resolved.slot != nil, resolved.slot == objectSlot { readWholeObject() }
            return resolved.type
        }
        let (operandType, slot) = try checkOperand(operand)
        let fieldType: CELType
        switch bindings.substitute(operandType) {
        case .object(let object):
            guard let index = object.index(of: field) else {
                throw CELCompileError(.undeclared, column: expr.offset + 1, Self.unknownField(field, of: object))
            }
            if slot != nil, slot == objectSlot {
                fieldsRead.insert(index)
                if !test { valuesRead.insert(index) }
            }
            fieldType = object.fields[index].type
        case .map(_, let value):
            fieldType = value
        case .dyn:
            fieldType = .dyn
        case .parameter:
            _ = bindings.isAssignable(.dyn, to: operandType)
            fieldType = .dyn
        case let other:
            throw CELCompileError(.type, column: expr.offset + 1, "type '\(other)' does not support field selection")
        }
        return test ? .bool : fieldType
    }

    /// The operand of a selection, resolved as a name when it is one, without counting it as a
    /// read of the whole object (`self.f` reads only `f`).
    private mutating func checkOperand(_ operand: CELExpr) throws(CELCompileError) -> (CELType, slot: Int?) {
        if let name = Self.qualifiedName(operand), let resolved = resolve(name) {
            types[operand.id] = resolved.type
            return (resolved.type, resolved.slot)
        }
        return (try check(operand), nil)
    }

    /// The object variable used whole (passed to a function, compared): every field is read.
    mutating func readWholeObject() {
        guard let slot = objectSlot, case .object(let object) = environment.variables[slot].type else { return }
        fieldsRead.formUnion(object.fields.indices)
        readsWholeObject = true
    }

    /// "Order has no property 'mx' (properties: min, max, …)": the schema author's typo, with
    /// the names that would have been right.
    static func unknownField(_ field: String, of object: CELObjectType) -> String {
        let names = object.fields.map(\.name)
        let listed = names.isEmpty ? "it has none" : "properties: " + names.joined(separator: ", ")
        return "\(object.name) has no property '\(field)' (\(listed))"
    }
}
