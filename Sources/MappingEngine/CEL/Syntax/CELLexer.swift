/// Splits CEL source into tokens, one at a time, as the parser asks (langdef.md's lexis):
/// whitespace and `//` comments are skipped, literals arrive decoded.
struct CELLexer {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    /// The next token; `.end` once the source is used up.
    mutating func next() throws(CELCompileError) -> CELToken {
        skipWhitespaceAndComments()
        let start = position
        guard let scalar = peek(0) else { return CELToken(kind: .end, offset: start, end: start) }
        let kind: CELToken.Kind
        switch scalar {
        case "a"..."z", "A"..."Z", "_":
            kind = try prefixedLiteral() ?? word()
        case "0"..."9":
            kind = try number()
        case "." where peek(1).map(Self.isDigit) ?? false:
            kind = try number()
        case "\"", "'":
            let literal = try CELStringLiteral.scan(scalars, quote: position, start: start, raw: false, bytes: false)
            position = literal.end
            kind = literal.kind
        case "`":
            kind = try quotedIdentifier()
        default:
            kind = try punctuation(scalar)
        }
        return CELToken(kind: kind, offset: start, end: position)
    }

    /// The token as an error message quotes it: its source text, shortened when long.
    func quote(_ token: CELToken) -> String {
        if case .end = token.kind { return "the end of the expression" }
        let text = String(String.UnicodeScalarView(scalars[token.offset..<min(token.end, token.offset + 24)]))
        return "'\(text)\(token.end - token.offset > 24 ? "…" : "")'"
    }

    private func peek(_ ahead: Int) -> Unicode.Scalar? {
        position + ahead < scalars.count ? scalars[position + ahead] : nil
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_": true
        default: false
        }
    }

    private mutating func skipWhitespaceAndComments() {
        while let scalar = peek(0) {
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{0C}":
                position += 1
            case "/" where peek(1) == "/":
                // A comment ends at a line feed only: langdef's COMMENT is `'//' ~\n* \n`.
                while let next = peek(0), next != "\n" { position += 1 }
            default:
                return
            }
        }
    }

    /// `r'…'`, `b'…'`, `br'…'` (any case): a raw string, bytes or raw bytes; nil for a name.
    private mutating func prefixedLiteral() throws(CELCompileError) -> CELToken.Kind? {
        let start = position
        var quote = position
        var raw = false
        var bytes = false
        if scalars[quote] == "b" || scalars[quote] == "B" {
            bytes = true
            quote += 1
        }
        if quote < scalars.count, scalars[quote] == "r" || scalars[quote] == "R" {
            raw = true
            quote += 1
        }
        guard quote > start, quote < scalars.count, scalars[quote] == "\"" || scalars[quote] == "'" else { return nil }
        let literal = try CELStringLiteral.scan(scalars, quote: quote, start: start, raw: raw, bytes: bytes)
        position = literal.end
        return literal.kind
    }

    /// A name, or one of the keywords `true false null in`.
    private mutating func word() -> CELToken.Kind {
        let start = position
        while let scalar = peek(0), Self.isWordScalar(scalar) { position += 1 }
        let name = String(String.UnicodeScalarView(scalars[start..<position]))
        switch name {
        case "true": return .true
        case "false": return .false
        case "null": return .null
        case "in": return .in
        default: return .identifier(name)
        }
    }

    /// `` `name` ``: letters, digits, `_ . - /` and spaces between backticks.
    private mutating func quotedIdentifier() throws(CELCompileError) -> CELToken.Kind {
        let start = position
        position += 1
        while let scalar = peek(0), scalar != "`" {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "-", "/", " ":
                position += 1
            default:
                throw CELCompileError(.syntax, column: position + 1,
                                      "a quoted name holds only letters, digits, '_', '.', '-', '/' and spaces")
            }
        }
        guard peek(0) == "`" else { throw CELCompileError(.syntax, column: start + 1, "unterminated quoted name") }
        position += 1
        guard position - start > 2 else { throw CELCompileError(.syntax, column: start + 1, "empty quoted name") }
        return .quotedIdentifier(String(String.UnicodeScalarView(scalars[(start + 1)..<(position - 1)])))
    }

    /// INT_LIT, UINT_LIT or FLOAT_LIT, without a sign (the parser applies it).
    private mutating func number() throws(CELCompileError) -> CELToken.Kind {
        let start = position
        if peek(0) == "0", peek(1) == "x" || peek(1) == "X" {
            position += 2
            let digits = position
            var value: UInt64 = 0
            while let scalar = peek(0), let digit = Self.hexValue(scalar) {
                value = try Self.accumulate(value, digit, radix: 16, start: start)
                position += 1
            }
            guard position > digits else {
                throw CELCompileError(.syntax, column: start + 1, "hexadecimal literal needs digits after '0x'")
            }
            return unsignedSuffix() ? .uint(value) : .int(value)
        }
        var isDouble = false
        while let scalar = peek(0), Self.isDigit(scalar) { position += 1 }
        if peek(0) == ".", let next = peek(1), Self.isDigit(next) {
            isDouble = true
            position += 1
            while let scalar = peek(0), Self.isDigit(scalar) { position += 1 }
        }
        if peek(0) == "e" || peek(0) == "E" {
            let sign = peek(1) == "+" || peek(1) == "-" ? 1 : 0
            if let next = peek(1 + sign), Self.isDigit(next) {
                isDouble = true
                position += 1 + sign
                while let scalar = peek(0), Self.isDigit(scalar) { position += 1 }
            }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        if isDouble {
            guard let value = Double(text), value.isFinite else {
                throw CELCompileError(.syntax, column: start + 1, "double literal \(text) is out of range")
            }
            return .double(value)
        }
        var value: UInt64 = 0
        for scalar in text.unicodeScalars {
            value = try Self.accumulate(value, UInt64(scalar.value - 0x30), radix: 10, start: start)
        }
        return unsignedSuffix() ? .uint(value) : .int(value)
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt64? {
        switch scalar {
        case "0"..."9": UInt64(scalar.value - 0x30)
        case "a"..."f": UInt64(scalar.value - 0x61 + 10)
        case "A"..."F": UInt64(scalar.value - 0x41 + 10)
        default: nil
        }
    }

    private static func accumulate(_ value: UInt64, _ digit: UInt64, radix: UInt64, start: Int)
        throws(CELCompileError) -> UInt64 {
        let (shifted, overflowShift) = value.multipliedReportingOverflow(by: radix)
        let (sum, overflowAdd) = shifted.addingReportingOverflow(digit)
        if overflowShift || overflowAdd {
            throw CELCompileError(.syntax, column: start + 1, "integer literal is out of range (64 bits)")
        }
        return sum
    }

    /// Consumes a `u` or `U` suffix, if there is one.
    private mutating func unsignedSuffix() -> Bool {
        guard peek(0) == "u" || peek(0) == "U" else { return false }
        position += 1
        return true
    }

    private mutating func punctuation(_ scalar: Unicode.Scalar) throws(CELCompileError) -> CELToken.Kind {
        let start = position
        let second = peek(1)
        position += 1
        switch scalar {
        case "(": return .leftParen
        case ")": return .rightParen
        case "[": return .leftBracket
        case "]": return .rightBracket
        case "{": return .leftBrace
        case "}": return .rightBrace
        case ".": return .dot
        case ",": return .comma
        case ":": return .colon
        case "?": return .question
        case "+": return .plus
        case "-": return .minus
        case "*": return .star
        case "/": return .slash
        case "%": return .percent
        case "!" where second == "=": position += 1; return .exclamationEqual
        case "!": return .exclamation
        case "<" where second == "=": position += 1; return .lessEqual
        case "<": return .less
        case ">" where second == "=": position += 1; return .greaterEqual
        case ">": return .greater
        case "=" where second == "=": position += 1; return .equalEqual
        case "&" where second == "&": position += 1; return .ampersandAmpersand
        case "|" where second == "|": position += 1; return .barBar
        case "=": throw CELCompileError(.syntax, column: start + 1, "unexpected '=': compare with '=='")
        case "&": throw CELCompileError(.syntax, column: start + 1, "unexpected '&': the logical and is '&&'")
        case "|": throw CELCompileError(.syntax, column: start + 1, "unexpected '|': the logical or is '||'")
        default: throw CELCompileError(.syntax, column: start + 1, "unexpected character '\(scalar.escaped(asASCII: false))'")
        }
    }
}
