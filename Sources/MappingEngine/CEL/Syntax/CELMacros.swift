/// CEL's macros, expanded at parse time exactly as cel-go expands them (`parser/macro.go` and
/// the two-variable forms of `ext/comprehensions.go`), so the rest of the engine sees only
/// `.select(test: true)` and `.comprehension`.
///
/// A call is a macro by its name, its argument count and whether it has a receiver; any other
/// call of the same name stays a function call (`x.all(y)` is an unknown function, not an error
/// here).
enum CELMacros {
    /// The accumulator of every expansion: `@` cannot start a name in source, so a user's
    /// variable never shadows it.
    static let accumulator = "@result"
    /// The function `transformMap` accumulates with; the runtime implements it.
    static let mapInsert = "cel.@mapInsert"

    private enum Quantifier { case all, exists, existsOne }

    /// The expansion of `name(args)` (no `target`) or `target.name(args)`, made at `offset`
    /// (the macro's name); nil when the call is not a macro.
    static func expand(_ name: String, target: CELExpr?, args: [CELExpr], at offset: Int,
                       nodes: inout CELNodeFactory) throws(CELCompileError) -> CELExpr? {
        guard let target else {
            guard name == "has", args.count == 1 else { return nil }
            guard case .select(let operand, let field, test: false) = args[0].kind else {
                throw CELCompileError(.syntax, column: args[0].offset + 1,
                                      "has() takes a field selection, such as has(self.field)")
            }
            return CELExpr(id: args[0].id, offset: args[0].offset, kind: .select(operand, field: field, test: true))
        }
        let macro = Expansion(name: name, range: target, args: args, offset: offset)
        switch (name, args.count) {
        case ("all", 2), ("all", 3):
            return try macro.quantifier(.all, &nodes)
        case ("exists", 2), ("exists", 3):
            return try macro.quantifier(.exists, &nodes)
        case ("exists_one", 2), ("exists_one", 3), ("existsOne", 2), ("existsOne", 3):
            return try macro.quantifier(.existsOne, &nodes)
        case ("map", 2), ("map", 3):
            return try macro.transformList(variables: 1, &nodes)
        case ("transformList", 3), ("transformList", 4):
            return try macro.transformList(variables: 2, &nodes)
        case ("filter", 2):
            return try macro.filter(&nodes)
        case ("transformMap", 3), ("transformMap", 4):
            return try macro.transformMap(&nodes)
        default:
            return nil
        }
    }

    /// One receiver macro being expanded: its iteration range, its arguments, and the offset
    /// every node it makes points at.
    private struct Expansion {
        var name: String
        var range: CELExpr
        var args: [CELExpr]
        var offset: Int

        /// `all`, `exists`, `exists_one`: one variable with 2 arguments, two with 3.
        func quantifier(_ kind: Quantifier, _ nodes: inout CELNodeFactory) throws(CELCompileError) -> CELExpr {
            let (first, second) = try variables(args.count - 1)
            let predicate = args[args.count - 1]
            let initial: CELExpr
            let condition: CELExpr
            let step: CELExpr
            let result: CELExpr
            switch kind {
            case .all:
                initial = try nodes.literal(.bool(true), at: offset)
                let accumulated = try accumulator(&nodes)
                condition = try nodes.call("@not_strictly_false", accumulated, at: offset)
                let previous = try accumulator(&nodes)
                step = try nodes.call("_&&_", previous, predicate, at: offset)
                result = try accumulator(&nodes)
            case .exists:
                initial = try nodes.literal(.bool(false), at: offset)
                let accumulated = try accumulator(&nodes)
                let notYet = try nodes.call("!_", accumulated, at: offset)
                condition = try nodes.call("@not_strictly_false", notYet, at: offset)
                let previous = try accumulator(&nodes)
                step = try nodes.call("_||_", previous, predicate, at: offset)
                result = try accumulator(&nodes)
            case .existsOne:
                // No early exit: every element is tested, so an error in any one surfaces.
                initial = try nodes.literal(.int(0), at: offset)
                condition = try nodes.literal(.bool(true), at: offset)
                let count = try accumulator(&nodes)
                let one = try nodes.literal(.int(1), at: offset)
                let counted = try nodes.call("_+_", count, one, at: offset)
                let unchanged = try accumulator(&nodes)
                step = try nodes.call("_?_:_", predicate, counted, unchanged, at: offset)
                let total = try accumulator(&nodes)
                let exactlyOne = try nodes.literal(.int(1), at: offset)
                result = try nodes.call("_==_", total, exactlyOne, at: offset)
            }
            return try comprehension(first, second, initial, condition, step, result, &nodes)
        }

        /// `map(x, [p,] t)` (one variable) and `transformList(i, v, [p,] t)` (two): the list
        /// of `t` over the elements where `p` holds.
        func transformList(variables count: Int, _ nodes: inout CELNodeFactory) throws(CELCompileError) -> CELExpr {
            let (first, second) = try variables(count)
            let filter = args.count == count + 2 ? args[count] : nil
            let transformed = try nodes.make(.list([args[args.count - 1]]), at: offset)
            return try appending(transformed, filter, first, second, &nodes)
        }

        /// `filter(x, p)`: the elements where `p` holds.
        func filter(_ nodes: inout CELNodeFactory) throws(CELCompileError) -> CELExpr {
            let (first, _) = try variables(1)
            let element = try nodes.ident(first, at: args[0].offset)
            let kept = try nodes.make(.list([element]), at: offset)
            return try appending(kept, args[1], first, nil, &nodes)
        }

        /// The fold that starts from `[]` and appends `list` where `filter` holds.
        private func appending(_ list: CELExpr, _ filter: CELExpr?, _ first: String, _ second: String?,
                               _ nodes: inout CELNodeFactory) throws(CELCompileError) -> CELExpr {
            let previous = try accumulator(&nodes)
            let appended = try nodes.call("_+_", previous, list, at: offset)
            let step = try guarded(appended, by: filter, &nodes)
            let initial = try nodes.make(.list([]), at: offset)
            let condition = try nodes.literal(.bool(true), at: offset)
            let result = try accumulator(&nodes)
            return try comprehension(first, second, initial, condition, step, result, &nodes)
        }

        /// `transformMap(k, v, [p,] t)`: the map from each key `k` to `t` where `p` holds.
        func transformMap(_ nodes: inout CELNodeFactory) throws(CELCompileError) -> CELExpr {
            let (key, value) = try variables(2)
            let filter = args.count == 4 ? args[2] : nil
            let previous = try accumulator(&nodes)
            let keyIdent = try nodes.ident(key, at: args[0].offset)
            let inserted = try nodes.call(mapInsert, previous, keyIdent, args[args.count - 1], at: offset)
            let step = try guarded(inserted, by: filter, &nodes)
            let initial = try nodes.make(.map([]), at: offset)
            let condition = try nodes.literal(.bool(true), at: offset)
            let result = try accumulator(&nodes)
            return try comprehension(key, value, initial, condition, step, result, &nodes)
        }

        /// `filter ? step : @result`, or `step` alone without a filter.
        private func guarded(_ step: CELExpr, by filter: CELExpr?, _ nodes: inout CELNodeFactory)
            throws(CELCompileError) -> CELExpr {
            guard let filter else { return step }
            let unchanged = try accumulator(&nodes)
            return try nodes.call("_?_:_", filter, step, unchanged, at: offset)
        }

        private func accumulator(_ nodes: inout CELNodeFactory) throws(CELCompileError) -> CELExpr {
            try nodes.ident(CELMacros.accumulator, at: offset)
        }

        /// The names of the first `count` (1 or 2) arguments, which must be simple and distinct.
        private func variables(_ count: Int) throws(CELCompileError) -> (String, String?) {
            let first = try variable(args[0])
            guard count == 2 else { return (first, nil) }
            let second = try variable(args[1])
            guard second != first else {
                throw CELCompileError(.syntax, column: args[1].offset + 1,
                                      "\(name)() declares the variable '\(first)' twice")
            }
            return (first, second)
        }

        private func variable(_ arg: CELExpr) throws(CELCompileError) -> String {
            guard case .ident(let variable) = arg.kind, !variable.hasPrefix(".") else {
                throw CELCompileError(.syntax, column: arg.offset + 1,
                                      "\(name)() takes a simple name for its variable, such as x")
            }
            return variable
        }

        private func comprehension(_ first: String, _ second: String?, _ initial: CELExpr, _ condition: CELExpr,
                                   _ step: CELExpr, _ result: CELExpr, _ nodes: inout CELNodeFactory)
            throws(CELCompileError) -> CELExpr {
            let loop = CELExpr.Comprehension(iterVar: first, iterVar2: second, iterRange: range,
                                             accuVar: CELMacros.accumulator, accuInit: initial,
                                             loopCondition: condition, loopStep: step, result: result)
            return try nodes.make(.comprehension(loop), at: offset)
        }
    }
}
