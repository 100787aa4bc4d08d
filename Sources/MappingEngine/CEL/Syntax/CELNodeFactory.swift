/// Makes the nodes of one parsed expression: numbers them in the order they are made and
/// refuses a tree taller than the depth limit.
///
/// The height is checked as each node is made because the checker, the cost estimator, the
/// planner and the evaluator all recurse over the tree: a chain the parser reads in a loop
/// (`1 + 1 + … + 1`) is as deep for them as nested parentheses are for the parser.
struct CELNodeFactory {
    private let maxDepth: Int
    /// The height of every node made so far, by id (a leaf is 1).
    private var heights: [Int] = []

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
    }

    /// A new node of `kind` at `offset`, taller by one than its tallest child.
    mutating func make(_ kind: CELExpr.Kind, at offset: Int) throws(CELCompileError) -> CELExpr {
        let height = 1 + tallestChild(of: kind)
        guard height <= maxDepth else { throw Self.tooDeep(maxDepth, at: offset) }
        heights.append(height)
        return CELExpr(id: heights.count - 1, offset: offset, kind: kind)
    }

    mutating func call(_ function: String, _ args: CELExpr..., at offset: Int) throws(CELCompileError) -> CELExpr {
        try make(.call(function, target: nil, args: args), at: offset)
    }

    mutating func ident(_ name: String, at offset: Int) throws(CELCompileError) -> CELExpr {
        try make(.ident(name), at: offset)
    }

    mutating func literal(_ value: CELValue, at offset: Int) throws(CELCompileError) -> CELExpr {
        try make(.literal(value), at: offset)
    }

    /// The error for nesting beyond the limit, shared with the parser's own recursion bound.
    static func tooDeep(_ maxDepth: Int, at offset: Int) -> CELCompileError {
        CELCompileError(.syntax, column: offset + 1,
                        "expression nests deeper than \(maxDepth) levels (operators, calls, brackets and selections)")
    }

    private func tallestChild(of kind: CELExpr.Kind) -> Int {
        switch kind {
        case .literal, .ident:
            return 0
        case .select(let operand, _, _):
            return heights[operand.id]
        case .call(_, let target, let args):
            return args.reduce(target.map { heights[$0.id] } ?? 0) { max($0, heights[$1.id]) }
        case .list(let elements):
            return elements.reduce(0) { max($0, heights[$1.id]) }
        case .map(let entries):
            return entries.reduce(0) { max($0, heights[$1.key.id], heights[$1.value.id]) }
        case .comprehension(let loop):
            return [loop.iterRange, loop.accuInit, loop.loopCondition, loop.loopStep, loop.result]
                .reduce(0) { max($0, heights[$1.id]) }
        }
    }
}
