/// CEL's arithmetic operators over values: int and uint with overflow errors, double as IEEE
/// 754, decimal exactly (and with an int or uint, which it holds exactly), concatenation of
/// strings, bytes and lists, and timestamp and duration arithmetic within their ranges. Any
/// other pair of kinds has no overload: CEL never converts implicitly (`1 + 1u` is an error).
enum CELArithmetic {
    static func add(_ a: CELValue, _ b: CELValue) throws(CELError) -> CELValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            let (sum, overflow) = x.addingReportingOverflow(y)
            guard !overflow else { throw overflowError("+") }
            return .int(sum)
        case (.uint(let x), .uint(let y)):
            let (sum, overflow) = x.addingReportingOverflow(y)
            guard !overflow else { throw overflowError("+") }
            return .uint(sum)
        case (.double(let x), .double(let y)): return .double(x + y)
        case (.string(let x), .string(let y)): return .string(x + y)
        case (.bytes(let x), .bytes(let y)): return .bytes(x + y)
        case (.list(let x), .list(let y)): return .list(x + y)
        case (.timestamp(let t), .duration(let d)), (.duration(let d), .timestamp(let t)):
            return .timestamp(try CELTimeMath.add(t, d))
        case (.duration(let x), .duration(let y)): return .duration(try CELTimeMath.add(x, y))
        default:
            guard let (x, y) = decimals(a, b) else { throw noOverload("_+_", a, b) }
            return .decimal(try x.adding(y))
        }
    }

    static func subtract(_ a: CELValue, _ b: CELValue) throws(CELError) -> CELValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            let (difference, overflow) = x.subtractingReportingOverflow(y)
            guard !overflow else { throw overflowError("-") }
            return .int(difference)
        case (.uint(let x), .uint(let y)):
            let (difference, overflow) = x.subtractingReportingOverflow(y)
            guard !overflow else { throw overflowError("-") }
            return .uint(difference)
        case (.double(let x), .double(let y)): return .double(x - y)
        case (.timestamp(let x), .timestamp(let y)): return .duration(try CELTimeMath.difference(x, y))
        case (.timestamp(let t), .duration(let d)): return .timestamp(try CELTimeMath.subtract(t, d))
        case (.duration(let x), .duration(let y)): return .duration(try CELTimeMath.subtract(x, y))
        default:
            guard let (x, y) = decimals(a, b) else { throw noOverload("_-_", a, b) }
            return .decimal(try x.subtracting(y))
        }
    }

    static func multiply(_ a: CELValue, _ b: CELValue) throws(CELError) -> CELValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            let (product, overflow) = x.multipliedReportingOverflow(by: y)
            guard !overflow else { throw overflowError("*") }
            return .int(product)
        case (.uint(let x), .uint(let y)):
            let (product, overflow) = x.multipliedReportingOverflow(by: y)
            guard !overflow else { throw overflowError("*") }
            return .uint(product)
        case (.double(let x), .double(let y)): return .double(x * y)
        default:
            guard let (x, y) = decimals(a, b) else { throw noOverload("_*_", a, b) }
            return .decimal(try x.multiplied(by: y))
        }
    }

    static func divide(_ a: CELValue, _ b: CELValue) throws(CELError) -> CELValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            guard y != 0 else { throw CELError(.divisionByZero, "division by zero") }
            let (quotient, overflow) = x.dividedReportingOverflow(by: y)
            guard !overflow else { throw overflowError("/") }
            return .int(quotient)
        case (.uint(let x), .uint(let y)):
            guard y != 0 else { throw CELError(.divisionByZero, "division by zero") }
            return .uint(x / y)
        case (.double(let x), .double(let y)): return .double(x / y)
        default:
            guard let (x, y) = decimals(a, b) else { throw noOverload("_/_", a, b) }
            return .decimal(try x.divided(by: y))
        }
    }

    static func modulo(_ a: CELValue, _ b: CELValue) throws(CELError) -> CELValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            guard y != 0 else { throw CELError(.divisionByZero, "modulus by zero") }
            let (remainder, overflow) = x.remainderReportingOverflow(dividingBy: y)
            guard !overflow else { throw overflowError("%") }
            return .int(remainder)
        case (.uint(let x), .uint(let y)):
            guard y != 0 else { throw CELError(.divisionByZero, "modulus by zero") }
            return .uint(x % y)
        default:
            throw noOverload("_%_", a, b)
        }
    }

    static func negate(_ a: CELValue) throws(CELError) -> CELValue {
        switch a {
        case .int(let x):
            guard x != .min else { throw overflowError("-") }
            return .int(-x)
        case .double(let x): return .double(-x)
        case .decimal(let x): return .decimal(x.negated())
        default: throw CELError(.noSuchOverload, "no such overload: -\(a.typeName)")
        }
    }

    /// Two decimals, when one operand is a decimal and the other a decimal, an int or a uint.
    @inline(__always)
    static func decimals(_ a: CELValue, _ b: CELValue) -> (CELDecimal, CELDecimal)? {
        switch (a, b) {
        case (.decimal(let x), .decimal(let y)): return (x, y)
        case (.decimal(let x), .int(let y)): return (x, CELDecimal(y))
        case (.decimal(let x), .uint(let y)): return (x, CELDecimal(y))
        case (.int(let x), .decimal(let y)): return (CELDecimal(x), y)
        case (.uint(let x), .decimal(let y)): return (CELDecimal(x), y)
        default: return nil
        }
    }

    static func overflowError(_ operation: String) -> CELError {
        CELError(.overflow, "integer overflow in \(operation)")
    }

    static func noOverload(_ function: String, _ a: CELValue, _ b: CELValue) -> CELError {
        CELError(.noSuchOverload, "no such overload: \(function)(\(a.typeName), \(b.typeName))")
    }
}
