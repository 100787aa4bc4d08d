/// A nullable property's value: explicit `null`, or a value (absence is the enclosing `Optional`).
public enum Nullable<Wrapped: Codable>: NullPreserving {
    case null
    case value(Wrapped)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .value(let value): try container.encode(value)
        }
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
