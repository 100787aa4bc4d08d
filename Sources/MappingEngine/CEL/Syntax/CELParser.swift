/// CEL's grammar (langdef.md, "Syntax") to `CELExpr`, macros expanded: a recursive descent
/// over `CELLexer`'s tokens, binary operators by precedence climbing, stopping at the first
/// error with its column. Members and primaries are in `CELParser+Primary.swift`.
///
/// A schema is untrusted: the source is bounded by `CELLimits.maxLength`, the parser's own
/// recursion (one level per parenthesis, bracket, argument list or conditional branch) and the
/// tree's height (`CELNodeFactory`) by `CELLimits.maxDepth`, so no expression overflows a stack
/// here or in the stages after. The functions on the recursion's path only dispatch: each
/// construct's work is in a function of its own, so the frames that pile up stay small.
///
/// Each node's offset is the token that names it: an operator's symbol, a call's or a macro's
/// name, a selected field's name, an index's or a list's opening bracket, a map's brace, a
/// literal's first character (its minus sign when negative). Errors about a node point there.
struct CELParser {
    var lexer: CELLexer
    /// The next token, not yet consumed.
    var token: CELToken
    var nodes: CELNodeFactory
    let maxDepth: Int
    var depth = 0

    static func parse(_ source: String, limits: CELLimits) throws(CELCompileError) -> CELExpr {
        var scalars: [Unicode.Scalar] = []
        for scalar in source.unicodeScalars {
            guard scalars.count < limits.maxLength else {
                throw CELCompileError(.syntax, column: limits.maxLength + 1,
                                      "expression is longer than \(limits.maxLength) characters")
            }
            scalars.append(scalar)
        }
        var parser = try CELParser(CELLexer(scalars), maxDepth: limits.maxDepth)
        let expr = try parser.expression()
        guard case .end = parser.token.kind else { throw parser.unexpected() }
        return expr
    }

    private init(_ lexer: CELLexer, maxDepth: Int) throws(CELCompileError) {
        self.lexer = lexer
        token = try self.lexer.next()
        nodes = CELNodeFactory(maxDepth: maxDepth)
        self.maxDepth = maxDepth
    }

    /// Consumes the current token and returns it.
    @discardableResult
    mutating func advance() throws(CELCompileError) -> CELToken {
        let current = token
        token = try lexer.next()
        return current
    }

    /// Consumes a token of `kind`, or fails saying what was wanted where.
    mutating func expect(_ kind: CELToken.Kind, _ wanted: String) throws(CELCompileError) {
        guard token.kind == kind else {
            throw CELCompileError(.syntax, column: token.offset + 1, "expected \(wanted), found \(lexer.quote(token))")
        }
        try advance()
    }

    func unexpected() -> CELCompileError {
        if case .end = token.kind {
            return CELCompileError(.syntax, column: token.offset + 1, "unexpected end of the expression")
        }
        return CELCompileError(.syntax, column: token.offset + 1, "unexpected \(lexer.quote(token))")
    }

    /// `Expr = ConditionalOr ["?" ConditionalOr ":" Expr]`: every nested expression enters
    /// here, so this is where the parser's recursion is counted.
    mutating func expression() throws(CELCompileError) -> CELExpr {
        depth += 1
        defer { depth -= 1 }
        guard depth <= maxDepth else { throw CELNodeFactory.tooDeep(maxDepth, at: token.offset) }
        let condition = try binary(above: 0)
        guard case .question = token.kind else { return condition }
        return try conditional(condition)
    }

    private mutating func conditional(_ condition: CELExpr) throws(CELCompileError) -> CELExpr {
        let question = try advance()
        let whenTrue = try binary(above: 0)
        try expect(.colon, "':' in the conditional")
        let whenFalse = try expression()
        return try nodes.call("_?_:_", condition, whenTrue, whenFalse, at: question.offset)
    }

    /// The binary operators binding tighter than `precedence`, left to right.
    private mutating func binary(above precedence: Int) throws(CELCompileError) -> CELExpr {
        var left = try unary()
        while let level = Self.level(of: token.kind), level > precedence {
            left = try operation(on: left, level: level)
        }
        return left
    }

    /// The precedence level of a binary operator token: `||` 1, `&&` 2, relations 3, `+ -` 4,
    /// `* / %` 5.
    private static func level(of kind: CELToken.Kind) -> Int? {
        switch kind {
        case .barBar: 1
        case .ampersandAmpersand: 2
        case .less, .lessEqual, .greater, .greaterEqual, .equalEqual, .exclamationEqual, .in: 3
        case .plus, .minus: 4
        case .star, .slash, .percent: 5
        default: nil
        }
    }

    /// CEL's name for a binary operator token.
    private static func function(of kind: CELToken.Kind) -> String {
        switch kind {
        case .barBar: "_||_"
        case .ampersandAmpersand: "_&&_"
        case .less: "_<_"
        case .lessEqual: "_<=_"
        case .greater: "_>_"
        case .greaterEqual: "_>=_"
        case .equalEqual: "_==_"
        case .exclamationEqual: "_!=_"
        case .in: "@in"
        case .plus: "_+_"
        case .minus: "_-_"
        case .star: "_*_"
        case .slash: "_/_"
        default: "_%_"
        }
    }

    /// `left` and the operator at hand with its right operand; runs of `&&` or `||` become a
    /// balanced tree, as cel-go builds them (the same value, a logarithmic height).
    private mutating func operation(on left: CELExpr, level: Int) throws(CELCompileError) -> CELExpr {
        let symbol = try advance()
        let function = Self.function(of: symbol.kind)
        guard level <= 2 else {
            let right = try binary(above: level)
            return try nodes.call(function, left, right, at: symbol.offset)
        }
        var terms = [left, try binary(above: level)]
        var symbols = [symbol.offset]
        while token.kind == symbol.kind {
            symbols.append(try advance().offset)
            terms.append(try binary(above: level))
        }
        return try balanced(function, terms, symbols, 0, symbols.count - 1)
    }

    /// The operators `symbols[low...high]` joining `terms[low...high + 1]`, split at the middle.
    private mutating func balanced(_ function: String, _ terms: [CELExpr], _ symbols: [Int], _ low: Int, _ high: Int)
        throws(CELCompileError) -> CELExpr {
        let middle = (low + high + 1) / 2
        let left = middle == low ? terms[middle] : try balanced(function, terms, symbols, low, middle - 1)
        let right = middle == high ? terms[middle + 1] : try balanced(function, terms, symbols, middle + 1, high)
        return try nodes.call(function, left, right, at: symbols[middle])
    }

    /// `Unary = Member | "!" {"!"} Member | "-" {"-"} Member`.
    private mutating func unary() throws(CELCompileError) -> CELExpr {
        switch token.kind {
        case .exclamation, .minus: try prefixed()
        default: try member()
        }
    }

    /// A run of `!` or of `-` and its operand. A pair of the same operator cancels out, as in
    /// cel-go; a single minus before a number is the number's sign, which is how
    /// `-9223372036854775808` is an int.
    private mutating func prefixed() throws(CELCompileError) -> CELExpr {
        let first = try advance()
        var count = 1
        while token.kind == first.kind {
            try advance()
            count += 1
        }
        if case .minus = first.kind, count == 1, let number = try signedNumber(negative: true, at: first.offset) {
            return try postfix(number)
        }
        let operand = try member()
        guard count % 2 == 1 else { return operand }
        return try nodes.call(first.kind == .minus ? "-_" : "!_", operand, at: first.offset)
    }
}
