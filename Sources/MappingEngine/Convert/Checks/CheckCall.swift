/// An output check as the hot path calls it: by its concrete class, so a call is a direct one
/// instead of a protocol witness through an existential.
///
/// Unmanaged: the converter's `checks` keep every check alive, and a call costs no retain
/// (an `unowned(unsafe)` existential still cost a retain and a release around each call).
enum CheckCall: @unchecked Sendable {
    case bounds(Unmanaged<BoundsCheck>)
    case enumeration(Unmanaged<EnumCheck>)
    case length(Unmanaged<LengthCheck>)
    case pattern(Unmanaged<PatternCheck>)

    /// `check.violation(of: written)`.
    @inline(__always)
    func violation(of written: UnsafeBufferPointer<UInt8>) -> (code: ErrorCode, message: String)? {
        switch self {
        case .bounds(let check): check._withUnsafeGuaranteedRef { $0.violation(of: written) }
        case .enumeration(let check): check._withUnsafeGuaranteedRef { $0.violation(of: written) }
        case .length(let check): check._withUnsafeGuaranteedRef { $0.violation(of: written) }
        case .pattern(let check): check._withUnsafeGuaranteedRef { $0.violation(of: written) }
        }
    }
}
