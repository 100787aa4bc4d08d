/// CEL's type names: identifiers whose value is the type itself (`type(1) == int`,
/// `type(t) == google.protobuf.Timestamp`), so their type is `type(T)`. A declared variable of
/// the same name hides one. The evaluator's `CELTypeName` spells the same names.
enum CELTypeNames {
    /// The type each name denotes.
    static let all: [String: CELType] = [
        CELTypeName.bool: .bool,
        CELTypeName.int: .int,
        CELTypeName.uint: .uint,
        CELTypeName.double: .double,
        CELTypeName.string: .string,
        CELTypeName.bytes: .bytes,
        CELTypeName.decimal: .decimal,
        CELTypeName.list: .list(.dyn),
        CELTypeName.map: .map(key: .dyn, value: .dyn),
        CELTypeName.null: .null,
        CELTypeName.type: .type(.dyn),
        CELTypeName.timestamp: .timestamp,
        CELTypeName.duration: .duration,
    ]
}
