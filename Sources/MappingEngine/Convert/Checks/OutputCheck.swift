/// A constraint checked on a converted value's canonical output bytes: `enum`, the bounds,
/// the lengths, `pattern`. Canonical output makes every comparison exact.
///
/// Class-bound, like `ValueConverter`: calling a check never copies a value existential.
protocol OutputCheck: AnyObject, Sendable {
    /// The error for `written`, or nil when it passes.
    func violation(of written: UnsafeBufferPointer<UInt8>) -> (code: ErrorCode, message: String)?
}

/// A converter followed by the checks its property declares; only built when it declares any,
/// so an unconstrained property keeps the plain converter.
final class CheckedConverter: ValueConverter {
    let inner: any ValueConverter
    let checks: [any OutputCheck]
    /// `inner` in a cell, called as `ConverterCall` (directly for the common kinds).
    private let innerCell: ConverterCell
    private let innerCall: ConverterCall
    /// `checks` unowned, so calling one costs no retain and release (`checks` keeps them alive).
    private let borrowedChecks: [BorrowedCheck]

    init(inner: any ValueConverter, checks: [any OutputCheck]) {
        self.inner = inner
        self.checks = checks
        innerCell = ConverterCell(inner)
        innerCall = ConverterCall(innerCell)
        borrowedChecks = checks.map(BorrowedCheck.init)
    }

    var keepsNullWords: Bool { inner.keepsNullWords }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let start = ctx.out.count
        guard innerCall.convert(node, &ctx) else { return false }
        let written = UnsafeBufferPointer(start: ctx.out.storage + start, count: ctx.out.count &- start)
        for index in borrowedChecks.indices {
            if let violation = borrowedChecks[index].check.violation(of: written) {
                ctx.fail(violation.code, violation.message, node: node)
                return false
            }
        }
        return true
    }
}

/// A check referenced without reference counting, for a converter that also owns it.
private struct BorrowedCheck {
    unowned(unsafe) let check: any OutputCheck
}
