import CEL
import Testing

/// The run-time budget: nodes, loop iterations and the sizes of strings and lists that
/// functions read and make all spend it; at zero, evaluation stops with `rule_cost_exceeded`
/// instead of running on.
@Suite struct CELBudgetTests {
    static func spent(_ source: String, _ variables: [(String, CELType)] = [], values: [CELValue] = [],
                      budget: Int = 1_000_000) throws -> Result<Int, CELError> {
        let program = try CELProgram(source, in: RuntimeCase.environment(variables))
        var activation = CELActivation(variables: values, budget: budget)
        do throws(CELError) {
            _ = try program.evaluate(&activation)
            return .success(budget - activation.budget)
        } catch {
            return .failure(error)
        }
    }

    @Test func everyNodeCostsOne() throws {
        #expect(try Self.spent("1").get() == 1)
        #expect(try Self.spent("1 + 2 * 3").get() == 5)
        #expect(try Self.spent("[1, 2, 3].all(x, x > 0)").get() > 3 * 4)
    }

    @Test func stringsCostBySize() throws {
        let short = try Self.spent("s.size()", [("s", .string)], values: [.string("abc")]).get()
        let long = try Self.spent("s.size()", [("s", .string)], values: [.string(String(repeating: "a", count: 1_600))]).get()
        #expect(long - short == 100)
    }

    @Test func nestedLoopsOverLargeListsStopOnTheBudget() throws {
        let list = CELValue.list((0..<10_000).map { CELValue.int(Int64($0)) })
        let result = try Self.spent("xs.all(x, xs.all(y, x + y >= 0))", [("xs", .list(.int))], values: [list], budget: 5_000_000)
        guard case .failure(let error) = result else {
            Issue.record("ten thousand squared iterations finished within the budget")
            return
        }
        #expect(error.kind == .costExceeded)
    }

    @Test func growingStringsStopOnTheBudget() throws {
        let source = "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(i, s + s + s + s).map(t, t + t + t + t).all(u, u.size() > 0)"
        let result = try Self.spent(source, [("s", .string)], values: [.string(String(repeating: "x", count: 100_000))], budget: 500_000)
        guard case .failure(let error) = result else {
            Issue.record("the strings were made within the budget")
            return
        }
        #expect(error.kind == .costExceeded)
    }

    @Test func aBudgetOfExactlyTheCostIsEnough() throws {
        #expect(try Self.spent("1 + 2", budget: 3).get() == 3)
        #expect(throws: CELError.self) { try Self.spent("1 + 2", budget: 2).get() }
        #expect(try Self.spent("1 + 2", budget: 4).get() == 3)
    }

    @Test func buildingALargeListIsLinear() throws {
        let list = CELValue.list((0..<100_000).map { CELValue.int(Int64($0)) })
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            let spent = try Self.spent("xs.map(x, x * 2).filter(x, x % 3 == 0).size() > 0 && xs.transformMap(i, x, x).size() == 0",
                                       [("xs", .list(.int))], values: [list], budget: .max).get()
            #expect(spent > 200_000)
        }
        #expect(elapsed < .seconds(20))
    }
}
