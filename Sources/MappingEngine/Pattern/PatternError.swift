/// A `pattern` refused at load: where (a 1-based column, counted in Unicode scalars of the
/// pattern) and why, with what to write instead when there is something.
public struct PatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based column of the offending construct in the pattern, in Unicode scalars.
    public let column: Int
    /// What is wrong and, when there is one, what to use instead.
    public let reason: String

    public init(column: Int, reason: String) {
        self.column = column
        self.reason = reason
    }

    public var description: String { "column \(column): \(reason)" }
}
