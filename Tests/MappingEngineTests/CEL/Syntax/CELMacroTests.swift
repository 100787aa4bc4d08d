import Testing
@testable import CEL

/// Macros expand as cel-go expands them: `has` to a presence test, the others to
/// comprehensions over the accumulator `@result`.
@Suite struct CELMacroTests {
    static let expansions: [(source: String, tree: String)] = [
        ("has(a.b)", "has(a.b)"),
        ("has(a.b.c)", "has(a.b.c)"),
        ("has({'a': 1}.`x-y`)", "has({\"a\": 1}.x-y)"),
        ("l.all(x, x > 0)",
         "fold(x in l; @result = true; while @not_strictly_false(@result); @result = _&&_(@result, _>_(x, 0)); => @result)"),
        ("l.exists(x, x > 0)",
         "fold(x in l; @result = false; while @not_strictly_false(!_(@result)); @result = _||_(@result, _>_(x, 0)); => @result)"),
        ("l.exists_one(x, p)",
         "fold(x in l; @result = 0; while true; @result = _?_:_(p, _+_(@result, 1), @result); => _==_(@result, 1))"),
        ("l.existsOne(x, p)",
         "fold(x in l; @result = 0; while true; @result = _?_:_(p, _+_(@result, 1), @result); => _==_(@result, 1))"),
        ("l.map(x, x * 2)", "fold(x in l; @result = []; while true; @result = _+_(@result, [_*_(x, 2)]); => @result)"),
        ("l.map(x, p, t)", "fold(x in l; @result = []; while true; @result = _?_:_(p, _+_(@result, [t]), @result); => @result)"),
        ("l.filter(x, p)", "fold(x in l; @result = []; while true; @result = _?_:_(p, _+_(@result, [x]), @result); => @result)"),
        // The two-variable forms (macros2): index and element of a list, key and value of a map.
        ("m.all(k, v, p)",
         "fold(k, v in m; @result = true; while @not_strictly_false(@result); @result = _&&_(@result, p); => @result)"),
        ("m.exists(k, v, p)",
         "fold(k, v in m; @result = false; while @not_strictly_false(!_(@result)); @result = _||_(@result, p); => @result)"),
        ("m.existsOne(k, v, p)",
         "fold(k, v in m; @result = 0; while true; @result = _?_:_(p, _+_(@result, 1), @result); => _==_(@result, 1))"),
        ("m.exists_one(k, v, p)",
         "fold(k, v in m; @result = 0; while true; @result = _?_:_(p, _+_(@result, 1), @result); => _==_(@result, 1))"),
        ("l.transformList(i, v, t)", "fold(i, v in l; @result = []; while true; @result = _+_(@result, [t]); => @result)"),
        ("l.transformList(i, v, p, t)",
         "fold(i, v in l; @result = []; while true; @result = _?_:_(p, _+_(@result, [t]), @result); => @result)"),
        ("m.transformMap(k, v, t)",
         "fold(k, v in m; @result = {}; while true; @result = cel.@mapInsert(@result, k, t); => @result)"),
        ("m.transformMap(k, v, p, t)",
         "fold(k, v in m; @result = {}; while true; @result = _?_:_(p, cel.@mapInsert(@result, k, t), @result); => @result)"),
        // Nested macros, and macros inside a larger expression.
        ("l.all(x, x.exists(y, y))",
         "fold(x in l; @result = true; while @not_strictly_false(@result); @result = _&&_(@result, "
            + "fold(y in x; @result = false; while @not_strictly_false(!_(@result)); @result = _||_(@result, y); => @result)); "
            + "=> @result)"),
        ("has(a.b) && !has(a.c)", "_&&_(has(a.b), !_(has(a.c)))"),
        // Other argument counts, other receivers and leading dots are plain calls.
        ("l.all(x)", "l.all(x)"),
        ("l.map(x, y, z, w)", "l.map(x, y, z, w)"),
        ("l.filter(x, p, q)", "l.filter(x, p, q)"),
        ("has(a.b, c)", "has(a.b, c)"),
        ("all(l, x, p)", "all(l, x, p)"),
        ("l.has(a.b)", "l.has(a.b)"),
        (".has(a.b)", ".has(a.b)"),
        ("l.transformMap(k, t)", "l.transformMap(k, t)"),
    ]

    @Test(arguments: expansions)
    func expandsTo(source: String, tree: String) throws {
        #expect(try CELSyntaxText.parse(source) == tree)
    }

    static let refused: [(source: String, column: Int, says: String)] = [
        ("has(a)", 5, "has() takes a field selection"),
        ("has(a[0])", 6, "has() takes a field selection"),
        ("has(f(a.b))", 5, "has() takes a field selection"),
        ("l.all(a.b, true)", 9, "all() takes a simple name"),
        ("l.exists(1, true)", 10, "exists() takes a simple name"),
        ("l.map(.x, x)", 7, "map() takes a simple name"),
        ("l.filter(f(x), x)", 10, "filter() takes a simple name"),
        ("m.all(k, k, true)", 10, "declares the variable 'k' twice"),
        ("m.transformMap(k, v.w, v)", 21, "transformMap() takes a simple name"),
    ]

    @Test(arguments: refused)
    func malformedMacrosAreSyntaxErrors(source: String, column: Int, says: String) {
        expectSyntaxError(source, column: column, says: says)
    }

    /// The macro's own nodes point at its name, and every node of the expansion has its own id.
    @Test func anExpansionPointsAtTheMacroNameWithFreshIds() throws {
        let expr = try CELParser.parse("items.all(i, i.qty > 0)", limits: CELLimits())
        guard case .comprehension(let loop) = expr.kind else {
            Issue.record("not a comprehension: \(CELSyntaxText.text(expr))")
            return
        }
        #expect(expr.offset == 6)
        #expect(loop.accuInit.offset == 6 && loop.loopCondition.offset == 6 && loop.result.offset == 6)
        #expect(loop.iterRange.offset == 0)
        let ids = [expr, loop.iterRange, loop.accuInit, loop.loopCondition, loop.loopStep, loop.result].map(\.id)
        #expect(Set(ids).count == ids.count)
    }
}
