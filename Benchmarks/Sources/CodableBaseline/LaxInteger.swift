import Foundation

/// An integer that upstream sometimes sends as a string (`"640"`), read either way and written
/// as a JSON number — convertd's lax integer rule, for the properties that need it.
public struct LaxInteger<Value: FixedWidthInteger & Codable & Sendable>: Codable, Sendable {
    public var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            value = try container.decode(Value.self)
        } catch DecodingError.typeMismatch {
            let text = try container.decode(String.self).trimmingCharacters(in: .whitespaces)
            guard let parsed = Value(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an integer: \(text)")
            }
            value = parsed
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
