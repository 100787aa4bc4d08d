/// The math extension's bitwise functions over ints (two's complement) and uints. Shifts move
/// bits out (a shift by 64 or more gives 0); a right shift of an int is logical, filling with
/// zeros as cel-go does; a negative shift is an error.
extension CELMathExtension {
    static let bitwise: [CELFunction] = [
        bitPair("math.bitAnd", "math_bitAnd", { $0 & $1 }, { $0 & $1 }),
        bitPair("math.bitOr", "math_bitOr", { $0 | $1 }, { $0 | $1 }),
        bitPair("math.bitXor", "math_bitXor", { $0 ^ $1 }, { $0 ^ $1 }),
        CELFunction("math.bitNot", .global, arity: 1, overloads: [
            .init("math_bitNot_int_int", [.int], .int),
            .init("math_bitNot_uint_uint", [.uint], .uint),
        ], body: .unary(bitNot)),
        CELFunction("math.bitShiftLeft", .global, arity: 2, overloads: [
            .init("math_bitShiftLeft_int_int", [.int, .int], .int),
            .init("math_bitShiftLeft_uint_int", [.uint, .int], .uint),
        ], body: .binary(bitShiftLeft)),
        CELFunction("math.bitShiftRight", .global, arity: 2, overloads: [
            .init("math_bitShiftRight_int_int", [.int, .int], .int),
            .init("math_bitShiftRight_uint_int", [.uint, .int], .uint),
        ], body: .binary(bitShiftRight)),
    ]

    static func bitNot(_ value: CELValue) throws(CELError) -> CELValue {
        switch value {
        case .int(let bits): return .int(~bits)
        case .uint(let bits): return .uint(~bits)
        default: throw CELError(.noSuchOverload, "no such overload: math.bitNot")
        }
    }

    static func bitShiftLeft(_ value: CELValue, _ shift: CELValue) throws(CELError) -> CELValue {
        let (bits, distance) = try shiftOperands(value, shift, function: "math.bitShiftLeft")
        let shifted = distance >= 64 ? 0 : bits << UInt64(distance)
        if case .int = value { return .int(Int64(bitPattern: shifted)) }
        return .uint(shifted)
    }

    static func bitShiftRight(_ value: CELValue, _ shift: CELValue) throws(CELError) -> CELValue {
        let (bits, distance) = try shiftOperands(value, shift, function: "math.bitShiftRight")
        let shifted = distance >= 64 ? 0 : bits >> UInt64(distance)
        if case .int = value { return .int(Int64(bitPattern: shifted)) }
        return .uint(shifted)
    }

    /// The value's bits and the shift distance, checked.
    private static func shiftOperands(_ value: CELValue, _ shift: CELValue,
                                      function: String) throws(CELError) -> (UInt64, Int64) {
        let bits: UInt64
        switch value {
        case .int(let number): bits = UInt64(bitPattern: number)
        case .uint(let number): bits = number
        default: throw CELError(.noSuchOverload, "no such overload: \(function)")
        }
        guard case .int(let distance) = shift else { throw CELError(.noSuchOverload, "no such overload: \(function)") }
        guard distance >= 0 else { throw CELError(.invalidArgument, "\(function)() negative offset: \(distance)") }
        return (bits, distance)
    }

    /// A function of two ints or two uints.
    private static func bitPair(_ name: String, _ id: String,
                                _ ints: @escaping @Sendable (Int64, Int64) -> Int64,
                                _ uints: @escaping @Sendable (UInt64, UInt64) -> UInt64) -> CELFunction {
        CELFunction(name, .global, arity: 2, overloads: [
            .init("\(id)_int_int", [.int, .int], .int),
            .init("\(id)_uint_uint", [.uint, .uint], .uint),
        ], body: .binary { a, b throws(CELError) in
            switch (a, b) {
            case (.int(let x), .int(let y)): return .int(ints(x, y))
            case (.uint(let x), .uint(let y)): return .uint(uints(x, y))
            default: throw CELError(.noSuchOverload, "no such overload: \(name)")
            }
        })
    }
}
