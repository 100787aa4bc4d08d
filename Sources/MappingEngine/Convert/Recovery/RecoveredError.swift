/// What a warning keeps of the value recovered from: the action taken and the value's first
/// error (its code as clients see it, and where it was below the recovered value).
struct RecoveredError {
    let action: RecoveryAction
    /// The first error's code, or its rule's own code.
    let code: String
    /// The first error's output path below the recovered value, innermost component first;
    /// empty when the error is about the value itself.
    let below: [PathComponent]
}
