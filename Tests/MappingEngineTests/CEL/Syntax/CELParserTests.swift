import Testing
@testable import CEL

/// The grammar of langdef.md: precedence, associativity, members, names, lists and maps, each
/// stated as the tree it parses to (`CELSyntaxText`).
@Suite struct CELParserTests {
    static let trees: [(source: String, tree: String)] = [
        // Precedence: `* / %` over `+ -` over relations over `&&` over `||` over `?:`.
        ("1 + 2 * 3", "_+_(1, _*_(2, 3))"),
        ("1 * 2 + 3", "_+_(_*_(1, 2), 3)"),
        ("1 + 2 < 4 - 1", "_<_(_+_(1, 2), _-_(4, 1))"),
        ("a < b && c", "_&&_(_<_(a, b), c)"),
        ("a && b || c && d", "_||_(_&&_(a, b), _&&_(c, d))"),
        ("a || b ? c : d", "_?_:_(_||_(a, b), c, d)"),
        ("x in [1] == true", "_==_(@in(x, [1]), true)"),
        ("-a.b", "-_(a.b)"),
        ("!a[0]", "!_(_[_](a, 0))"),
        ("-x * 2", "_*_(-_(x), 2)"),
        ("(1 + 2) * 3", "_*_(_+_(1, 2), 3)"),
        // Associativity: left for binary operators, right for `?:`.
        ("1 - 2 - 3", "_-_(_-_(1, 2), 3)"),
        ("8 / 4 / 2", "_/_(_/_(8, 4), 2)"),
        ("7 % 4 * 2", "_*_(_%_(7, 4), 2)"),
        ("a < b < c", "_<_(_<_(a, b), c)"),
        ("a == b != c", "_!=_(_==_(a, b), c)"),
        ("a ? b : c ? d : e", "_?_:_(a, b, _?_:_(c, d, e))"),
        ("a ? b : (c ? d : e)", "_?_:_(a, b, _?_:_(c, d, e))"),
        // Runs of `&&` and `||` are balanced as cel-go builds them: the same value, a shallower tree.
        ("a && b && c", "_&&_(_&&_(a, b), c)"),
        ("a || b || c || d", "_||_(_||_(a, b), _||_(c, d))"),
        ("a || b || c || d || e", "_||_(_||_(_||_(a, b), c), _||_(d, e))"),
        // Unary operators repeat; a pair cancels out, as in cel-go.
        ("!a", "!_(a)"),
        ("!!a", "a"),
        ("!!!a", "!_(a)"),
        ("--x", "x"),
        ("---x", "-_(x)"),
        // Members: selection, receiver calls, indexes, chained.
        ("a.b.c", "a.b.c"),
        ("a.b(1).c[2]", "_[_](a.b(1).c, 2)"),
        ("a[0][1]", "_[_](_[_](a, 0), 1)"),
        ("a.size()", "a.size()"),
        ("size(a)", "size(a)"),
        ("f()", "f()"),
        ("math.greatest(1, 2)", "math.greatest(1, 2)"),
        ("'abc'.size()", "\"abc\".size()"),
        ("[1, 2][0]", "_[_]([1, 2], 0)"),
        ("{'a': 1}.a", "{\"a\": 1}.a"),
        // Leading dots name the root scope.
        (".x", ".x"),
        (".x.y", ".x.y"),
        (".f(1)", ".f(1)"),
        ("[1].exists(x, .x == x)", "fold(x in [1]; @result = false; while @not_strictly_false(!_(@result)); "
            + "@result = _||_(@result, _==_(.x, x)); => @result)"),
        // Lists and maps, with trailing commas; any expression as a key.
        ("[]", "[]"),
        ("[1, 2,]", "[1, 2]"),
        ("[[1], []]", "[[1], []]"),
        ("{}", "{}"),
        ("{1: 'a', 'b': 2,}", "{1: \"a\", \"b\": 2}"),
        ("{a + 1: [b]}", "{_+_(a, 1): [b]}"),
        // Reserved words are fine after a dot; quoted field names too.
        ("a.var", "a.var"),
        ("a.package()", "a.package()"),
        ("{ 'while': 1 }.while", "{\"while\": 1}.while"),
        ("a.`content-type`", "a.content-type"),
        ("a.`foo.txt`.`b/c d`", "a.foo.txt.b/c d"),
        // Whitespace (space, tab, CR, LF, form feed) and comments separate tokens.
        ("1\t+\r\n2\u{0C}*\n3", "_+_(1, _*_(2, 3))"),
        ("a // a comment\n && b // another", "_&&_(a, b)"),
        // A carriage return alone does not end a comment (parse.json, `comments`).
        ("1 // a comment\r+ 2", "1"),
    ]

    @Test(arguments: trees)
    func parsesTo(source: String, tree: String) throws {
        #expect(try CELSyntaxText.parse(source) == tree)
    }

    /// Ids are unique; offsets are the token naming each node.
    @Test func everyNodeHasItsOwnIdAndTheOffsetOfItsToken() throws {
        let expr = try CELParser.parse("a.b + f(-1)[0]", limits: CELLimits())
        var ids: [Int] = []
        var offsets: [String: Int] = [:]
        func walk(_ node: CELExpr) {
            ids.append(node.id)
            offsets[CELSyntaxText.text(node)] = node.offset
            switch node.kind {
            case .select(let operand, _, _): walk(operand)
            case .call(_, let target, let args): target.map(walk); args.forEach(walk)
            default: break
            }
        }
        walk(expr)
        #expect(Set(ids).count == ids.count)
        #expect(offsets == ["_+_(a.b, _[_](f(-1), 0))": 4, "a.b": 2, "a": 0, "_[_](f(-1), 0)": 11, "f(-1)": 6, "-1": 8, "0": 12])
    }
}
