/// An evaluation error: CEL's errors are values that `&&`, `||` and `?:` may absorb, thrown
/// here with typed throws so the error path costs nothing until it is taken.
public struct CELError: Error, Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// No overload of the function takes these arguments.
        case noSuchOverload = "no_such_overload"
        /// A map has no such key, or an object no such field.
        case noSuchKey = "no_such_key"
        /// A list index outside the list.
        case indexOutOfRange = "index_out_of_range"
        /// Integer overflow, or a timestamp or duration out of range.
        case overflow = "overflow"
        case divisionByZero = "division_by_zero"
        /// A conversion or function argument out of its domain (`int('x')`, a bad time zone…).
        case invalidArgument = "invalid_argument"
        /// The per-document budget ran out.
        case costExceeded = "rule_cost_exceeded"
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
