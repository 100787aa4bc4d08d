extension CELValue {
    /// The name of the value's type, as `type(x)` gives it and type identifiers spell it.
    public var typeName: String {
        switch self {
        case .null: return CELTypeName.null
        case .bool: return CELTypeName.bool
        case .int: return CELTypeName.int
        case .uint: return CELTypeName.uint
        case .double: return CELTypeName.double
        case .string: return CELTypeName.string
        case .bytes: return CELTypeName.bytes
        case .list: return CELTypeName.list
        case .map: return CELTypeName.map
        case .timestamp: return CELTypeName.timestamp
        case .duration: return CELTypeName.duration
        case .decimal: return CELTypeName.decimal
        case .type: return CELTypeName.type
        }
    }
}

/// The names of CEL's runtime types: what `type(x)` returns and what the identifiers `int`,
/// `string`, `google.protobuf.Timestamp`… evaluate to.
enum CELTypeName {
    static let null = "null_type"
    static let bool = "bool"
    static let int = "int"
    static let uint = "uint"
    static let double = "double"
    static let string = "string"
    static let bytes = "bytes"
    static let list = "list"
    static let map = "map"
    static let timestamp = "google.protobuf.Timestamp"
    static let duration = "google.protobuf.Duration"
    static let decimal = "decimal"
    static let type = "type"

    /// Every name an identifier may denote as a type value.
    static let all: Set<String> = [null, bool, int, uint, double, string, bytes, list, map, timestamp, duration, decimal, type]
}
