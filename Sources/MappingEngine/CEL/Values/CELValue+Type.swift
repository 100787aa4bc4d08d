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
