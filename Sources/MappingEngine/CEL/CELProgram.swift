/// One CEL expression, parsed, checked, bounded and planned once at load; evaluated per
/// document without being parsed again.
public struct CELProgram: Sendable {
    public let source: String
    /// The parsed expression, macros expanded.
    public let expression: CELExpr
    /// The expression's type, as the checker deduced it (`dyn` when not checked).
    public let type: CELType
    /// The static cost bound, in the evaluator's steps.
    public let cost: UInt64
    /// The fields of the object variable the expression reads.
    public let fieldsRead: [Int]
    let plan: CELPlan

    /// Compiles `source` in `environment`; throws the first error, with its column.
    public init(_ source: String, in environment: CELEnvironment) throws(CELCompileError) {
        self.source = source
        let expr = try CELParser.parse(source, limits: environment.limits)
        expression = expr
        let checked = environment.check ? try CELChecker.check(expr, in: environment) : nil
        type = checked?.type ?? .dyn
        fieldsRead = checked?.fieldsRead ?? []
        cost = try CELCostEstimator.estimate(expr, checked: checked, in: environment)
        plan = try CELPlanner.plan(expr, in: environment)
    }

    /// Evaluates the expression over `activation`, spending its budget.
    public func evaluate(_ activation: inout CELActivation) throws(CELError) -> CELValue {
        try plan.evaluate(&activation)
    }
}
