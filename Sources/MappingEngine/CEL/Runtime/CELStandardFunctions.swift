/// CEL's standard functions (langdef.md, "Standard Definitions") with cel-spec's overload ids,
/// and convertd's decimal beside them. Operators are declared here too, so the checker reads
/// every signature from one place, though the planner evaluates the hottest ones (and the
/// logical ones, whose error absorption no strict body can express) with code of its own.
enum CELStandardFunctions {
    static let all: [CELFunction] = operators + comparisons + conversions + strings + time

    static let a = CELType.parameter("A")
    static let b = CELType.parameter("B")
    static let listA = CELType.list(a)
    static let mapAB = CELType.map(key: a, value: b)

    static let operators: [CELFunction] = [
        CELFunction("_+_", .global, arity: 2, overloads: [
            .init("add_int64", [.int, .int], .int),
            .init("add_uint64", [.uint, .uint], .uint),
            .init("add_double", [.double, .double], .double),
            .init("add_string", [.string, .string], .string),
            .init("add_bytes", [.bytes, .bytes], .bytes),
            .init("add_list", [listA, listA], listA),
            .init("add_timestamp_duration", [.timestamp, .duration], .timestamp),
            .init("add_duration_timestamp", [.duration, .timestamp], .timestamp),
            .init("add_duration_duration", [.duration, .duration], .duration),
        ] + decimalOverloads("add"), body: .binary(CELArithmetic.add)),
        CELFunction("_-_", .global, arity: 2, overloads: [
            .init("subtract_int64", [.int, .int], .int),
            .init("subtract_uint64", [.uint, .uint], .uint),
            .init("subtract_double", [.double, .double], .double),
            .init("subtract_timestamp_timestamp", [.timestamp, .timestamp], .duration),
            .init("subtract_timestamp_duration", [.timestamp, .duration], .timestamp),
            .init("subtract_duration_duration", [.duration, .duration], .duration),
        ] + decimalOverloads("subtract"), body: .binary(CELArithmetic.subtract)),
        CELFunction("_*_", .global, arity: 2, overloads: [
            .init("multiply_int64", [.int, .int], .int),
            .init("multiply_uint64", [.uint, .uint], .uint),
            .init("multiply_double", [.double, .double], .double),
        ] + decimalOverloads("multiply"), body: .binary(CELArithmetic.multiply)),
        CELFunction("_/_", .global, arity: 2, overloads: [
            .init("divide_int64", [.int, .int], .int),
            .init("divide_uint64", [.uint, .uint], .uint),
            .init("divide_double", [.double, .double], .double),
        ] + decimalOverloads("divide"), body: .binary(CELArithmetic.divide)),
        CELFunction("_%_", .global, arity: 2, overloads: [
            .init("modulo_int64", [.int, .int], .int),
            .init("modulo_uint64", [.uint, .uint], .uint),
        ], body: .binary(CELArithmetic.modulo)),
        CELFunction("-_", .global, arity: 1, overloads: [
            .init("negate_int64", [.int], .int),
            .init("negate_double", [.double], .double),
            .init("negate_decimal", [.decimal], .decimal),
        ], body: .unary(CELArithmetic.negate)),
        CELFunction("!_", .global, arity: 1, overloads: [.init("logical_not", [.bool], .bool)],
                    body: .unary(CELLogic.not)),
        CELFunction("_&&_", .global, arity: 2, overloads: [.init("logical_and", [.bool, .bool], .bool)],
                    body: .binary(CELLogic.and)),
        CELFunction("_||_", .global, arity: 2, overloads: [.init("logical_or", [.bool, .bool], .bool)],
                    body: .binary(CELLogic.or)),
        CELFunction("_?_:_", .global, arity: 3, overloads: [.init("conditional", [.bool, a, a], a)],
                    body: .ternary(CELLogic.conditional)),
        CELFunction("@not_strictly_false", .global, arity: 1,
                    overloads: [.init("not_strictly_false", [.bool], .bool)],
                    body: .unary { value in .bool(CELLogic.isNotFalse(value)) }),
        CELFunction("_[_]", .global, arity: 2, overloads: [
            .init("index_list", [listA, .int], a),
            .init("index_map", [mapAB, a], b),
        ], body: .binary(CELAccess.index)),
        CELFunction("@in", .global, arity: 2, overloads: [
            .init("in_list", [a, listA], .bool),
            .init("in_map", [a, mapAB], .bool),
        ], body: .binary { element, container throws(CELError) in .bool(try CELAccess.contains(container, element)) }),
        CELFunction("cel.@mapInsert", .global, arity: 3,
                    overloads: [.init("cel_map_insert_key_value", [mapAB, a, b], mapAB)],
                    body: .ternary(mapInsert)),
        CELFunction("cel.@mapInsert", .global, arity: 2,
                    overloads: [.init("cel_map_insert_map", [mapAB, mapAB], mapAB)],
                    body: .binary(mapMerge)),
    ]

    /// Decimal with decimal, and with an int or a uint on either side: exact either way.
    static func decimalOverloads(_ operation: String) -> [CELFunction.Overload] {
        [
            .init("\(operation)_decimal", [.decimal, .decimal], .decimal),
            .init("\(operation)_decimal_int64", [.decimal, .int], .decimal),
            .init("\(operation)_int64_decimal", [.int, .decimal], .decimal),
            .init("\(operation)_decimal_uint64", [.decimal, .uint], .decimal),
            .init("\(operation)_uint64_decimal", [.uint, .decimal], .decimal),
        ]
    }

    /// `cel.@mapInsert(map, key, value)`, `transformMap`'s step: a new key or an error.
    static func mapInsert(_ map: CELValue, _ key: CELValue, _ value: CELValue) throws(CELError) -> CELValue {
        guard case .map(var entries) = map else {
            throw CELError(.noSuchOverload, "no such overload: cel.@mapInsert(\(map.typeName), …)")
        }
        try entries.insert(key, value)
        return .map(entries)
    }

    /// `cel.@mapInsert(map, other)`: every entry of `other` added, each a new key.
    static func mapMerge(_ map: CELValue, _ other: CELValue) throws(CELError) -> CELValue {
        guard case .map(var entries) = map, case .map(let added) = other else {
            throw CELError(.noSuchOverload, "no such overload: cel.@mapInsert(\(map.typeName), \(other.typeName))")
        }
        for (key, value) in added.entries { try entries.insert(key, value) }
        return .map(entries)
    }
}
