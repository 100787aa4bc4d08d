import CEL
import Testing

/// `&&`, `||`, `?:` and the macros built on them: an operand that decides the result absorbs
/// the other's error whichever side it is on; otherwise the error surfaces.
@Suite struct CELLogicTests {
    @Test(arguments: [
        ("false && 1 / 0 == 1", "false"), ("1 / 0 == 1 && false", "false"),
        ("true || 1 / 0 == 1", "true"), ("1 / 0 == 1 || true", "true"),
        ("dyn('a') && false", "false"), ("false && dyn('a')", "false"), ("dyn(1) || true", "true"),
        ("true && true", "true"), ("false || false", "false"), ("true ? 1 : 1 / 0", "1"), ("false ? 1 / 0 : 2", "2"),
        ("[1, 0, 3].all(x, 6 / x > 2)", "false"), ("[1, 0, 3].exists(x, 6 / x == 6)", "true"),
        ("[0, 'a', 3].all(x, x % 2 == 0)", "false"), ("[1, 0].exists(x, 1 / x == 5)", "error(division_by_zero)"),
        ("1 / 0 == 1 && true", "error(division_by_zero)"), ("true && 1 / 0 == 1", "error(division_by_zero)"),
        ("1 / 0 == 1 || false", "error(division_by_zero)"), ("false || 1 / 0 == 1", "error(division_by_zero)"),
        ("dyn('a') && true", "error(no_such_overload)"), ("true || dyn('a')", "true"), ("dyn('a') ? 1 : 2", "error(no_such_overload)"),
        ("1 / 0 == 1 ? 1 : 2", "error(division_by_zero)"), ("[1, 0].exists_one(x, 1 / x == 1)", "error(division_by_zero)"),
        ("[1, 2, 3].map(x, 6 / (x - 2))", "error(division_by_zero)"),
        ("undeclared || true", "true"), ("unknown_function(1) || true", "true"),
        ("undeclared && true", "error(no_such_key)"), ("unknown_function(1) && true", "error(no_such_overload)"),
    ])
    func absorbsErrorsOnlyWhenTheOtherSideDecides(expression: String, expected: String) throws {
        #expect(try RuntimeCase.outcome(expression) == expected)
    }

    @Test func anExhaustedBudgetIsNeverAbsorbed() throws {
        for source in ["[1, 2, 3, 4, 5, 6, 7, 8].all(x, x > 0) || true", "true && [1, 2, 3, 4, 5, 6, 7, 8].all(x, x > 0)"] {
            guard case .failure(let error) = try RuntimeCase.evaluate(source, budget: 12) else {
                Issue.record("\(source) finished within a budget of 12")
                continue
            }
            #expect(error.kind == .costExceeded)
        }
    }
}
