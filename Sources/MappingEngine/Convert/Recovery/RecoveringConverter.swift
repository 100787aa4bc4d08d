/// A property's converter with its recovery (`onError`): when the inner converter fails, what
/// it wrote and recorded is taken back, the value is defaulted, nulled or omitted, and one
/// warning is recorded in its place. (A container drops its failed elements itself, through
/// `ElementWalk` and `DroppingItems`.)
///
/// Compiled only around the properties that declare a recovery, so every other value converts
/// with no added work; the object walk looks at `ConversionContext.leftOut` only on its failure
/// path.
final class RecoveringConverter: ValueConverter, @unchecked Sendable {
    // `fallback` is set by the compiler once defaults are converted, before publication, and
    // only read after: unchecked, so reading it costs no exclusivity check.
    let inner: any ValueConverter
    let action: RecoveryAction
    /// The default's output bytes, written for `defaulted`: the property's `defaultOutput`,
    /// in its model's arena.
    @exclusivity(unchecked) private(set) var fallback = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    init(inner: any ValueConverter, action: RecoveryAction) {
        self.inner = inner
        self.action = action
    }

    var keepsNullWords: Bool { inner.keepsNullWords }

    /// Sets the default written for `defaulted`; the compiler's, before the meta is published.
    func writesDefault(_ output: UnsafeBufferPointer<UInt8>) {
        fallback = output
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        guard ctx.recovers else { return inner.convert(node, &ctx) }
        let marks = ctx.markRecovery()
        if inner.convert(node, &ctx) {
            ctx.endRecovery(marks)
            return true
        }
        guard ctx.recover(to: marks, action: action) else { return false }
        switch action {
        case .defaulted:
            ctx.out.bytes(fallback)
            return true
        case .nulled:
            ctx.out.ascii("null")
            return true
        case .omitted, .dropped:
            ctx.leftOut = true
            return false
        }
    }
}
