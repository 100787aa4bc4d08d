extension CELStandardFunctions {
    static let conversions: [CELFunction] = [
        conversion("int", .int, CELConversions.int, [
            ("int64_to_int64", .int), ("uint64_to_int64", .uint), ("double_to_int64", .double),
            ("string_to_int64", .string), ("timestamp_to_int64", .timestamp), ("decimal_to_int64", .decimal),
        ]),
        conversion("uint", .uint, CELConversions.uint, [
            ("uint64_to_uint64", .uint), ("int64_to_uint64", .int), ("double_to_uint64", .double),
            ("string_to_uint64", .string), ("decimal_to_uint64", .decimal),
        ]),
        conversion("double", .double, CELConversions.double, [
            ("double_to_double", .double), ("int64_to_double", .int), ("uint64_to_double", .uint),
            ("string_to_double", .string), ("decimal_to_double", .decimal),
        ]),
        conversion("string", .string, CELConversions.string, [
            ("string_to_string", .string), ("bool_to_string", .bool), ("int64_to_string", .int),
            ("uint64_to_string", .uint), ("double_to_string", .double), ("bytes_to_string", .bytes),
            ("timestamp_to_string", .timestamp), ("duration_to_string", .duration), ("decimal_to_string", .decimal),
        ]),
        conversion("bytes", .bytes, CELConversions.bytes, [("bytes_to_bytes", .bytes), ("string_to_bytes", .string)]),
        conversion("bool", .bool, CELConversions.bool, [("bool_to_bool", .bool), ("string_to_bool", .string)]),
        conversion("timestamp", .timestamp, CELConversions.timestamp, [
            ("timestamp_to_timestamp", .timestamp), ("string_to_timestamp", .string), ("int64_to_timestamp", .int),
        ]),
        conversion("duration", .duration, CELConversions.duration, [
            ("duration_to_duration", .duration), ("string_to_duration", .string),
        ]),
        conversion("decimal", .decimal, CELConversions.decimal, [
            ("decimal_to_decimal", .decimal), ("string_to_decimal", .string), ("int64_to_decimal", .int),
            ("uint64_to_decimal", .uint), ("double_to_decimal", .double),
        ]),
        CELFunction("dyn", .global, arity: 1, overloads: [.init("to_dyn", [a], .dyn)], body: .unary { $0 }),
        CELFunction("type", .global, arity: 1, overloads: [.init("type", [a], .type(a))],
                    body: .unary { CELConversions.type($0) }),
    ]

    private static func conversion(_ name: String, _ result: CELType,
                                   _ body: @escaping @Sendable (CELValue) throws(CELError) -> CELValue,
                                   _ overloads: [(String, CELType)]) -> CELFunction {
        CELFunction(name, .global, arity: 1, overloads: overloads.map { id, parameter in .init(id, [parameter], result) },
                    body: .unary(body))
    }
}
