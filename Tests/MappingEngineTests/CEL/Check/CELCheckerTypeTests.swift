import Testing
@testable import CEL

/// The types the checker deduces: literals, aggregates joined as cel-go joins them, overloads
/// with type parameters, comprehensions, namespaced functions and convertd's decimal.
@Suite struct CELCheckerTypeTests {
    /// One `Order` for every case, so its `Line` is the same object in the expected types.
    static let order = CheckFixtures.order()
    static let line: CELType = {
        guard case .list(let element) = order.fields[7].type else { return .dyn }
        return element
    }()

    static let deductions: [(source: String, type: CELType)] = [
        ("true", .bool), ("42", .int), ("42u", .uint), ("0.5", .double), ("'a'", .string), ("b'a'", .bytes), ("null", .null),
        ("[1, 2]", .list(.int)),
        ("{'a': 1}", .map(key: .string, value: .int)),
        // A heterogeneous literal is dyn inside; an empty one's elements are unconstrained (dyn).
        ("[1, 'a']", .list(.dyn)),
        ("['1', null]", .list(.dyn)),
        ("[]", .list(.dyn)),
        ("{}", .map(key: .dyn, value: .dyn)),
        // Empty lists take the type the others give them, whatever the order.
        ("[[], [1]]", .list(.list(.int))),
        ("[[1], []]", .list(.list(.int))),
        ("[[], [[]], [[[]]], [[[[]]]]]", .list(.list(.list(.list(.list(.dyn)))))),
        ("[[[[[]]]], [], [[[]]]]", .list(.list(.list(.list(.list(.dyn)))))),
        ("([].map(x, x))[0]", .dyn),
        // Overloads with type parameters.
        ("[1] + [2]", .list(.int)),
        ("[1][0]", .int),
        ("{'a': 1}['a']", .int),
        ("{'a': [1]}.a", .list(.int)),
        ("size([1, 2])", .int),
        ("'abc'.size()", .int),
        ("1 in [1, 2]", .bool),
        ("'a' in {'a': 1}", .bool),
        ("[1] == [2]", .bool),
        ("1 < 1.5", .bool),
        ("dyn(1) + 1", .dyn),
        ("dyn([1])[0]", .dyn),
        ("('foo' + 'bar').startsWith('foo')", .bool),
        ("'a,b'.split(',')", .list(.string)),
        ("['a', 'b'].join('-')", .string),
        ("'%d'.format([1])", .string),
        ("'abc'.matches('b+')", .bool),
        // Conditionals join their branches.
        ("true ? 1 : 2", .int),
        ("true ? [] : [1]", .list(.int)),
        ("true ? 1 : 'a'", .dyn),
        // Type values.
        ("int", .type(.int)),
        ("type(1)", .type(.int)),
        ("type(1) == string", .bool),
        ("type(type(1))", .type(.type(.int))),
        ("google.protobuf.Timestamp", .type(.timestamp)),
        ("type(timestamp('2009-02-13T23:31:30Z')) == google.protobuf.Timestamp", .bool),
        ("duration('1s') + timestamp(0)", .timestamp),
        // Comprehensions: variables typed from the range, the result from the accumulator.
        ("[1, 2].all(x, x > 0)", .bool),
        ("[1, 2].exists_one(x, x > 1)", .bool),
        ("[1, 2].map(x, x * 2)", .list(.int)),
        ("[1, 2].map(x, x > 1, string(x))", .list(.string)),
        ("['a'].filter(s, s != '')", .list(.string)),
        ("{'a': 1}.exists(k, k == 'a')", .bool),
        ("{'a': 1}.all(k, v, k != '' && v > 0)", .bool),
        ("['a'].all(i, v, i >= 0 && v != '')", .bool),
        ("['a'].transformList(i, v, i)", .list(.int)),
        ("{'a': 1}.transformMap(k, v, double(v))", .map(key: .string, value: .double)),
        ("[[1], [2]].map(l, l.map(x, x + 1))", .list(.list(.int))),
        ("dyn([1]).all(x, x > 0)", .bool),
        // The math and strings extensions, as namespaced globals.
        ("math.greatest(1, 2)", .int),
        ("math.greatest(1, 2.0)", .dyn),
        ("math.least([1.0, 2.0])", .double),
        ("math.abs(-1)", .int),
        ("strings.quote('a')", .string),
        (".math.least(1u, 2u)", .uint),
        (".size([1])", .int),
    ]

    @Test(arguments: deductions)
    func deducesTheType(_ source: String, _ type: CELType) throws {
        #expect(try CheckFixtures.check(source).type == type, "\(source)")
    }

    static let overSelf: [(source: String, type: CELType)] = [
        ("self.min <= self.max", .bool),
        ("self.min + self.max", .decimal),
        ("self.min * 2", .decimal),
        ("self.min / self.max < 1.5", .bool),
        ("self.min == 0", .bool),
        ("1.5 != self.price", .bool),
        ("self.min < 10u", .bool),
        ("has(self.email) || has(self.phone)", .bool),
        ("self.first + ' ' + self.last", .string),
        ("self.items", .list(line)),
        ("self.items[0].qty", .int),
        ("self.items[0].next.next.sku", .string),
        ("self.items.map(i, i.name)", .list(.string)),
        ("self.items.all(i, i.qty > 0 && i.parts.all(p, p.weight > 0.0))", .bool),
        ("self.items.filter(i, i.qty > 1)", .list(line)),
        ("self.items.map(i, i.parts).size()", .int),
        ("self.tags.exists(t, t.startsWith('x'))", .bool),
    ]

    @Test(arguments: overSelf)
    func deducesTheTypeOverAModel(_ source: String, _ type: CELType) throws {
        #expect(try CheckFixtures.check(source, in: CheckFixtures.rule(Self.order)).type == type, "\(source)")
    }

    @Test func everyNodeIsTypedWithItsVariablesResolved() throws {
        let checked = try CheckFixtures.check("[[], [1]]")
        // The outer list, the empty list and the one with 1, and its element.
        #expect(checked.types.count == 4)
        #expect(checked.types.values.allSatisfy { $0 != .list(.dyn) && $0 != .list(.list(.dyn)) })
        #expect(checked.types.values.contains(.list(.int)))
    }

    @Test func aVariableOfTypeDynTakesAnything() throws {
        let environment = CheckFixtures.variables([("x", .dyn)])
        #expect(try CheckFixtures.check("x + 1", in: environment).type == .dyn)
        #expect(try CheckFixtures.check("x.y.z", in: environment).type == .dyn)
        #expect(try CheckFixtures.check("x[0] && x.f", in: environment).type == .bool)
        #expect(try CheckFixtures.check("x.all(e, e)", in: environment).type == .bool)
    }

    /// An operand of type `dyn`, or a variable nothing has bound, fits many overloads: the
    /// call is `dyn`, and trying the first overload does not pin the operand to it.
    static let dynOperands: [(source: String, type: CELType)] = [
        ("doc['e']", .dyn),
        ("doc['e'] + doc['e']", .dyn),
        ("(doc['e'] + doc['e']) + 'x'", .string),
        ("doc['e'] + doc['e'] == 'xx'", .bool),
        ("doc.e + 1", .dyn),
        ("size(doc['e'] + doc['e'])", .int),
        ("[].map(x, x + x)", .list(.dyn)),
        ("[].map(x, 'a' + (x + x))", .list(.string)),
        ("[].map(x, [x + x, x + 1, x + 'a'])", .list(.list(.dyn))),
        ("['a'].map(x, doc['e']).filter(x, 'a'.startsWith(doc.e + x))", .list(.dyn)),
        // One overload fits: its type stands, and binds what it must.
        ("[].map(x, x.startsWith('a'))", .list(.bool)),
        ("[] + [1]", .list(.int)),
    ]

    @Test(arguments: dynOperands)
    func callsOnDynOperandsAreDyn(_ source: String, _ type: CELType) throws {
        let environment = CheckFixtures.variables([("doc", .dyn)])
        #expect(try CheckFixtures.check(source, in: environment).type == type, "\(source)")
    }

    @Test func nullIsAssignableOnlyToNullDynModelsAndTimes() throws {
        let environment = CheckFixtures.variables([("n", .null), ("t", .timestamp), ("s", .string)])
        #expect(try CheckFixtures.check("n == null", in: environment).type == .bool)
        #expect(try CheckFixtures.check("t == null", in: environment).type == .bool)
        #expect(try CheckFixtures.check("dyn(s) == null", in: environment).type == .bool)
        #expect(try CheckFixtures.refusal("s == null", in: environment)?.kind == .type)
    }
}
