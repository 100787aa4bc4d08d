/// Names (langdef "Name Resolution"): a comprehension variable first, innermost first; then
/// the longest dotted prefix that names a declared variable (`a.b.c` declared wins over `a.b`
/// with a field `c`); then a type name (`int`, `google.protobuf.Timestamp`). A leading dot
/// (`.x`) skips the comprehension variables.
extension CELPlanner {
    mutating func identifier(_ name: String) -> CELStep {
        if !name.hasPrefix("."), let slot = localSlot(of: name) {
            return CELStep { activation, locals throws(CELError) in
                try activation.charge()
                return try locals[slot].get()
            }
        }
        let global = name.hasPrefix(".") ? String(name.dropFirst()) : name
        return globalName(global) ?? failure(CELError(.noSuchKey, "undeclared reference to '\(global)'"))
    }

    func localSlot(of name: String) -> Int? {
        scopes.last { $0.name == name }?.slot
    }

    /// `operand.field`, or with `test` `has(operand.field)`.
    mutating func select(_ operand: CELExpr, field: String, test: Bool, whole: CELExpr) throws(CELCompileError) -> CELStep {
        if !test, let name = qualifiedName(whole), let step = globalName(name) { return step }
        if let object = objectVariable(operand) {
            return objectField(object, field, test: test)
        }
        let operandStep = try plan(operand)
        if test {
            return CELStep { activation, locals throws(CELError) in
                try activation.charge()
                return .bool(try CELAccess.has(try operandStep(&activation, &locals), field))
            }
        }
        return CELStep { activation, locals throws(CELError) in
            try activation.charge()
            return try CELAccess.select(try operandStep(&activation, &locals), field)
        }
    }

    /// The dotted name `expr` spells (`a.b.c` for selects on an identifier), unless its first
    /// part is a comprehension variable; a leading dot is dropped.
    func qualifiedName(_ expr: CELExpr) -> String? {
        switch expr.kind {
        case .ident(let name):
            if name.hasPrefix(".") { return String(name.dropFirst()) }
            return localSlot(of: name) == nil ? name : nil
        case .select(let operand, let field, test: false):
            return qualifiedName(operand).map { $0 + "." + field }
        default:
            return nil
        }
    }

    /// A declared variable or a type name, read from the root scope.
    func globalName(_ name: String) -> CELStep? {
        if let slot = environment.slot(of: name) {
            if case .object(let object) = environment.variables[slot].type { return objectValue(object) }
            return CELStep { activation, _ throws(CELError) in
                try activation.charge()
                guard slot < activation.variables.count else {
                    throw CELError(.noSuchKey, "no value for the variable '\(name)'")
                }
                return activation.variables[slot]
            }
        }
        if CELTypeName.all.contains(name) { return constant(.type(name)) }
        return nil
    }

    /// The object type of the variable `expr` names, when it names one.
    func objectVariable(_ expr: CELExpr) -> CELObjectType? {
        guard let name = qualifiedName(expr), let slot = environment.slot(of: name),
              case .object(let object) = environment.variables[slot].type
        else { return nil }
        return object
    }

    /// `self.f`: the field's value from the activation (absent: `no_such_key`); with `test`,
    /// `has(self.f)`: whether it is present.
    private func objectField(_ object: CELObjectType, _ field: String, test: Bool) -> CELStep {
        guard let index = object.index(of: field) else {
            return failure(CELError(.noSuchKey, "no such field '\(field)' in \(object.name)"))
        }
        if test {
            return CELStep { activation, _ throws(CELError) in
                try activation.charge()
                return .bool(index < activation.fields.count && activation.fields[index] != nil)
            }
        }
        return CELStep { activation, _ throws(CELError) in
            try activation.charge()
            guard index < activation.fields.count, let value = activation.fields[index] else {
                throw CELError(.noSuchKey, "no such key: '\(field)'")
            }
            return value
        }
    }

    /// Bare `self`: a map from each present field's name to its value.
    private func objectValue(_ object: CELObjectType) -> CELStep {
        let names = object.fields.map { CELValue.string($0.name) }
        return CELStep { activation, _ throws(CELError) in
            try activation.charge(1 + names.count >> 4)
            var map = CELMap()
            for (index, name) in names.enumerated() where index < activation.fields.count {
                if let value = activation.fields[index] { try map.insert(name, value) }
            }
            return .map(map)
        }
    }
}
