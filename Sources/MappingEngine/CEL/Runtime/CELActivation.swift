/// The values one evaluation reads, and its budget. Reused across evaluations (filling it
/// again allocates nothing once its arrays have grown).
public struct CELActivation: Sendable {
    /// The environment's variables' values, by slot. A variable of object type holds `.null`
    /// here: its fields are read from `fields`.
    public var variables: [CELValue]
    /// The fields of the environment's object-typed variable (at most one: `self`), by the
    /// index in its `CELObjectType`; nil where the field is absent.
    public var fields: [CELValue?]
    /// What is left of the run-time budget: each step costs 1, each byte a string function
    /// reads or makes costs 1/16. A budget of N allows exactly N steps: evaluation stops with
    /// `rule_cost_exceeded` at the step that would take it below 0.
    public var budget: Int

    public init(variables: [CELValue] = [], fields: [CELValue?] = [], budget: Int = .max) {
        self.variables = variables
        self.fields = fields
        self.budget = budget
    }
}
