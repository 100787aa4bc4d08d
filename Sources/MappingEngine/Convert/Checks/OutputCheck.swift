/// A constraint checked on a converted value's canonical output bytes: `enum`, the bounds,
/// the lengths, `pattern`. Canonical output makes every comparison exact.
///
/// Class-bound, like `ValueConverter`: calling a check never copies a value existential.
protocol OutputCheck: AnyObject, Sendable {
    /// The error for `written`, or nil when it passes.
    func violation(of written: UnsafeBufferPointer<UInt8>) -> (code: ErrorCode, message: String)?

    /// This check as the hot path calls it, unretained.
    var call: CheckCall { get }
}

/// A converter followed by the checks its property declares; only built when it declares any,
/// so an unconstrained property keeps the plain converter.
final class CheckedConverter: ValueConverter {
    let inner: any ValueConverter
    let checks: [any OutputCheck]
    /// `inner` in a cell, called as `ConverterCall` (directly for the common kinds).
    private let innerCell: ConverterCell
    private let innerCall: ConverterCall
    /// `checks` as the hot path calls them.
    private let checkCalls: [CheckCall]

    init(inner: any ValueConverter, checks: [any OutputCheck]) {
        self.inner = inner
        self.checks = checks
        innerCell = ConverterCell(inner)
        innerCall = ConverterCall(innerCell)
        checkCalls = checks.map(\.call)
    }

    var keepsNullWords: Bool { inner.keepsNullWords }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let start = ctx.out.count
        guard innerCall.convert(node, &ctx) else { return false }
        let written = UnsafeBufferPointer(start: ctx.out.storage + start, count: ctx.out.count &- start)
        for index in checkCalls.indices {
            if let violation = checkCalls[index].violation(of: written) {
                ctx.fail(violation.code, violation.message, node: node)
                return false
            }
        }
        return true
    }
}
