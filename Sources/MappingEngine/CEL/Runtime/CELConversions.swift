/// CEL's type conversions (`int(x)`, `string(x)`, `timestamp(x)`…) with cel-go's exact rules,
/// and convertd's `decimal(x)`. A value out of the target's range is an `overflow` error, text
/// that does not parse an `invalid_argument` one, a kind with no conversion `no_such_overload`.
enum CELConversions {
    static func int(_ value: CELValue) throws(CELError) -> CELValue {
        switch value {
        case .int: return value
        case .uint(let x):
            guard x <= UInt64(Int64.max) else { throw range("int", value) }
            return .int(Int64(x))
        case .double(let x):
            // cel-go: strictly inside (minInt, maxInt) as doubles, truncated toward zero.
            guard x > -0x1p63, x < 0x1p63 else { throw range("int", value) }
            return .int(Int64(x))
        case .string(let text):
            guard let x = Int64(text) else { throw invalid("int", text) }
            return .int(x)
        case .timestamp(let t): return .int(t.seconds)
        case .decimal(let x):
            guard let (negative, magnitude) = x.truncatedMagnitude,
                  magnitude <= (negative ? UInt128(Int64.max) + 1 : UInt128(Int64.max))
            else { throw range("int", value) }
            return .int(negative ? Int64(truncatingIfNeeded: 0 &- UInt64(magnitude)) : Int64(magnitude))
        default: throw noOverload("int", value)
        }
    }

    static func uint(_ value: CELValue) throws(CELError) -> CELValue {
        switch value {
        case .uint: return value
        case .int(let x):
            guard x >= 0 else { throw range("uint", value) }
            return .uint(UInt64(x))
        case .double(let x):
            guard x > -1, x < 0x1p64, !(x < 0) else { throw range("uint", value) }
            return .uint(UInt64(x))
        case .string(let text):
            guard !text.hasPrefix("+"), let x = UInt64(text) else { throw invalid("uint", text) }
            return .uint(x)
        case .decimal(let x):
            guard let (negative, magnitude) = x.truncatedMagnitude, !negative || magnitude == 0,
                  magnitude <= UInt128(UInt64.max)
            else { throw range("uint", value) }
            return .uint(UInt64(magnitude))
        default: throw noOverload("uint", value)
        }
    }

    static func double(_ value: CELValue) throws(CELError) -> CELValue {
        switch value {
        case .double: return value
        case .int(let x): return .double(Double(x))
        case .uint(let x): return .double(Double(x))
        case .string(let text):
            guard let x = Double(text) else { throw invalid("double", text) }
            return .double(x)
        case .decimal(let x):
            // Swift's text-to-double conversion rounds correctly; the decimal's text is exact.
            return .double(Double(x.description) ?? x.estimate)
        default: throw noOverload("double", value)
        }
    }

    static func string(_ value: CELValue) throws(CELError) -> CELValue {
        switch value {
        case .string: return value
        case .bool(let x): return .string(x ? "true" : "false")
        case .int(let x): return .string(String(x))
        case .uint(let x): return .string(String(x))
        case .double(let x): return .string(CELDoubleText.string(x))
        case .bytes(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw CELError(.invalidArgument, "invalid UTF-8 in bytes converted to string")
            }
            return .string(text)
        case .timestamp(let t): return .string(CELTimeText.string(t))
        case .duration(let d): return .string(CELTimeText.string(d))
        case .decimal(let x): return .string(x.description)
        case .type(let name): return .string(name)
        default: throw noOverload("string", value)
        }
    }

    static func bytes(_ value: CELValue) throws(CELError) -> CELValue {
        switch value {
        case .bytes: return value
        case .string(let text): return .bytes(Array(text.utf8))
        default: throw noOverload("bytes", value)
        }
    }

    static func bool(_ value: CELValue) throws(CELError) -> CELValue {
        switch value {
        case .bool: return value
        case .string(let text):
            // Go's strconv.ParseBool.
            switch text {
            case "1", "t", "T", "true", "TRUE", "True": return .bool(true)
            case "0", "f", "F", "false", "FALSE", "False": return .bool(false)
            default: throw invalid("bool", text)
            }
        default: throw noOverload("bool", value)
        }
    }

    static func timestamp(_ value: CELValue) throws(CELError) -> CELValue {
        switch value {
        case .timestamp: return value
        case .string(let text): return .timestamp(try CELTimeText.timestamp(text))
        case .int(let seconds): return .timestamp(try CELTimeMath.timestamp(seconds: seconds, nanos: 0))
        default: throw noOverload("timestamp", value)
        }
    }

    static func duration(_ value: CELValue) throws(CELError) -> CELValue {
        switch value {
        case .duration: return value
        case .string(let text): return .duration(try CELTimeText.duration(text))
        default: throw noOverload("duration", value)
        }
    }

    /// convertd's `decimal(x)`: exact from an int, a uint or decimal text; from a double, the
    /// shortest decimal that reads back as it (`decimal(0.1)` is `0.1`, not the double's
    /// binary expansion).
    static func decimal(_ value: CELValue) throws(CELError) -> CELValue {
        switch value {
        case .decimal: return value
        case .int(let x): return .decimal(CELDecimal(x))
        case .uint(let x): return .decimal(CELDecimal(x))
        case .double(let x):
            guard x.isFinite, let decimal = CELDecimal(x.description) else {
                throw CELError(.invalidArgument, "decimal(\(CELDoubleText.string(x))): not a finite number")
            }
            return .decimal(decimal)
        case .string(let text):
            guard let decimal = CELDecimal(text) else { throw invalid("decimal", text) }
            return .decimal(decimal)
        default: throw noOverload("decimal", value)
        }
    }

    static func type(_ value: CELValue) -> CELValue {
        .type(value.typeName)
    }

    private static func range(_ function: String, _ value: CELValue) -> CELError {
        CELError(.overflow, "\(function)() argument out of range")
    }

    private static func invalid(_ function: String, _ text: String) -> CELError {
        CELError(.invalidArgument, "\(function)('\(text)'): not a valid \(function)")
    }

    private static func noOverload(_ function: String, _ value: CELValue) -> CELError {
        CELError(.noSuchOverload, "no such overload: \(function)(\(value.typeName))")
    }
}
