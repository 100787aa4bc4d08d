/// A boolean that upstream sometimes sends as `1`/`0` or as text (`"yes"`), written as a JSON
/// boolean — convertd's lax bool rule, for the properties that need it.
public struct LaxBool: Codable, Sendable {
    public var value: Bool

    public init(_ value: Bool) {
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            value = flag
        } else if let number = try? container.decode(Int.self), number == 0 || number == 1 {
            value = number == 1
        } else if let text = try? container.decode(String.self), let flag = LaxBool.words[text.lowercased()] {
            value = flag
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a boolean")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// The words convertd reads as booleans, in lower case.
    private static let words: [String: Bool] = [
        "true": true, "false": false, "yes": true, "no": false, "on": true, "off": false,
        "1": true, "0": false, "t": true, "f": false, "y": true, "n": false,
    ]
}
