import CEL
import Testing

@Suite struct CELProgramTests {
    @Test func aProgramEvaluatesAnArithmeticExpression() throws {
        let program = try CELProgram("1 + 2 * 3", in: CELEnvironment(variables: []))
        var activation = CELActivation()
        guard case .int(let value) = try program.evaluate(&activation) else {
            Issue.record("not an int")
            return
        }
        #expect(value == 7)
    }
}
