/// A type's name as cel-go writes it in its messages (`list(int)`, `map(string, dyn)`,
/// `google.protobuf.Timestamp`), so a schema author reading a convertd error recognizes CEL's
/// own vocabulary; a model is written by its name.
extension CELType: CustomStringConvertible {
    public var description: String {
        switch self {
        case .dyn: "dyn"
        case .null: "null_type"
        case .bool: "bool"
        case .int: "int"
        case .uint: "uint"
        case .double: "double"
        case .string: "string"
        case .bytes: "bytes"
        case .timestamp: "google.protobuf.Timestamp"
        case .duration: "google.protobuf.Duration"
        case .decimal: "decimal"
        case .list(let element): "list(\(element))"
        case .map(let key, let value): "map(\(key), \(value))"
        case .object(let object): object.name
        case .type(let type): "type(\(type))"
        case .parameter(let name): name
        }
    }
}
