#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `string.format(list)` (strings.md): the template with each clause `%[.precision]verb`
/// replaced by the next argument in the verb's form, and `%%` by `%`. The verbs are `s` (any
/// value, as CEL writes it), `d` (base 10), `f` and `e` (fixed and scientific, default
/// precision 6), `b`, `o`, `x`, `X` (base 2, 8, 16). A clause without an argument, an unknown
/// verb or an argument its verb does not take is an error, as in cel-go.
enum CELStringFormat {
    static let defaultPrecision = 6
    /// The largest precision a clause may ask for: it bounds what one clause writes.
    static let maxPrecision = 100
    /// The most integer digits `%f` writes: a double has at most 309, a decimal as many as
    /// its exponent says.
    static let maxIntegerDigits = 1_000

    static func format(_ template: String, _ arguments: [CELValue]) throws(CELError) -> String {
        let bytes = template.utf8
        var result = ""
        result.reserveCapacity(bytes.count + 8 * arguments.count)
        var argument = 0
        var literalStart = bytes.startIndex
        var cursor = bytes.startIndex
        while cursor < bytes.endIndex {
            guard bytes[cursor] == UInt8(ascii: "%") else {
                bytes.formIndex(after: &cursor)
                continue
            }
            result += template[literalStart..<cursor]
            bytes.formIndex(after: &cursor)
            if cursor < bytes.endIndex, bytes[cursor] == UInt8(ascii: "%") {
                result += "%"
            } else {
                guard argument < arguments.count else {
                    throw CELError(.indexOutOfRange, "index \(argument) out of range")
                }
                guard cursor < bytes.endIndex else { throw CELError(.invalidArgument, "unexpected end of string") }
                let precision = try readPrecision(template, at: &cursor)
                try append(arguments[argument], verb: template.unicodeScalars[cursor], precision: precision, to: &result)
                argument += 1
            }
            bytes.formIndex(after: &cursor)
            literalStart = cursor
        }
        result += template[literalStart..<cursor]
        return result
    }

    /// Reads `.digits` at `cursor`, if there, leaving `cursor` on the verb.
    private static func readPrecision(_ template: String, at cursor: inout String.Index) throws(CELError) -> Int? {
        let bytes = template.utf8
        guard bytes[cursor] == UInt8(ascii: ".") else { return nil }
        bytes.formIndex(after: &cursor)
        var precision = 0
        var digits = 0
        while cursor < bytes.endIndex, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "9") {
            precision = min(precision * 10 + Int(bytes[cursor] - UInt8(ascii: "0")), maxPrecision + 1)
            digits += 1
            bytes.formIndex(after: &cursor)
        }
        guard cursor < bytes.endIndex else { throw clauseError("could not find end of precision specifier") }
        guard digits > 0 else { throw clauseError("missing precision digits") }
        guard precision <= maxPrecision else {
            throw clauseError("precision exceeds maximum allowed precision \(maxPrecision)")
        }
        return precision
    }

    /// Writes `value` in the form of `verb`.
    private static func append(_ value: CELValue, verb: Unicode.Scalar, precision: Int?,
                               to result: inout String) throws(CELError) {
        switch verb {
        case "s":
            try appendText(of: value, to: &result)
        case "d":
            switch value {
            case .int(let number): result += String(number)
            case .uint(let number): result += String(number)
            case .double(let number): result += shortestText(of: number)
            case .decimal(let number): result += number.description
            default: throw valueError("decimal clause can only be used on integers, was given \(value.typeName)")
            }
        case "f", "e":
            let scientific = verb == "e"
            let number: Double
            switch value {
            case .int(let integer): number = Double(integer)
            case .uint(let integer): number = Double(integer)
            case .double(let double): number = double
            case .decimal(let decimal):
                result += try exactly(decimal, scientific: scientific, precision: precision ?? defaultPrecision)
                return
            default:
                let clause = scientific ? "scientific" : "fixed-point"
                throw valueError("\(clause) clause can only be used on doubles, was given \(value.typeName)")
            }
            appendPrinted(number, scientific: scientific, precision: precision ?? defaultPrecision, to: &result)
        case "b":
            switch value {
            case .bool(let flag): result += flag ? "1" : "0"
            case .int(let number): result += String(number, radix: 2)
            case .uint(let number): result += String(number, radix: 2)
            default: throw valueError("only integers and bools can be formatted as binary, was given \(value.typeName)")
            }
        case "o":
            switch value {
            case .int(let number): result += String(number, radix: 8)
            case .uint(let number): result += String(number, radix: 8)
            default: throw valueError("octal clause can only be used on integers, was given \(value.typeName)")
            }
        case "x", "X":
            let uppercase = verb == "X"
            switch value {
            case .int(let number): result += String(number, radix: 16, uppercase: uppercase)
            case .uint(let number): result += String(number, radix: 16, uppercase: uppercase)
            case .string(let text): appendHex(text.utf8, uppercase: uppercase, to: &result)
            case .bytes(let bytes): appendHex(bytes, uppercase: uppercase, to: &result)
            default:
                throw valueError("only integers, byte buffers, and strings can be formatted as hex, was given \(value.typeName)")
            }
        default:
            throw clauseError("unrecognized formatting clause \"\(verb)\"")
        }
    }

    /// Each byte as two hexadecimal digits.
    private static func appendHex(_ bytes: some Sequence<UInt8>, uppercase: Bool, to result: inout String) {
        let digits: StaticString = uppercase ? "0123456789ABCDEF" : "0123456789abcdef"
        digits.withUTF8Buffer { digits in
            for byte in bytes {
                result.unicodeScalars.append(Unicode.Scalar(digits[Int(byte >> 4)]))
                result.unicodeScalars.append(Unicode.Scalar(digits[Int(byte & 0x0F)]))
            }
        }
    }

    /// `number` as C's `%.*f` or `%.*e` write it: correctly rounded from the double's exact
    /// value, a tie to even (strings.md's banker's rounding), at least two exponent digits.
    private static func appendPrinted(_ number: Double, scientific: Bool, precision: Int, to result: inout String) {
        guard number.isFinite else {
            result += shortestText(of: number)
            return
        }
        // At most 309 integer digits, the point, `maxPrecision` decimals, a sign and the NUL.
        let capacity = 512
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            let count = withVaList([Int32(precision), number]) { arguments in
                vsnprintf(buffer.baseAddress, capacity, scientific ? "%.*e" : "%.*f", arguments)
            }
            let written = UnsafeRawBufferPointer(start: buffer.baseAddress, count: max(0, min(Int(count), capacity - 1)))
            result += String(decoding: written, as: UTF8.self)
        }
    }

    /// A decimal's `%f` or `%e`, rounded from its own digits, a tie to even. A decimal may have
    /// an exponent of up to 10⁹: written out in full, one past `maxIntegerDigits` is refused.
    private static func exactly(_ decimal: CELDecimal, scientific: Bool, precision: Int) throws(CELError) -> String {
        guard var digits = CELDecimalDigits(decimal.description) else { return decimal.description }
        if scientific {
            digits.round(significantDigits: precision + 1, .halfEven)
            return digits.scientific(fractionDigits: precision)
        }
        guard digits.point <= maxIntegerDigits else {
            throw valueError("fixed-point clause: \(decimal.description) has more than \(maxIntegerDigits) integer digits")
        }
        digits.round(fractionDigits: precision, .halfEven)
        return digits.plain(fractionDigits: precision)
    }

    /// An error in the template.
    static func clauseError(_ message: String) -> CELError {
        CELError(.invalidArgument, "could not parse formatting clause: \(message)")
    }

    /// An argument its clause does not take.
    static func valueError(_ message: String) -> CELError {
        CELError(.invalidArgument, "error during formatting: \(message)")
    }
}
