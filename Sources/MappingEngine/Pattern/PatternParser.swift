/// Reads a pattern's text into a `PatternNode`, refusing with its column whatever the documented
/// subset leaves out: constructs that need backtracking, flags, unknown escapes, and counts or
/// nesting beyond `Pattern`'s caps. Escapes and classes are read by `PatternParser+Escapes`.
struct PatternParser {
    let scalars: [Unicode.Scalar]
    /// The next scalar to read.
    var index = 0
    /// Groups open at `index`.
    private var depth = 0

    private init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    /// The tree of `source`; throws the first construct refused.
    static func parse(_ source: String) throws(PatternError) -> PatternNode {
        var parser = PatternParser(source)
        let node = try parser.alternation()
        // `alternation` stops only at the end or at a `)` that no group opened.
        guard parser.index == parser.scalars.count else {
            throw parser.refusal(at: parser.index, "')' closes no group; write \\) for the character")
        }
        return node
    }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    /// The pattern's text from `start` up to `end` (exclusive), for messages.
    func text(_ start: Int, _ end: Int) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<min(end, scalars.count)])
        return String(view)
    }

    func refusal(at position: Int, _ reason: String) -> PatternError {
        PatternError(column: position + 1, reason: reason)
    }

    private mutating func alternation() throws(PatternError) -> PatternNode {
        var branches = [try concatenation()]
        while peek == "|" {
            index += 1
            branches.append(try concatenation())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func concatenation() throws(PatternError) -> PatternNode {
        var items: [PatternNode] = []
        while let next = peek, next != "|", next != ")" {
            let start = index
            items.append(try quantified(try atom(), grouped: scalars[start] == "("))
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .concatenation(items)
        }
    }

    private mutating func atom() throws(PatternError) -> PatternNode {
        let scalar = scalars[index]
        switch scalar {
        case "^":
            index += 1
            return .assertion(.start)
        case "$":
            index += 1
            return .assertion(.end)
        case ".":
            index += 1
            return .set(.dot)
        case "(":
            return try group()
        case "[":
            return .set(try characterClass())
        case "\\":
            return try escape(inClass: false)
        case "*", "+", "?":
            throw refusal(at: index, "'\(scalar)' has nothing to repeat; write \\\(scalar) for the character")
        case "{":
            if isBraceQuantifier { throw refusal(at: index, "'\(braceText)' has nothing to repeat; write \\{ for the character") }
            throw malformedBrace()
        default:
            index += 1
            return .scalar(scalar.value)
        }
    }

    /// `atom` with the quantifier that follows it, if any. A bare assertion cannot be repeated
    /// (ECMA-262's grammar); one in a group can, harmlessly.
    private mutating func quantified(_ atom: PatternNode, grouped: Bool) throws(PatternError) -> PatternNode {
        let start = index
        guard let (min, max) = try quantifier() else { return atom }
        if case .assertion = atom, !grouped {
            throw refusal(at: start, "an anchor or word boundary cannot be repeated")
        }
        // Laziness changes which match is found, never whether there is one.
        if peek == "?" {
            index += 1
        } else if peek == "+" {
            throw refusal(at: index, "possessive quantifiers ('\(text(start, index + 1))') are not supported; "
                + "write the plain quantifier: matching here never backtracks, so there is nothing to cut")
        }
        if let next = peek, next == "*" || next == "+" || next == "?" || (next == "{" && isBraceQuantifier) {
            throw refusal(at: index, "a quantifier cannot follow another; group the first, as in (?:a*)+")
        }
        return .repetition(atom, min: min, max: max, column: start + 1)
    }

    /// The bounds of the quantifier at `index`, which it reads; nil when none starts here.
    private mutating func quantifier() throws(PatternError) -> (Int, Int?)? {
        switch peek {
        case "*":
            index += 1
            return (0, nil)
        case "+":
            index += 1
            return (1, nil)
        case "?":
            index += 1
            return (0, 1)
        case "{":
            return try braces()
        default:
            return nil
        }
    }

    /// `{n}`, `{n,}` or `{n,m}` at `index`. A `{` that starts none of them is refused rather than
    /// read as a literal (as ECMA-262's web-compatibility grammar would): that hides typos like `{,3}`.
    private mutating func braces() throws(PatternError) -> (Int, Int?) {
        guard isBraceQuantifier else { throw malformedBrace() }
        let open = index
        let written = braceText
        index += 1
        let min = number()
        var max: Int? = min
        if peek == "," {
            index += 1
            max = peek == "}" ? nil : number()
        }
        index += 1
        if let count = [min, max ?? 0].first(where: { $0 > Pattern.maxRepetition }) {
            throw refusal(at: open, "the count \(count) in '\(written)' is above the cap of \(Pattern.maxRepetition); "
                + "use * or + for \"any number\"")
        }
        if let max, max < min {
            throw refusal(at: open, "'\(written)' has its minimum above its maximum")
        }
        return (min, max)
    }

    /// Whether `{` at `index` starts `{n}`, `{n,}` or `{n,m}`.
    private var isBraceQuantifier: Bool {
        var i = index + 1
        func digits() -> Bool {
            let start = i
            while i < scalars.count, ("0"..."9").contains(scalars[i]) { i += 1 }
            return i > start
        }
        guard digits() else { return false }
        if i < scalars.count, scalars[i] == "," {
            i += 1
            _ = digits()
        }
        return i < scalars.count && scalars[i] == "}"
    }

    /// The quantifier `{…}` at `index` as written.
    private var braceText: String {
        text(index, (scalars[index...].firstIndex(of: "}") ?? scalars.count - 1) + 1)
    }

    private func malformedBrace() -> PatternError {
        refusal(at: index, "'{' does not start a quantifier {n}, {n,} or {n,m}; write \\{ for the character")
    }

    /// The decimal number at `index` (which `isBraceQuantifier` saw), saturating far above the cap.
    private mutating func number() -> Int {
        var value = 0
        while let digit = peek, ("0"..."9").contains(digit) {
            value = min(value * 10 + Int(digit.value - 0x30), 1 << 40)
            index += 1
        }
        return value
    }

    private mutating func group() throws(PatternError) -> PatternNode {
        let open = index
        guard depth < Pattern.maxNesting else {
            throw refusal(at: open, "groups nest deeper than \(Pattern.maxNesting) levels")
        }
        index += 1
        if peek == "?" { try groupKind(open) }
        depth += 1
        let body = try alternation()
        depth -= 1
        guard peek == ")" else {
            throw refusal(at: open, "'(' is never closed; close it with ')' or write \\( for the character")
        }
        index += 1
        return body
    }

    /// Reads what follows `(?`: `:` and `<name>` open plain groups; the rest is refused.
    private mutating func groupKind(_ open: Int) throws(PatternError) {
        let marker = peek(1)
        switch marker {
        case ":":
            index += 2
        case "<" where peek(2) != "=" && peek(2) != "!":
            index += 2
            try groupName(open)
        case "=", "!", "<":
            let written = text(open, open + (marker == "<" ? 4 : 3))
            let kind = marker == "<" ? "lookbehind" : "lookahead"
            throw refusal(at: open, "\(kind) '\(written)…)' is not supported: it cannot run in linear time here; "
                + "match the text itself, or split the condition across properties")
        case ">":
            throw refusal(at: open, "atomic groups '(?>…)' are not supported; write a plain group (?:…): "
                + "matching here never backtracks, so there is nothing to cut")
        case "P" where peek(2) == "<":
            throw refusal(at: open, "'(?P<name>…)' is Python's syntax; write (?<name>…)")
        case "#":
            throw refusal(at: open, "comments '(?#…)' are not supported; remove the comment")
        case let letter? where "imsxnuU-^".unicodeScalars.contains(letter):
            throw refusal(at: open, "inline flags '(?\(letter)…' are not supported; spell variants out, as in [Aa] for a case-insensitive 'a'")
        default:
            throw refusal(at: open, "'\(text(open, open + 3))' starts no supported group; use (…), (?:…) or (?<name>…)")
        }
    }

    /// The name of `(?<name>…)`, up to and past its `>`; the name only has to be well formed.
    private mutating func groupName(_ open: Int) throws(PatternError) {
        let start = index
        while let scalar = peek, scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic
            || (index > start && ("0"..."9").contains(scalar)) {
            index += 1
        }
        guard index > start, peek == ">" else {
            throw refusal(at: open, "a group name is letters, digits, '_' or '$', not starting with a digit, closed by '>'")
        }
        index += 1
    }
}
