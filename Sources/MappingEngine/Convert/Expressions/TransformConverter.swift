import CEL

/// A property's `transform` (SPEC §8): the raw input value, as `self`, through a CEL
/// expression, whose result the property's own converter then reads as if the payload had
/// sent it — lax or strict as usual, with its checks. With `explain`, a transform that changed
/// the value is listed as the coercion `transform`.
final class TransformConverter: ValueConverter {
    let program: CELProgram
    let inner: any ValueConverter
    /// Whether the property is a plain `string` (no checks, no recovery): a string result is
    /// then written as it is, which is what its converter would make of it, without the
    /// scratch document.
    let writesStrings: Bool
    /// The program as edits of its string's bytes, for a plain `string` property; in plain
    /// memory, so reading them retains nothing (never written after `init`).
    nonisolated(unsafe) let textSteps: UnsafeMutableBufferPointer<CELTextStep>?

    init(program: CELProgram, inner: any ValueConverter) {
        self.program = program
        self.inner = inner
        writesStrings = inner is StringConverter
        textSteps = (writesStrings ? program.textSteps : nil).map { steps in
            let buffer = UnsafeMutableBufferPointer<CELTextStep>.allocate(capacity: steps.count)
            _ = buffer.initialize(from: steps)
            return buffer
        }
    }

    deinit { textSteps?.deallocate() }

    var keepsNullWords: Bool { inner.keepsNullWords }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        if let textSteps, writeEdited(node, textSteps, &ctx) { return true }
        let scratch = ctx.expressions
        guard let raw = ctx.document.celValue(node, budget: &ctx.ruleBudget) else {
            ctx.budgetSpent(node: node)
            return false
        }
        scratch.activation.variables[0] = raw
        scratch.activation.budget = ctx.ruleBudget
        let result: CELValue
        do throws(CELError) {
            result = try program.evaluate(&scratch.activation)
        } catch {
            ctx.ruleBudget = scratch.activation.budget
            scratch.activation.variables[0] = .null
            let mark = ctx.issues.count
            ctx.fail(error)
            if ctx.issues.count > mark { ctx.issues[mark].input = ctx.document.text(node, limit: 100) }
            return false
        }
        ctx.ruleBudget = scratch.activation.budget
        scratch.activation.variables[0] = .null
        if ctx.explain && !CELValue.celEquals(raw, result) { ctx.coerced("transform", node: node) }
        if writesStrings, case .string(let string) = result {
            ctx.out.string(string)
            return true
        }
        return ctx.convert(result, through: inner)
    }
}
