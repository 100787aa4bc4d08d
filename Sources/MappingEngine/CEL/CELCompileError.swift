/// Why an expression was refused at load, with the column it points at.
public struct CELCompileError: Error, Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// Not CEL, or outside the subset convertd runs.
        case syntax = "syntax_error"
        /// A name or property the environment does not declare.
        case undeclared = "unknown_property"
        /// No overload takes the operand types, or a result of the wrong type.
        case type = "type_error"
        /// A loop over something with no declared bound (`maxItems`, `maxLength`…).
        case costUnbounded = "cost_unbounded"
        /// The static cost bound is over the budget.
        case costExceeded = "cost_exceeded"
        /// A `matches` pattern that does not compile, or that is not a literal.
        case pattern = "invalid_pattern"
    }

    public var kind: Kind
    /// 1-based, in Unicode scalars.
    public var column: Int
    public var message: String

    public init(_ kind: Kind, column: Int, _ message: String) {
        self.kind = kind
        self.column = column
        self.message = message
    }
}
