/// One CEL expression, parsed, checked, bounded and planned once at load; evaluated per
/// document without being parsed again.
public final class CELProgram: Sendable {
    public let source: String
    /// The expression's type, as the checker deduced it (`dyn` when not checked).
    public let type: CELType
    /// The static cost bound, in the evaluator's steps.
    public let cost: UInt64
    /// The fields of the object variable the expression reads, `has()` tests included (every
    /// field when it uses the variable whole); empty when not checked.
    public let fieldsRead: [Int]
    /// Those whose values it reads: a rule is not evaluated when one of them is absent.
    public let valuesRead: [Int]
    /// Whether it uses the object variable whole, which reads every field's value.
    public let readsWholeObject: Bool
    /// The expression as a predicate the engine decides on its fields' text, when it is one.
    public let predicate: CELPredicate?
    /// The expression as string edits the engine makes on its input's bytes, when it is that.
    public let textSteps: [CELTextStep]?
    let plan: CELPlan

    /// Compiles `source` in `environment`; throws the first error, with its column.
    public init(_ source: String, in environment: CELEnvironment) throws(CELCompileError) {
        self.source = source
        let expr = try CELParser.parse(source, limits: environment.limits)
        let checked = environment.check ? try CELChecker.check(expr, in: environment) : nil
        type = checked?.type ?? .dyn
        fieldsRead = checked?.fieldsRead ?? []
        valuesRead = checked?.valuesRead ?? []
        readsWholeObject = checked?.readsWholeObject ?? false
        cost = try CELCostEstimator.estimate(expr, checked: checked, in: environment)
        predicate = checked == nil ? nil : CELPredicate.make(expr, in: environment)
        textSteps = CELTextStep.chain(expr, in: environment)
        plan = try CELPlanner.plan(expr, in: environment)
    }

    /// Evaluates the expression over `activation`, spending its budget.
    public func evaluate(_ activation: inout CELActivation) throws(CELError) -> CELValue {
        try plan.evaluate(&activation)
    }
}
