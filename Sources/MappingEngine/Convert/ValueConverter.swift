/// Converts one input value to its output form: every converter kind has this one signature,
/// is chosen once per property by the compiler, and never knows where its value sits — the
/// container adds the key or index as issues bubble up.
///
/// Class-bound, so a converter is one reference: calling it on the hot path never copies a
/// value existential. Conforming types are final classes with immutable state.
protocol ValueConverter: AnyObject, Sendable {
    /// Writes the converted value of `node` to `ctx.out` and returns true, or records at least one
    /// error and returns false (what it wrote is then discarded by the caller).
    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool

    /// Whether the lax null words (`nil`, `<null>`…) are values for this target rather than
    /// null: true for `string` and `any` only (SPEC §3.2).
    var keepsNullWords: Bool { get }
}

extension ValueConverter {
    var keepsNullWords: Bool { false }
}

extension ConversionContext {
    /// Reports the value at `node` as the wrong JSON type for `target`.
    mutating func typeMismatch(_ node: Int, expected target: String) {
        let found = document[node].kind
        fail(.typeMismatch, "expected \(target), got \(found.name)", node: node)
    }
}

extension JSONKind {
    /// The type's name, for messages.
    var name: String {
        switch self {
        case .null: "null"
        case .false, .true: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
