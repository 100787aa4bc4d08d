import Testing
@testable import CEL

/// The static cost bound: one unit per node and per iteration, sizes from `maxItems` and
/// `maxLength`, nested loops multiplied, and the refusals that name the limit to declare.
@Suite struct CELCostEstimatorTests {
    /// Costs worked out by hand, node by node (see each comment).
    static let bounds: [(source: String, cost: UInt64)] = [
        // _+_ 1, two literals.
        ("1 + 2", 3),
        // The result 'abcdef' is 6 bytes: less than 16, no size charge.
        ("'abc' + 'def'", 3),
        // comprehension 1 + range ([…] 1 + 3 literals) + init 1 + result 1, and per element:
        // iteration 1 + condition (@not_strictly_false, @result: 2) + step (&&, @result, >, x, 0: 5).
        ("[1, 2, 3].all(x, x > 0)", 1 + 4 + 1 + 1 + 3 * (1 + 2 + 5)),
        // Only one branch of ?: is evaluated: 1 + condition + the dearer branch (1 + 2 + 1).
        ("true ? 1 : 1 + 2", 1 + 1 + 3),
    ]

    @Test(arguments: bounds)
    func boundsAnExpression(_ source: String, _ cost: UInt64) throws {
        #expect(try CheckFixtures.cost(source, in: CheckFixtures.variables([])) == cost, "\(source)")
    }

    @Test func boundsALoopOverItemsByMaxItems() throws {
        // self.items 2 (self, .items); per item: 1 + condition 2 + step (&&, @result, >, i.qty 2, 0: 6).
        let perItem: UInt64 = 1 + 2 + 6
        let rule = "self.items.all(i, i.qty > 0)"
        #expect(try CheckFixtures.cost(rule, in: CheckFixtures.rule(maxCost: 1_000_000)) == 1 + 2 + 1 + 1000 * perItem + 1)
        #expect(try CheckFixtures.cost(rule, in: CheckFixtures.rule(CheckFixtures.order(itemsMax: 10))) == 1 + 2 + 1 + 10 * perItem + 1)
    }

    @Test func refusesALoopOverItemsWithoutMaxItems() throws {
        let environment = CheckFixtures.rule(CheckFixtures.order(itemsMax: nil), maxCost: 1_000_000)
        let error = try #require(try CheckFixtures.costRefusal("self.items.all(i, i.qty > 0)", in: environment))
        #expect(error.kind == .costUnbounded)
        #expect(error.kind.rawValue == "cost_unbounded")
        #expect(error.column == 6)
        #expect(error.message == "the loop iterates over 'self.items', which has no bound: declare maxItems on items")
    }

    @Test func withoutALimitAnUnboundedLoopCostsTheLargestNumber() throws {
        let environment = CheckFixtures.rule(CheckFixtures.order(itemsMax: nil))
        #expect(try CheckFixtures.cost("self.items.all(i, i.qty > 0)", in: environment) == .max)
        #expect(try CheckFixtures.cost("self.items.map(i, i.parts.map(p, p.weight))", in: environment) == .max)
    }

    @Test func nestedLoopsMultiply() throws {
        let rule = "self.items.all(i, i.parts.all(p, p.weight > 0.0))"
        // Inner: 1 + i.parts 2 + init 1 + result 1 + 20 × (1 + 2 + (&&, @result, >, p.weight 2, 0.0: 6)).
        let inner: UInt64 = 1 + 2 + 1 + 1 + 20 * (1 + 2 + 6)
        // Outer: the same around the inner loop, whose step is &&, @result and the inner loop.
        let outer: UInt64 = 1 + 2 + 1 + 1 + 1000 * (1 + 2 + (1 + 1 + inner))
        #expect(try CheckFixtures.cost(rule, in: CheckFixtures.rule()) == outer)
        #expect(outer == 190_005)

        let error = try #require(try CheckFixtures.costRefusal(rule, in: CheckFixtures.rule(maxCost: 100_000)))
        #expect(error.kind == .costExceeded)
        #expect(error.kind.rawValue == "cost_exceeded")
        #expect(error.column == 6)
        #expect(error.message.contains("190005"), "\(error.message)")
        #expect(error.message.contains("100000"), "\(error.message)")
        #expect(error.message.contains("'self.items' (up to 1000), 'i.parts' (up to 20)"), "\(error.message)")
    }

    @Test func refusesANestedLoopOverAFieldOfANestedModelWithoutMaxItems() throws {
        let environment = CheckFixtures.rule(CheckFixtures.order(partsMax: nil), maxCost: 1_000_000)
        let error = try #require(try CheckFixtures.costRefusal("self.items.all(i, i.parts.all(p, p.weight > 0.0))", in: environment))
        #expect(error.kind == .costUnbounded)
        #expect(error.column == 21)
        #expect(error.message == "the loop iterates over 'i.parts', which has no bound: declare maxItems on Line.parts")
    }

    @Test func refusesAStringFunctionInALoopOverAStringWithoutMaxLength() throws {
        let environment = CheckFixtures.rule(maxCost: 1_000_000)
        let error = try #require(try CheckFixtures.costRefusal("self.items.all(i, i.sku.contains('x'))", in: environment))
        #expect(error.kind == .costUnbounded)
        #expect(error.column == 21)
        #expect(error.message == "'contains' inside a loop reads 'i.sku', which has no bound: declare maxLength on Line.sku")
        // `name` declares maxLength 50: at most 200 bytes, 12 units per search.
        let bounded = try CheckFixtures.cost("self.items.all(i, i.name.contains('x'))", in: environment)
        // contains: 1 + i.name 2 + 'x' 1 + ⌊(200 + 1) / 16⌋ = 16; step &&: 1 + 1 + 16.
        #expect(bounded == 1 + 2 + 1 + 1 + 1000 * (1 + 2 + 18))
    }

    @Test func aFunctionOutsideLoopsOverAStringWithoutMaxLengthIsLeftToTheRunTimeBudget() throws {
        let environment = CheckFixtures.rule(maxCost: 1_000)
        // Two `+`: 1 + (1 + self.first 2 + ' ' 1) + self.last 2.
        #expect(try CheckFixtures.cost("self.first + ' ' + self.last", in: environment) == 7)
        // A transform's `self` is the raw input: no schema limit could bound it.
        var transform = CheckFixtures.variables([("self", .dyn)])
        transform.maxCost = 1_000
        #expect(try CheckFixtures.costRefusal("self.replace('€', '').trim().replace(',', '.')", in: transform) == nil)
    }

    @Test func boundsStringWorkByMaxLength() throws {
        // `code` declares maxLength 10: 40 bytes each, 80 for the result, 5 units.
        #expect(try CheckFixtures.cost("self.code + self.code", in: CheckFixtures.rule()) == 1 + 2 + 2 + 5)
    }

    @Test func boundsALoopOverAFunctionsResultByItsOperands() throws {
        let environment = CheckFixtures.rule(maxCost: 1_000_000)
        #expect(try CheckFixtures.costRefusal("self.code.split(',').all(p, p != '')", in: environment) == nil)
        let error = try #require(try CheckFixtures.costRefusal("self.first.split(',').all(p, p != '')", in: environment))
        #expect(error.kind == .costUnbounded)
        #expect(error.column == 12)
        #expect(error.message == "the loop iterates over 'self.first.split(…)', whose size depends on 'self.first', which has no bound: declare maxLength on first")
    }

    @Test func theElementsOfAListHaveNoBoundAConvertdSchemaCouldDeclare() throws {
        let grid = CELObjectType(name: "Grid")
        grid.fields = [.init(name: "rows", type: .list(.list(.int)), maxSize: 5)]
        let error = try #require(try CheckFixtures.costRefusal("self.rows.all(r, r.all(x, x > 0))",
                                                               in: CheckFixtures.rule(grid, maxCost: 1_000_000)))
        #expect(error.kind == .costUnbounded)
        #expect(error.column == 18)
        #expect(error.message == "the loop iterates over 'r', whose size depends on 'self.rows[…]', which has no bound: only a property's maxItems (or maxLength, for a string) bounds a loop")
        // A string element can be searched in a loop: no schema limit could bound it, so the
        // run-time budget meters the search.
        let tags = CheckFixtures.rule(CheckFixtures.order(tagsMax: 10), maxCost: 1_000_000)
        #expect(try CheckFixtures.costRefusal("self.tags.exists(t, t.contains('x'))", in: tags) == nil)
    }

    @Test func aLoopOverAValueOfUnknownTypeSaysNoDeclarationCanBoundIt() throws {
        var environment = CheckFixtures.variables([("self", .dyn)])
        environment.maxCost = 1_000_000
        let error = try #require(try CheckFixtures.costRefusal("self.items.all(i, i > 0)", in: environment))
        #expect(error.kind == .costUnbounded)
        #expect(error.message == "the loop iterates over 'self.items', which has no bound: only a property's maxItems (or maxLength, for a string) bounds a loop")
    }

    @Test func aLoopOverAListLiteralIsBoundedByItsLength() throws {
        var environment = CheckFixtures.variables([])
        environment.maxCost = 30
        let error = try #require(try CheckFixtures.costRefusal("[1, 2, 3].all(x, x > 0)", in: environment))
        #expect(error.kind == .costExceeded)
        #expect(error.message == "the expression may cost up to 31 steps, over the limit of 30: it loops over '[…]' (up to 3); lower their maxItems or maxLength")
        environment.maxCost = 31
        #expect(try CheckFixtures.costRefusal("[1, 2, 3].all(x, x > 0)", in: environment) == nil)
    }

    @Test func theAccumulatorOfMapAndFilterGrowsInPlace() throws {
        // map over 1000 items: each step appends one element (`@result + [i.qty]`), which costs
        // no more for a long accumulator: the bound stays linear in maxItems.
        let small = try CheckFixtures.cost("self.items.map(i, i.qty)", in: CheckFixtures.rule(CheckFixtures.order(itemsMax: 100)))
        let large = try CheckFixtures.cost("self.items.map(i, i.qty)", in: CheckFixtures.rule(CheckFixtures.order(itemsMax: 1000)))
        // Around the loop: the comprehension 1, self.items 2, [] 1, @result 1.
        #expect(large - 5 == (small - 5) * 10)
    }

    @Test func anUncheckedExpressionIsStillBounded() throws {
        let expr = try CELParser.parse("[1, 2, 3].all(x, x > 0)", limits: CELLimits())
        #expect(try CELCostEstimator.estimate(expr, checked: nil, in: CheckFixtures.variables([])) == 31)
    }
}
