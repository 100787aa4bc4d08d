/// Signatures the checker adds to the library's. The functions only macros call
/// (`@not_strictly_false` in `all`, `cel.@mapInsert` in `transformMap`), for when the library
/// does not declare them: the checker must type every expansion the parser makes. And `==`,
/// `!=` between a decimal and another number: the evaluator compares them exactly
/// (`CELValue.celEquals`), as it orders them, but the library declares equality as `(A, A)`,
/// which would refuse `self.price == 0`.
enum CELCheckerIntrinsics {
    /// The library's own overloads of `name` called this way, else the checker's fallback.
    static func overloads(_ name: String, _ style: CELFunction.Style, arity: Int,
                          in library: CELLibrary) -> [CELFunction.Overload]? {
        let key = CELFunction.Key(name: name, style: style, arity: arity)
        let declared = library.function(name, style, arity: arity)?.overloads ?? fallbacks[key]
        guard let added = additions[key] else { return declared }
        return (declared ?? []) + added
    }

    private static let key = CELType.parameter("K"), value = CELType.parameter("V")

    private static let fallbacks: [CELFunction.Key: [CELFunction.Overload]] = [
        CELFunction.Key(name: "@not_strictly_false", style: .global, arity: 1): [
            .init("not_strictly_false", [.bool], .bool),
        ],
        CELFunction.Key(name: "cel.@mapInsert", style: .global, arity: 3): [
            .init("cel_map_insert_key_value", [.map(key: key, value: value), key, value], .map(key: key, value: value)),
        ],
        CELFunction.Key(name: "cel.@mapInsert", style: .global, arity: 2): [
            .init("cel_map_insert_map", [.map(key: key, value: value), .map(key: key, value: value)], .map(key: key, value: value)),
        ],
    ]

    private static let additions: [CELFunction.Key: [CELFunction.Overload]] = [
        CELFunction.Key(name: "_==_", style: .global, arity: 2): decimalEquality("equals"),
        CELFunction.Key(name: "_!=_", style: .global, arity: 2): decimalEquality("not_equals"),
    ]

    private static func decimalEquality(_ id: String) -> [CELFunction.Overload] {
        [("int64", CELType.int), ("uint64", .uint), ("double", .double)].flatMap { name, number in
            [CELFunction.Overload("\(id)_decimal_\(name)", [.decimal, number], .bool),
             CELFunction.Overload("\(id)_\(name)_decimal", [number, .decimal], .bool)]
        }
    }
}
