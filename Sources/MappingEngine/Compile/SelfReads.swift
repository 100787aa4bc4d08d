import CEL

/// What an expression reads of `self`: the properties whose values it reads, those it only
/// tests with `has()`, and whether it takes `self` whole. A rule or `compute` is evaluated only
/// when every property it reads by value converted and is present (SPEC §8); the others
/// decide which fields are read back at all.
struct SelfReads {
    var values: Set<String> = []
    var tests: Set<String> = []
    /// `self` used other than to select a field: every field is read.
    var whole = false

    init(_ expression: CELExpr) {
        visit(expression)
    }

    private mutating func visit(_ expr: CELExpr) {
        switch expr.kind {
        case .literal:
            break
        case .ident(let name):
            if name == "self" { whole = true }
        case .select(let operand, let field, let test):
            if case .ident("self") = operand.kind {
                if test { tests.insert(field) } else { values.insert(field) }
            } else {
                visit(operand)
            }
        case .call(_, let target, let args):
            if let target { visit(target) }
            for arg in args { visit(arg) }
        case .list(let items):
            for item in items { visit(item) }
        case .map(let entries):
            for entry in entries {
                visit(entry.key)
                visit(entry.value)
            }
        case .comprehension(let loop):
            for part in [loop.iterRange, loop.accuInit, loop.loopCondition, loop.loopStep, loop.result] { visit(part) }
        }
    }
}
