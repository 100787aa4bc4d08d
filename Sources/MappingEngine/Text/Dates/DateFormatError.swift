/// A `formats` entry that names no known format and is not a valid date pattern.
public struct DateFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, naming the offending entry.
    public var message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
