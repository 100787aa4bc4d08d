/// CEL's math extension (cel-go's `ext.Math`, conformance file `math_ext.json`), as global
/// functions named `math.…`: the evaluator resolves `math.abs(x)` to the global `math.abs`.
enum CELMathExtension {
    static let all: [CELFunction] = extremes(name: "math.greatest", id: "math_@max", greatest: true)
        + extremes(name: "math.least", id: "math_@min", greatest: false)
        + [
            rounding("math.ceil", "math_ceil", .up),
            rounding("math.floor", "math_floor", .down),
            rounding("math.round", "math_round", .halfAwayFromZero),
            rounding("math.trunc", "math_trunc", .towardZero),
            doubleTest("math.isNaN", "math_isNaN_double") { $0.isNaN },
            doubleTest("math.isInf", "math_isInf_double") { $0.isInfinite },
            doubleTest("math.isFinite", "math_isFinite_double") { $0.isFinite },
            CELFunction("math.abs", .global, arity: 1, overloads: [
                .init("math_abs_double", [.double], .double),
                .init("math_abs_int", [.int], .int),
                .init("math_abs_uint", [.uint], .uint),
                .init("math_abs_decimal", [.decimal], .decimal),
            ], body: .unary(abs)),
            CELFunction("math.sign", .global, arity: 1, overloads: [
                .init("math_sign_double", [.double], .double),
                .init("math_sign_int", [.int], .int),
                .init("math_sign_uint", [.uint], .uint),
                .init("math_sign_decimal", [.decimal], .decimal),
            ], body: .unary(sign)),
        ]
        + CELMathExtension.bitwise

    /// `math.abs(x)`: `|x|`; `-2⁶³` has no int magnitude and overflows.
    static func abs(_ value: CELValue) throws(CELError) -> CELValue {
        switch value {
        case .double(let number): return .double(number.magnitude)
        case .uint: return value
        case .decimal(let number): return CELDecimal.compare(number, zero) < 0 ? .decimal(number.negated()) : value
        case .int(let number):
            guard number != .min else { throw CELError(.overflow, "integer overflow") }
            return .int(Swift.abs(number))
        default: throw CELError(.noSuchOverload, "no such overload: math.abs")
        }
    }

    /// `math.sign(x)`: -1, 0 or 1 in `x`'s kind; NaN for NaN.
    static func sign(_ value: CELValue) throws(CELError) -> CELValue {
        switch value {
        case .double(let number): return .double(number.isNaN ? number : (number > 0 ? 1 : (number < 0 ? -1 : 0)))
        case .int(let number): return .int(number.signum())
        case .uint(let number): return .uint(number == 0 ? 0 : 1)
        case .decimal(let number): return .decimal(CELDecimal(Int64(CELDecimal.compare(number, zero))))
        default: throw CELError(.noSuchOverload, "no such overload: math.sign")
        }
    }

    private static let zero = CELDecimal(0 as Int64)

    /// A rounding to an integral value, of a double or, exactly, of a decimal (convertd's
    /// addition to the extension: `math.round(price)` stays a decimal).
    private static func rounding(_ name: String, _ id: String, _ mode: CELDecimalDigits.Rounding) -> CELFunction {
        let doubleRule: FloatingPointRoundingRule = switch mode {
        case .up: .up
        case .down: .down
        case .halfAwayFromZero: .toNearestOrAwayFromZero
        case .towardZero: .towardZero
        case .halfEven: .toNearestOrEven
        }
        return CELFunction(name, .global, arity: 1, overloads: [
            .init("\(id)_double", [.double], .double),
            .init("\(id)_decimal", [.decimal], .decimal),
        ], body: .unary { value throws(CELError) in
            switch value {
            case .double(let number): return .double(number.rounded(doubleRule))
            case .decimal(let number): return .decimal(integral(number, mode))
            default: throw CELError(.noSuchOverload, "no such overload: \(name)")
            }
        })
    }

    /// `number` rounded to an integer by `mode`, from its digits.
    private static func integral(_ number: CELDecimal, _ mode: CELDecimalDigits.Rounding) -> CELDecimal {
        guard var digits = CELDecimalDigits(number.description), digits.hasFraction else { return number }
        digits.round(fractionDigits: 0, mode)
        return CELDecimal(digits.plain(fractionDigits: 0)) ?? number
    }

    /// A test of one double.
    private static func doubleTest(_ name: String, _ id: String,
                                   _ test: @escaping @Sendable (Double) -> Bool) -> CELFunction {
        CELFunction(name, .global, arity: 1, overloads: [.init(id, [.double], .bool)], body: .unary { value throws(CELError) in
            guard case .double(let number) = value else { throw CELError(.noSuchOverload, "no such overload: \(name)") }
            return .bool(test(number))
        })
    }
}
