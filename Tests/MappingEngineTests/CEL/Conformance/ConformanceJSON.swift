/// A JSON document as `JSONDecoder` reads it, for the parts of the conformance files whose
/// shape depends on their content (VALUE, TYPE, EXPECT): read once, then taken apart by hand.
indirect enum ConformanceJSON: Decodable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ConformanceJSON])
    case object([String: ConformanceJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ConformanceJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ConformanceJSON].self))
        }
    }

    /// The only member of a one-member object (VALUE and TYPE are such objects).
    var onlyMember: (key: String, value: ConformanceJSON)? {
        guard case .object(let members) = self, members.count == 1, let member = members.first else { return nil }
        return member
    }

    subscript(key: String) -> ConformanceJSON? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// Compact JSON, for messages (object members in no set order).
    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .number(let value): return String(value)
        case .string(let value): return value.debugDescription
        case .array(let elements): return "[" + elements.map(\.description).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { $0.key.debugDescription + ":" + $0.value.description }.joined(separator: ",") + "}"
        }
    }
}
