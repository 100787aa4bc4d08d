/// The JSON type of a tape node.
public enum JSONKind: UInt8, Sendable {
    case null, `false`, `true`, number, string, array, object
}

/// One entry of a parsed document's flat tape: 16 bytes, no heap object per value.
///
/// A container is followed by its children in document order; an object's children alternate
/// key (a string node) and value. `end` is the index of the first node after the whole subtree,
/// so a reader skips a value of any size in one step.
public struct JSONNode: Sendable {
    /// The value's JSON type.
    public var kind: JSONKind
    /// String: `hasEscapes`. Number: `isInteger` (no fraction, no exponent), `isNegative`.
    public var flags: UInt8
    /// Byte offset in the input: a string's content after its opening quote, a number's first
    /// character, a literal's first letter, a container's opening bracket.
    public var start: UInt32
    /// Scalars: byte length of the content (a string's raw text between its quotes).
    /// Containers: the number of elements, or of members for an object.
    public var length: UInt32
    /// Index of the node that follows this value's subtree.
    public var end: UInt32

    /// Flag of a string node whose raw text holds at least one backslash escape.
    public static let hasEscapes: UInt8 = 1
    /// Flag of a number node written with digits only (optional minus, no fraction, no exponent).
    public static let isInteger: UInt8 = 1
    /// Flag of a number node with a leading minus sign.
    public static let isNegative: UInt8 = 2

    @inlinable
    public init(kind: JSONKind, flags: UInt8, start: UInt32, length: UInt32, end: UInt32) {
        self.kind = kind
        self.flags = flags
        self.start = start
        self.length = length
        self.end = end
    }
}
