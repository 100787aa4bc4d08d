import Testing
@testable import CEL

/// What the checker refuses, with the column the author is sent to and cel-go's wording.
@Suite struct CELCheckerErrorTests {
    static let mistakes: [(source: String, kind: CELCompileError.Kind, column: Int, says: String)] = [
        ("x", .undeclared, 1, "undeclared reference to 'x'"),
        ("1 + x", .undeclared, 5, "undeclared reference to 'x'"),
        ("f_unknown(17)", .undeclared, 1, "undeclared reference to 'f_unknown'"),
        ("'a'.shout()", .undeclared, 5, "undeclared reference to 'shout'"),
        ("optional.none()", .undeclared, 10, "undeclared reference to 'optional.none'"),
        ("1 + 'a'", .type, 3, "found no matching overload for '_+_' applied to '(int, string)'"),
        ("[1] + ['a']", .type, 5, "found no matching overload for '_+_' applied to '(list(int), list(string))'"),
        ("'a'.startsWith(1)", .type, 5, "found no matching overload for 'startsWith' applied to 'string.(int)'"),
        ("42.charAt(2)", .type, 4, "applied to 'int.(int)'"),
        ("size(1, 2)", .type, 1, "found no matching overload for 'size' applied to '(int, int)'"),
        ("{'a': 1}[1]", .type, 9, "found no matching overload for '_[_]' applied to '(map(string, int), int)'"),
        ("'a' in [1]", .type, 5, "'@in' applied to '(string, list(int))'"),
        ("1 == 1.0", .type, 3, "'_==_' applied to '(int, double)'"),
        ("-(42u)", .type, 1, "'-_' applied to '(uint)'"),
        ("!0", .type, 1, "'!_' applied to '(int)'"),
        ("1 && true", .type, 3, "found no matching overload for '_&&_' applied to '(int, bool)'"),
        ("true || 'a'", .type, 6, "'_||_' applied to '(bool, string)'"),
        ("'cows' ? 1 : 2", .type, 8, "'_?_:_' applied to '(string, int, int)'"),
        ("math.abs('a')", .type, 6, "found no matching overload for 'math.abs' applied to '(string)'"),
        ("math.greatest()", .type, 6, "'math.greatest' applied to '()'"),
        ("1.all(x, true)", .type, 1, "expression of type 'int' cannot be the range of a comprehension (must be list, map, or dynamic)"),
        ("[1].all(x, x)", .type, 5, "'_&&_' applied to '(bool, int)'"),
        ("[1].map(x, x).all(y, y.size() > 0)", .type, 24, "'size' applied to 'int.()'"),
        ("1.f", .type, 3, "type 'int' does not support field selection"),
        ("[x].size()", .undeclared, 2, "undeclared reference to 'x'"),
    ]

    @Test(arguments: mistakes)
    func refusesWithTheColumn(_ source: String, _ kind: CELCompileError.Kind, _ column: Int, _ says: String) throws {
        let error = try #require(try CheckFixtures.refusal(source), "\(source) was accepted")
        #expect(error.kind == kind, "\(source): \(error.message)")
        #expect(error.column == column, "\(source): \(error.message)")
        #expect(error.message.contains(says), "\(source): \(error.message)")
    }

    static let overSelf: [(source: String, column: Int, says: String)] = [
        ("self.mx > 1", 6, "Order has no property 'mx' (properties: min, max, email, phone, first, last, code, items, tags, price)"),
        ("has(self.mx)", 10, "Order has no property 'mx'"),
        ("self.min <= self.maxx", 18, "Order has no property 'maxx'"),
        ("self.items.all(i, i.qtty > 0)", 21, "Line has no property 'qtty' (properties: qty, name, sku, parts, notes, next)"),
        ("self.items[0].next.nope", 20, "Line has no property 'nope'"),
        ("self.items.all(i, i.parts.exists(p, p.weigth > 0.0))", 39, "Part has no property 'weigth' (properties: weight, label)"),
    ]

    @Test(arguments: overSelf)
    func refusesAnUnknownPropertyListingTheModelsOwn(_ source: String, _ column: Int, _ says: String) throws {
        let error = try #require(try CheckFixtures.refusal(source, in: CheckFixtures.rule()), "\(source) was accepted")
        #expect(error.kind == .undeclared)
        #expect(error.kind.rawValue == "unknown_property")
        #expect(error.column == column, "\(source): \(error.message)")
        #expect(error.message.contains(says), "\(source): \(error.message)")
    }

    @Test func refusesAWrongTypeOverAModel() throws {
        let error = try #require(try CheckFixtures.refusal("self.min + self.email", in: CheckFixtures.rule()))
        #expect(error.kind == .type)
        #expect(error.column == 10)
        #expect(error.message == "found no matching overload for '_+_' applied to '(decimal, string)'")
        let nested = try #require(try CheckFixtures.refusal("self.items.all(i, i.name > 0)", in: CheckFixtures.rule()))
        #expect(nested.message.contains("'_>_' applied to '(string, int)'"))
    }
}
