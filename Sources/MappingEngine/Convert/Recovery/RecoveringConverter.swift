/// A property's or element's converter with its recovery (`onError`, `onItemError`): when the
/// inner converter fails, what it wrote and recorded is taken back, the value is defaulted,
/// nulled, omitted or dropped, and one warning is recorded in its place.
///
/// Compiled only around the properties and elements that declare a recovery, so every other
/// value converts with no added work; the containers look at `ConversionContext.leftOut` only
/// on their failure path.
final class RecoveringConverter: ValueConverter, @unchecked Sendable {
    // `fallback` is written by the compiler once defaults are converted, before publication.
    let inner: any ValueConverter
    let action: RecoveryAction
    /// The default's output bytes, written for `defaulted`.
    var fallback: [UInt8] = []

    init(inner: any ValueConverter, action: RecoveryAction) {
        self.inner = inner
        self.action = action
    }

    var keepsNullWords: Bool { inner.keepsNullWords }

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
            fallback.withUnsafeBufferPointer { ctx.out.bytes($0) }
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
