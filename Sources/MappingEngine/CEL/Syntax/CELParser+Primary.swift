/// Members and primaries: selections, calls, indexes, names, parentheses, lists, maps and
/// literals (langdef.md's `Member` and `Primary`).
extension CELParser {
    /// The words langdef reserves for host languages: refused as names, allowed after a dot.
    static let reserved: Set<String> = [
        "as", "break", "const", "continue", "else", "for", "function", "if", "import", "let",
        "loop", "package", "namespace", "return", "var", "void", "while",
    ]

    /// `Member = Primary | Member "." SELECTOR ["(" [ExprList] ")"] | Member "[" Expr "]"`.
    mutating func member() throws(CELCompileError) -> CELExpr {
        try postfix(primary())
    }

    mutating func postfix(_ operand: CELExpr) throws(CELCompileError) -> CELExpr {
        var expr = operand
        while true {
            switch token.kind {
            case .dot: expr = try selection(of: expr)
            case .leftBracket: expr = try index(of: expr)
            case .leftBrace: throw Self.messageConstruction(expr, brace: token.offset)
            default: return expr
            }
        }
    }

    /// `operand.field`, a method call or a macro. Reserved words are fine as the name here.
    private mutating func selection(of operand: CELExpr) throws(CELCompileError) -> CELExpr {
        let dot = try advance()
        let name = token
        switch name.kind {
        case .identifier(let field):
            try advance()
            guard case .leftParen = token.kind else {
                return try nodes.make(.select(operand, field: field, test: false), at: name.offset)
            }
            try advance()
            let args = try arguments()
            if let expanded = try CELMacros.expand(field, target: operand, args: args, at: name.offset, nodes: &nodes) {
                return expanded
            }
            return try nodes.make(.call(field, target: operand, args: args), at: name.offset)
        case .quotedIdentifier(let field):
            try advance()
            if case .leftParen = token.kind {
                throw CELCompileError(.syntax, column: name.offset + 1, "a quoted name cannot be called")
            }
            return try nodes.make(.select(operand, field: field, test: false), at: name.offset)
        case .question:
            throw CELCompileError(.syntax, column: dot.offset + 1, "optional field selection '.?' is not supported")
        default:
            throw CELCompileError(.syntax, column: name.offset + 1,
                                  "expected a field name after '.', found \(lexer.quote(name))")
        }
    }

    private mutating func index(of operand: CELExpr) throws(CELCompileError) -> CELExpr {
        let bracket = try advance()
        if case .question = token.kind {
            throw CELCompileError(.syntax, column: bracket.offset + 1, "optional index '[?' is not supported")
        }
        let index = try expression()
        try expect(.rightBracket, "']' after the index")
        return try nodes.call("_[_]", operand, index, at: bracket.offset)
    }

    /// `Name{field: value}` builds a protobuf message in CEL; convertd has none.
    private static func messageConstruction(_ expr: CELExpr, brace: Int) -> CELCompileError {
        var name: [String] = []
        var node = expr
        while case .select(let operand, let field, false) = node.kind {
            name.insert(field, at: 0)
            node = operand
        }
        guard case .ident(let root) = node.kind else {
            return CELCompileError(.syntax, column: brace + 1, "unexpected '{'")
        }
        name.insert(root, at: 0)
        return CELCompileError(.syntax, column: node.offset + 1, "message construction '\(name.joined(separator: ".")){…}' "
            + "is not supported: convertd has no protobuf messages")
    }

    /// The arguments after an opening parenthesis, through the closing one.
    private mutating func arguments() throws(CELCompileError) -> [CELExpr] {
        var args: [CELExpr] = []
        if case .rightParen = token.kind {
            try advance()
            return args
        }
        while true {
            args.append(try expression())
            guard case .comma = token.kind else { break }
            try advance()
        }
        try expect(.rightParen, "',' or ')' after an argument")
        return args
    }

    /// `Primary`: a name or global call (maybe with a leading dot), parentheses, a list, a map
    /// or a literal.
    private mutating func primary() throws(CELCompileError) -> CELExpr {
        switch token.kind {
        case .leftParen: try parenthesized()
        case .leftBracket: try list()
        case .leftBrace: try map()
        case .identifier, .dot: try name()
        default: try literal()
        }
    }

    private mutating func parenthesized() throws(CELCompileError) -> CELExpr {
        try advance()
        let inner = try expression()
        try expect(.rightParen, "')'")
        return inner
    }

    /// A literal, or the error for a token that cannot start an expression.
    private mutating func literal() throws(CELCompileError) -> CELExpr {
        let start = token
        if let number = try signedNumber(negative: false, at: start.offset) { return number }
        let value: CELValue
        switch start.kind {
        case .string(let text): value = .string(text)
        case .bytes(let data): value = .bytes(data)
        case .uint(let number): value = .uint(number)
        case .true: value = .bool(true)
        case .false: value = .bool(false)
        case .null: value = .null
        case .minus:
            // A minus reaches here only after `!` (`!-1`): langdef allows it only as a sign.
            try advance()
            guard let number = try signedNumber(negative: true, at: start.offset) else {
                throw CELCompileError(.syntax, column: start.offset + 1, "unexpected '-'")
            }
            return number
        case .quotedIdentifier:
            throw CELCompileError(.syntax, column: start.offset + 1, "a quoted name is only allowed as a field: a.`name`")
        default:
            throw unexpected()
        }
        try advance()
        return try nodes.literal(value, at: start.offset)
    }

    /// The current int or double literal, consumed, with its sign; nil for any other token.
    /// `offset` is where the literal starts (its minus sign when negative).
    mutating func signedNumber(negative: Bool, at offset: Int) throws(CELCompileError) -> CELExpr? {
        switch token.kind {
        case .int(let magnitude):
            let limit = negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
            guard magnitude <= limit else {
                throw CELCompileError(.syntax, column: offset + 1,
                                      "integer literal \(negative ? "-" : "")\(magnitude) is out of the int range")
            }
            try advance()
            return try nodes.literal(.int(negative ? Int64(bitPattern: 0 &- magnitude) : Int64(magnitude)), at: offset)
        case .double(let magnitude):
            try advance()
            return try nodes.literal(.double(negative ? -magnitude : magnitude), at: offset)
        default:
            return nil
        }
    }

    /// A name, `.name` (the root scope), or a global call or macro on either.
    private mutating func name() throws(CELCompileError) -> CELExpr {
        let start = token.offset
        var prefix = ""
        if case .dot = token.kind {
            try advance()
            prefix = "."
        }
        guard case .identifier(let word) = token.kind else {
            throw CELCompileError(.syntax, column: token.offset + 1, "expected a name after '.', found \(lexer.quote(token))")
        }
        if Self.reserved.contains(word) {
            throw CELCompileError(.syntax, column: token.offset + 1, "reserved identifier '\(word)'")
        }
        try advance()
        guard case .leftParen = token.kind else { return try nodes.ident(prefix + word, at: start) }
        return try globalCall(prefix + word, at: start)
    }

    private mutating func globalCall(_ function: String, at offset: Int) throws(CELCompileError) -> CELExpr {
        try advance()
        let args = try arguments()
        if let expanded = try CELMacros.expand(function, target: nil, args: args, at: offset, nodes: &nodes) {
            return expanded
        }
        return try nodes.make(.call(function, target: nil, args: args), at: offset)
    }

    /// `"[" [ExprList] [","] "]"`.
    private mutating func list() throws(CELCompileError) -> CELExpr {
        let bracket = try advance()
        var elements: [CELExpr] = []
        while token.kind != .rightBracket {
            try refuseOptionalEntry()
            elements.append(try expression())
            guard case .comma = token.kind else { break }
            try advance()
        }
        try expect(.rightBracket, "',' or ']' in the list")
        return try nodes.make(.list(elements), at: bracket.offset)
    }

    /// `"{" [MapInits] [","] "}"`.
    private mutating func map() throws(CELCompileError) -> CELExpr {
        let brace = try advance()
        var entries: [CELExpr.MapEntry] = []
        while token.kind != .rightBrace {
            try refuseOptionalEntry()
            let key = try expression()
            try expect(.colon, "':' after the map key")
            entries.append(CELExpr.MapEntry(key: key, value: try expression()))
            guard case .comma = token.kind else { break }
            try advance()
        }
        try expect(.rightBrace, "',' or '}' in the map")
        return try nodes.make(.map(entries), at: brace.offset)
    }

    /// `[?x]` and `{?k: v}` are CEL's optional entries, outside convertd's subset.
    private func refuseOptionalEntry() throws(CELCompileError) {
        if case .question = token.kind {
            throw CELCompileError(.syntax, column: token.offset + 1, "optional entries ('?') are not supported")
        }
    }
}
