import Testing
@testable import CEL

/// Names: qualified variables by their longest declared prefix, comprehension variables
/// hiding the environment's, a leading dot reaching past them, namespaced functions, and the
/// fields of `self` a rule reads.
@Suite struct CELCheckerNameTests {
    @Test func aQualifiedNameResolvesToItsLongestDeclaredPrefix() throws {
        let whole = CheckFixtures.variables([("a.b.c", .string)])
        #expect(try CheckFixtures.check("a.b.c", in: whole).type == .string)
        let prefix = CheckFixtures.variables([("a.b", .map(key: .string, value: .int))])
        #expect(try CheckFixtures.check("a.b.c", in: prefix).type == .int)
        let both = CheckFixtures.variables([("a.b.c", .string), ("a.b", .map(key: .string, value: .int))])
        #expect(try CheckFixtures.check("a.b.c", in: both).type == .string)
        #expect(try CheckFixtures.check(".a.b.c", in: both).type == .string)
        let error = try #require(try CheckFixtures.refusal("a.b.d", in: whole))
        #expect(error.message == "undeclared reference to 'a'")
    }

    @Test func aComprehensionVariableHidesTheEnvironmentsAndALeadingDotDoesNot() throws {
        let environment = CheckFixtures.variables([("x", .string), ("x.y", .bool)])
        #expect(try CheckFixtures.check("[1].exists(x, x == 1)", in: environment).type == .bool)
        #expect(try CheckFixtures.check("[1].exists(x, .x == 'a')", in: environment).type == .bool)
        // `x.y` inside the loop selects from the local `x` (a map here), not the global `x.y`.
        #expect(try CheckFixtures.check("[{'y': 1}].exists(x, x.y == 1)", in: environment).type == .bool)
        #expect(try CheckFixtures.refusal("[1].exists(x, x == 'a')", in: environment)?.kind == .type)
    }

    @Test func aVariableHidesATypeName() throws {
        #expect(try CheckFixtures.check("int", in: CheckFixtures.variables([("int", .string)])).type == .string)
        #expect(try CheckFixtures.check("type", in: CheckFixtures.variables([])).type == .type(.type(.dyn)))
    }

    @Test func aNamespaceIsAFunctionsPrefixUnlessAVariableHasItsName() throws {
        #expect(try CheckFixtures.check("math.least(3, 1)").type == .int)
        // With a variable `math`, `math.least` is a method of it, which no library declares.
        let shadowed = CheckFixtures.variables([("math", .map(key: .string, value: .int))])
        let error = try #require(try CheckFixtures.refusal("math.least(3, 1)", in: shadowed))
        #expect(error.message == "undeclared reference to 'least'")
        #expect(try CheckFixtures.check("math.least", in: shadowed).type == .int)
    }

    static let reads: [(source: String, fields: [String])] = [
        ("self.min <= self.max", ["min", "max"]),
        ("has(self.email) || has(self.phone)", ["email", "phone"]),
        ("self.items.all(i, i.qty > 0)", ["items"]),
        ("self.items.all(i, i.qty > 0) && self.items.size() < 10", ["items"]),
        ("self.first + ' ' + self.last", ["first", "last"]),
        ("self.items.exists(i, i.sku == self.code)", ["code", "items"]),
        ("[1, 2].all(x, x > 0)", []),
        // `self` used whole reads every field.
        ("size(dyn(self)) > 0", CheckFixtures.orderFields),
    ]

    @Test(arguments: reads)
    func recordsTheFieldsOfSelfItReads(_ source: String, _ fields: [String]) throws {
        let checked = try CheckFixtures.check(source, in: CheckFixtures.rule())
        let expected = fields.compactMap { CheckFixtures.orderFields.firstIndex(of: $0) }.sorted()
        #expect(checked.fieldsRead == expected, "\(source)")
    }

    @Test func aHasTestReadsNoValue() throws {
        let checked = try CheckFixtures.check("has(self.email) || self.min > self.max", in: CheckFixtures.rule())
        let index = { (name: String) in CheckFixtures.orderFields.firstIndex(of: name)! }
        #expect(checked.fieldsRead == [index("min"), index("max"), index("email")].sorted())
        #expect(checked.valuesRead == [index("min"), index("max")].sorted())
        #expect(!checked.readsWholeObject)
        #expect(try CheckFixtures.check("size(dyn(self)) > 0", in: CheckFixtures.rule()).readsWholeObject)
    }

    @Test func aLoopVariableNamedLikeSelfsFieldsIsNotSelf() throws {
        let checked = try CheckFixtures.check("[{'min': 1}].all(self, self.min > 0)", in: CheckFixtures.rule())
        #expect(checked.fieldsRead.isEmpty)
    }
}
