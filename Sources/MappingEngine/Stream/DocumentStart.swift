/// What a JSON body is, judged from its first bytes: whether its first byte other than white
/// space opens an array, which decides whether it can be converted element by element.
public enum DocumentStart: Equatable, Sendable {
    /// The first byte after any white space is `[`.
    case array
    /// The first byte after any white space is something else (an object, or not JSON).
    case other
    /// Only white space so far.
    case undecided

    /// Judges the body from `bytes`, its first bytes (or all of it).
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes where byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 {
            self = byte == UInt8(ascii: "[") ? .array : .other
            return
        }
        self = .undecided
    }
}
