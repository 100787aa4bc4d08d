extension CELStandardFunctions {
    static let comparisons: [CELFunction] = [
        CELFunction("_==_", .global, arity: 2, overloads: [.init("equals", [a, a], .bool)],
                    body: .binary { x, y in .bool(CELValue.celEquals(x, y)) }),
        CELFunction("_!=_", .global, arity: 2, overloads: [.init("not_equals", [a, a], .bool)],
                    body: .binary { x, y in .bool(!CELValue.celEquals(x, y)) }),
        ordering("_<_", "less", .less),
        ordering("_<=_", "less_equals", .lessOrEqual),
        ordering("_>_", "greater", .greater),
        ordering("_>=_", "greater_equals", .greaterOrEqual),
    ]

    /// The kinds CEL orders, and the mixed numeric pairs it orders at run time (cel-go declares
    /// those too, so `1 < 1.5` type-checks).
    private static let orderedPairs: [(String, CELType, CELType)] = [
        ("bool", .bool, .bool), ("int64", .int, .int), ("uint64", .uint, .uint), ("double", .double, .double),
        ("string", .string, .string), ("bytes", .bytes, .bytes),
        ("timestamp", .timestamp, .timestamp), ("duration", .duration, .duration),
        ("int64_uint64", .int, .uint), ("int64_double", .int, .double), ("uint64_int64", .uint, .int),
        ("uint64_double", .uint, .double), ("double_int64", .double, .int), ("double_uint64", .double, .uint),
        ("decimal", .decimal, .decimal), ("decimal_int64", .decimal, .int), ("int64_decimal", .int, .decimal),
        ("decimal_uint64", .decimal, .uint), ("uint64_decimal", .uint, .decimal),
        ("decimal_double", .decimal, .double), ("double_decimal", .double, .decimal),
    ]

    private static func ordering(_ name: String, _ prefix: String, _ relation: CELRelation) -> CELFunction {
        CELFunction(name, .global, arity: 2,
                    overloads: orderedPairs.map { suffix, left, right in .init("\(prefix)_\(suffix)", [left, right], .bool) },
                    body: .binary { x, y throws(CELError) in .bool(try relation.holds(x, y)) })
    }
}
