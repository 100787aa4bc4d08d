/// What running a model's rules on one object reads, in plain memory: each rule's predicate
/// and the fields it reads, and the fields whose reading is charged. Reading arrays and class
/// references from `ModelExpressions` would retain and release them at every object, which
/// costs a rule more than deciding it; these are read without. Owned by `ModelExpressions`.
struct RulePlan: @unchecked Sendable {
    struct Step {
        /// Held by the rules of the `ModelExpressions` that owns this plan.
        let rule: Unmanaged<ModelExpressions.Rule>
        let predicate: TextPredicate?
        /// The fields whose values the rule reads: it is not evaluated when one is absent.
        let valuesRead: UnsafeBufferPointer<Int>
        /// Every field it reads, `has()` included: it is not evaluated when one failed.
        let fieldsRead: UnsafeBufferPointer<Int>
    }

    let steps: UnsafeMutableBufferPointer<Step>
    /// The fields some expression reads by value.
    let readFields: UnsafeMutableBufferPointer<Int>

    init(rules: [ModelExpressions.Rule], readFields: [Int]) {
        steps = .allocate(capacity: rules.count)
        for (index, rule) in rules.enumerated() {
            (steps.baseAddress.unsafelyUnwrapped + index).initialize(to: Step(
                rule: .passUnretained(rule), predicate: rule.predicate,
                valuesRead: Self.copy(rule.program.valuesRead), fieldsRead: Self.copy(rule.program.fieldsRead)))
        }
        self.readFields = .allocate(capacity: readFields.count)
        _ = self.readFields.initialize(from: readFields)
    }

    func deallocate() {
        for step in steps {
            step.valuesRead.deallocate()
            step.fieldsRead.deallocate()
        }
        steps.deallocate()
        readFields.deallocate()
    }

    private static func copy(_ fields: [Int]) -> UnsafeBufferPointer<Int> {
        let buffer = UnsafeMutableBufferPointer<Int>.allocate(capacity: fields.count)
        _ = buffer.initialize(from: fields)
        return UnsafeBufferPointer(buffer)
    }
}
