/// Why a schema update could not start or finish: the file does not load, does not define the
/// model, or a drift report is not one.
public struct SchemaUpdateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in one or more lines.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
