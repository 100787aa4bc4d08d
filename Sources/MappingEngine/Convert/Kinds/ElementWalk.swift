/// One pass over a container's elements, shared by every container (`array`, `set`, `map`,
/// and the reshaping `keyBy`, `pairs`, `uniqueBy`): the separators, the count of elements
/// written, and what becomes of one that fails (`Recovery`), in one place.
///
/// A container calls `begin` before an element and `end` after it, then adds its own step (an
/// index, a key) to the issues recorded since `Step.issues`.
struct ElementWalk<Recovery: ItemRecovery> {
    /// The elements written so far.
    private(set) var written = 0
    /// Whether every element so far was written or dropped.
    private(set) var ok = true

    /// Where one element began.
    struct Step {
        /// The output before its separator, which a dropped or failed element rewinds to.
        let output: Int
        /// The output after its separator: where its value (or its key) starts.
        let value: Int
        /// The issues recorded before it, which its container locates.
        let issues: Int
        let marks: Recovery.Marks
    }

    /// Writes the separator an element needs and marks where it begins.
    @inline(__always)
    mutating func begin(_ ctx: inout ConversionContext) -> Step {
        let marks = Recovery.mark(&ctx)
        let output = ctx.out.count
        if written > 0 { ctx.out.byte(UInt8(ascii: ",")) }
        return Step(output: output, value: ctx.out.count, issues: ctx.issues.count, marks: marks)
    }

    /// Ends the element begun at `step`, which converted or failed; true when it failed and was
    /// dropped (its output and errors rolled back, a warning recorded).
    @inline(__always) @discardableResult
    mutating func end(_ step: Step, converted: Bool, _ ctx: inout ConversionContext) -> Bool {
        if converted {
            Recovery.kept(step.marks, &ctx)
            written += 1
            return false
        }
        if Recovery.dropped(step.marks, &ctx) { return true }
        ctx.out.rewind(to: step.output)
        ok = false
        return false
    }

    /// Ends the element begun at `step`, which converted but is left out without a warning
    /// (a set's repeat of an earlier element).
    @inline(__always)
    mutating func skip(_ step: Step, _ ctx: inout ConversionContext) {
        Recovery.kept(step.marks, &ctx)
        ctx.out.rewind(to: step.output)
    }
}
