/// A keyed map's item is written before its key is known (`WrittenKey`), but the key's errors
/// (missing, null, duplicate) are reported as when the key was looked up first: ahead of the
/// item's own issues, and recorded or not as their number then decided (under `maxErrors`, or
/// as the item's first error that `onItemError: drop` names in its warning).
struct KeyErrorsFirst {
    /// The error count and the forced error before the item.
    private let errors: Int
    private let forced: Int

    @inline(__always)
    init(_ ctx: borrowing ConversionContext) {
        errors = ctx.errorCount
        forced = ctx.forcedError
    }

    /// Runs `report`, which records the key's errors, and moves what it recorded in front of
    /// the issues recorded since `step` began.
    func report<Recovery>(since step: ElementWalk<Recovery>.Step, _ ctx: inout ConversionContext,
                          _ report: (inout ConversionContext) -> Void) {
        let mark = ctx.issues.count
        let current = ctx.forcedError
        if ctx.errorCount != errors {
            // The key's error would have been the item's first: recorded when that one was.
            let recorded = errors &+ 1 <= ctx.maxErrors || errors &+ 1 == forced
            ctx.forcedError = recorded ? ctx.errorCount &+ 1 : 0
        }
        report(&ctx)
        ctx.forcedError = current
        guard ctx.issues.count > mark, mark > step.issues else { return }
        let keyIssues = Array(ctx.issues[mark...])
        ctx.issues.removeSubrange(mark...)
        ctx.issues.insert(contentsOf: keyIssues, at: step.issues)
    }
}
