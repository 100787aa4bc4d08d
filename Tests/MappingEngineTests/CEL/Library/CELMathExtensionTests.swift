import CEL
import Testing

/// The math extension's functions, called directly as the globals `math.…` they are.
@Suite struct CELMathExtensionTests {
    static func math(_ name: String, _ arguments: CELValue..., is expected: String) -> LibraryCase {
        let shown = arguments.map(CELTestSupport.render).joined(separator: ", ")
        return LibraryCase(expression: "math.\(name)(\(shown))", function: "math.\(name)", style: .global,
                           arguments: arguments, expected: expected)
    }

    static let extremes: [LibraryCase] = [
        math("greatest", .int(-5), is: "-5"),
        math("greatest", .uint(5), is: "5u"),
        math("greatest", .double(-5.5), is: "-5.5"),
        math("greatest", .int(3), .int(-3), is: "3"),
        math("greatest", .int(-7), .int(5), is: "5"),
        math("greatest", .int(-9_223_372_036_854_775_808), .int(1), is: "1"),
        math("greatest", .int(1), .double(1.0), is: "1"),
        math("greatest", .double(1.0), .int(1), is: "1.0"),
        math("greatest", .uint(1), .int(1), is: "1u"),
        math("greatest", .uint(5), .int(-7), is: "5u"),
        math("greatest", .int(-3), .uint(3), is: "3u"),
        math("greatest", .double(1.797693e308), .int(1), is: "1.797693e+308"),
        math("greatest", .int(1), .double(1.5), is: "1.5"),
        // As `<` compares them (cel-go: the integer as a double), these are ties: the first wins.
        math("greatest", .int(9_223_372_036_854_775_807), .double(0x1p63), is: "9223372036854775807"),
        math("greatest", .double(0x1p64), .uint(18_446_744_073_709_551_615), is: "1.8446744073709552e+19"),
        math("greatest", .int(9_007_199_254_740_993), .double(9_007_199_254_740_992), is: "9007199254740993"),
        math("greatest", .uint(18_446_744_073_709_551_615), .int(1), .uint(5), is: "18446744073709551615u"),
        math("greatest", .double(5.4), .int(10), .uint(3), .double(-5.0), .int(9_223_372_036_854_775_807), is: "9223372036854775807"),
        math("greatest", .double(5.4), .int(10), .uint(3), .double(-5.0), .uint(18_446_744_073_709_551_615),
             is: "18446744073709551615u"),
        math("greatest", .int(1), .int(2), .int(3), .int(4), .int(5), .int(6), .int(7), .int(8), is: "8"),
        math("greatest", .list([.double(5.4), .double(10.5), .uint(3), .double(-5.0), .double(3.5)]), is: "10.5"),
        math("greatest", .list([.double(5.4), .uint(10), .uint(3), .double(-5.0), .double(3.5)]), is: "10u"),
        math("greatest", .list([.int(7)]), is: "7"),
        math("greatest", .int(1), .double(.nan), .int(3), is: "nan"),
        math("least", .int(-5), is: "-5"),
        math("least", .int(5), .int(-7), is: "-7"),
        math("least", .int(1), .double(1.0), is: "1"),
        math("least", .int(1), .uint(1), is: "1"),
        math("least", .uint(1), .double(1.0), is: "1u"),
        math("least", .int(9_223_372_036_854_775_807), .int(1), is: "1"),
        math("least", .int(-9_223_372_036_854_775_808), .int(-1), .int(-5), is: "-9223372036854775808"),
        math("least", .double(-1.797693e308), .double(1.5), is: "-1.797693e+308"),
        math("least", .double(-0.5), .int(0), is: "-0.5"),
        math("least", .int(-1), .uint(0), is: "-1"),
        math("least", .double(5.4), .int(10), .uint(3), .double(-5.0), .int(9_223_372_036_854_775_807), is: "-5.0"),
        math("least", .list([.double(5.4), .uint(10), .uint(3), .uint(1), .double(3.5)]), is: "1u"),
    ]

    /// convertd's decimals, exact: compared by value with every other kind, rounded by their digits.
    static let decimals: [LibraryCase] = [
        math("greatest", decimal("0.1"), .double(0.1), is: "0.1"),
        math("greatest", decimal("2.50"), .int(2), .uint(1), is: "decimal(2.50)"),
        math("least", decimal("2.50"), decimal("2.5"), is: "decimal(2.50)"),
        math("least", .list([decimal("-1"), .int(-2), decimal("-1.5")]), is: "-2"),
        math("greatest", decimal("18446744073709551616"), .uint(18_446_744_073_709_551_615), is: "decimal(18446744073709551616)"),
        math("abs", decimal("-12.50"), is: "decimal(12.50)"),
        math("abs", decimal("3"), is: "decimal(3)"),
        math("sign", decimal("-0.001"), is: "decimal(-1)"),
        math("sign", decimal("0.00"), is: "decimal(0)"),
        math("round", decimal("2.5"), is: "decimal(3)"),
        math("round", decimal("-2.5"), is: "decimal(-3)"),
        math("round", decimal("2.49999999999999999999"), is: "decimal(2)"),
        math("ceil", decimal("-1.2"), is: "decimal(-1)"),
        math("ceil", decimal("0.001"), is: "decimal(1)"),
        math("floor", decimal("-0.001"), is: "decimal(-1)"),
        math("floor", decimal("9.99"), is: "decimal(9)"),
        math("trunc", decimal("-9.99"), is: "decimal(-9)"),
        math("trunc", decimal("1200"), is: "decimal(1200)"),
        math("isNaN", decimal("1"), is: "error(no_such_overload)"),
    ]

    static func decimal(_ text: String) -> CELValue {
        CELDecimal(text).map(CELValue.decimal) ?? .null
    }

    static let extremeErrors: [LibraryCase] = [
        math("greatest", .list([]), is: "error(invalid_argument)"),
        math("least", .list([]), is: "error(invalid_argument)"),
        math("greatest", .string("a"), is: "error(no_such_overload)"),
        math("greatest", .list([.string("a")]), is: "error(no_such_overload)"),
        math("greatest", .list([.int(1), .string("a")]), is: "error(no_such_overload)"),
        math("least", .int(1), .bool(true), is: "error(no_such_overload)"),
        math("least", .int(1), .int(2), .null, is: "error(no_such_overload)"),
        math("greatest", .int(1), .int(2), .int(3), .list([]), is: "error(no_such_overload)"),
    ]

    static let scalars: [LibraryCase] = [
        math("ceil", .double(-1.2), is: "-1.0"),
        math("ceil", .double(1.2), is: "2.0"),
        math("floor", .double(-1.2), is: "-2.0"),
        math("floor", .double(1.2), is: "1.0"),
        math("round", .double(-1.6), is: "-2.0"),
        math("round", .double(-1.4), is: "-1.0"),
        math("round", .double(-1.5), is: "-2.0"),
        math("round", .double(1.5), is: "2.0"),
        math("round", .double(2.5), is: "3.0"),
        math("round", .double(.nan), is: "nan"),
        math("trunc", .double(-1.2), is: "-1.0"),
        math("trunc", .double(1.9), is: "1.0"),
        math("trunc", .double(.infinity), is: "inf"),
        math("abs", .uint(1), is: "1u"),
        math("abs", .int(-11), is: "11"),
        math("abs", .int(9_223_372_036_854_775_807), is: "9223372036854775807"),
        math("abs", .double(-11.5), is: "11.5"),
        math("abs", .double(-.infinity), is: "inf"),
        math("sign", .uint(100), is: "1u"),
        math("sign", .uint(0), is: "0u"),
        math("sign", .int(-11), is: "-1"),
        math("sign", .int(0), is: "0"),
        math("sign", .double(100.5), is: "1.0"),
        math("sign", .double(-32.0), is: "-1.0"),
        math("sign", .double(0.0), is: "0.0"),
        math("sign", .double(.nan), is: "nan"),
        math("isNaN", .double(.nan), is: "true"),
        math("isNaN", .double(.infinity), is: "false"),
        math("isInf", .double(-.infinity), is: "true"),
        math("isInf", .double(.nan), is: "false"),
        math("isFinite", .double(1.0 / 1.5), is: "true"),
        math("isFinite", .double(.nan), is: "false"),
        math("isFinite", .double(.infinity), is: "false"),
    ]

    static let scalarErrors: [LibraryCase] = [
        math("abs", .int(-9_223_372_036_854_775_808), is: "error(overflow)"),
        math("ceil", .int(1), is: "error(no_such_overload)"),
        math("floor", .int(1), is: "error(no_such_overload)"),
        math("round", .int(1), is: "error(no_such_overload)"),
        math("trunc", .uint(1), is: "error(no_such_overload)"),
        math("sign", .bool(true), is: "error(no_such_overload)"),
        math("abs", .string("1"), is: "error(no_such_overload)"),
        math("isNaN", .bool(true), is: "error(no_such_overload)"),
        math("isInf", .int(1), is: "error(no_such_overload)"),
        math("isFinite", .null, is: "error(no_such_overload)"),
    ]

    static let bitwise: [LibraryCase] = [
        math("bitAnd", .int(1), .int(2), is: "0"),
        math("bitAnd", .int(1), .int(-1), is: "1"),
        math("bitAnd", .uint(1), .uint(3), is: "1u"),
        math("bitOr", .int(4), .int(-2), is: "-2"),
        math("bitOr", .uint(1), .uint(4), is: "5u"),
        math("bitXor", .int(4), .int(-2), is: "-6"),
        math("bitXor", .uint(1), .uint(3), is: "2u"),
        math("bitNot", .int(1), is: "-2"),
        math("bitNot", .int(-1), is: "0"),
        math("bitNot", .uint(0), is: "18446744073709551615u"),
        math("bitShiftLeft", .int(1), .int(2), is: "4"),
        math("bitShiftLeft", .int(1), .int(63), is: "-9223372036854775808"),
        math("bitShiftLeft", .int(1), .int(64), is: "0"),
        math("bitShiftLeft", .int(-1), .int(200), is: "0"),
        math("bitShiftLeft", .uint(1), .int(2), is: "4u"),
        math("bitShiftLeft", .uint(1), .int(200), is: "0u"),
        math("bitShiftRight", .int(1_024), .int(2), is: "256"),
        math("bitShiftRight", .int(1_024), .int(64), is: "0"),
        math("bitShiftRight", .int(-1_024), .int(3), is: "2305843009213693824"),
        math("bitShiftRight", .int(-1_024), .int(64), is: "0"),
        math("bitShiftRight", .uint(1_024), .int(200), is: "0u"),
        math("bitShiftRight", .uint(1_024), .int(0), is: "1024u"),
    ]

    static let bitwiseErrors: [LibraryCase] = [
        math("bitShiftLeft", .uint(1), .int(-1), is: "error(invalid_argument)"),
        math("bitShiftRight", .int(1), .int(-1), is: "error(invalid_argument)"),
        math("bitShiftLeft", .double(4.3), .int(1), is: "error(no_such_overload)"),
        math("bitShiftRight", .bytes([1]), .int(1), is: "error(no_such_overload)"),
        math("bitShiftRight", .int(1), .uint(1), is: "error(no_such_overload)"),
        math("bitAnd", .uint(2), .string(""), is: "error(no_such_overload)"),
        math("bitAnd", .int(2), .uint(1), is: "error(no_such_overload)"),
        math("bitOr", .double(1.2), .int(1), is: "error(no_such_overload)"),
        math("bitXor", .list([]), .list([.int(1)]), is: "error(no_such_overload)"),
        math("bitNot", .string(""), is: "error(no_such_overload)"),
    ]

    @Test(arguments: extremes + extremeErrors)
    func greatestAndLeast(_ call: LibraryCase) {
        #expect(call.outcome() == call.expected)
    }

    @Test(arguments: decimals)
    func decimalsAreExact(_ call: LibraryCase) {
        #expect(call.outcome() == call.expected)
    }

    @Test(arguments: scalars + scalarErrors)
    func roundingSignsAndTests(_ call: LibraryCase) {
        #expect(call.outcome() == call.expected)
    }

    @Test(arguments: bitwise + bitwiseErrors)
    func bitwiseFunctions(_ call: LibraryCase) {
        #expect(call.outcome() == call.expected)
    }

    /// The checker's view of `math.greatest`: one kind gives that kind, a mixture `dyn`; one
    /// argument may be a list; past `typedArity` arguments, `dyn` throughout.
    @Test func greatestAndLeastAreTypedByTheirArguments() throws {
        for name in ["math.greatest", "math.least"] {
            let one = try #require(CELLibrary.standard.function(name, .global, arity: 1))
            #expect(one.overloads.map(\.parameters) == [[.int], [.uint], [.double], [.decimal],
                                                         [.list(.int)], [.list(.uint)], [.list(.double)], [.list(.decimal)]])
            #expect(one.overloads.map(\.result) == [.int, .uint, .double, .decimal, .int, .uint, .double, .decimal])
            let two = try #require(CELLibrary.standard.function(name, .global, arity: 2))
            #expect(two.overloads.count == 16)
            #expect(two.overloads.first { $0.parameters == [.int, .int] }?.result == .int)
            #expect(two.overloads.first { $0.parameters == [.int, .double] }?.result == .dyn)
            let three = try #require(CELLibrary.standard.function(name, .global, arity: 3))
            #expect(three.overloads.count == 64)
            #expect(three.overloads.first { $0.parameters == [.uint, .uint, .uint] }?.result == .uint)
            #expect(three.overloads.first { $0.parameters == [.uint, .double, .uint] }?.result == .dyn)
            let eight = try #require(CELLibrary.standard.function(name, .global, arity: 8))
            #expect(eight.overloads.map(\.result) == [.dyn])
            #expect(CELLibrary.standard.function(name, .global, arity: 9) == nil)
            #expect(CELLibrary.standard.function(name, .global, arity: 0) == nil)
        }
        let greatest = try #require(CELLibrary.standard.function("math.greatest", .global, arity: 2))
        #expect(greatest.overloads.first?.id == "math_@max_int_int")
    }

    @Test func overloadsCarryCelGoIds() throws {
        let expected: [(String, Int, [String])] = [
            ("math.ceil", 1, ["math_ceil_double", "math_ceil_decimal"]),
            ("math.abs", 1, ["math_abs_double", "math_abs_int", "math_abs_uint", "math_abs_decimal"]),
            ("math.sign", 1, ["math_sign_double", "math_sign_int", "math_sign_uint", "math_sign_decimal"]),
            ("math.isFinite", 1, ["math_isFinite_double"]),
            ("math.bitAnd", 2, ["math_bitAnd_int_int", "math_bitAnd_uint_uint"]),
            ("math.bitNot", 1, ["math_bitNot_int_int", "math_bitNot_uint_uint"]),
            ("math.bitShiftRight", 2, ["math_bitShiftRight_int_int", "math_bitShiftRight_uint_int"]),
        ]
        for (name, arity, ids) in expected {
            let function = try #require(CELLibrary.standard.function(name, .global, arity: arity), "\(name)")
            #expect(function.overloads.map(\.id) == ids)
        }
    }
}
