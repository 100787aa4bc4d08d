/// Reads one quoted string or bytes literal and decodes it (langdef.md, "String and Bytes
/// Values"): single, double or triple quotes, the raw prefix, every escape.
///
/// Decoding happens while scanning, so an escape that is wrong is reported at its own column,
/// not at the literal's start.
struct CELStringLiteral {
    private let scalars: [Unicode.Scalar]
    private let raw: Bool
    private let bytes: Bool
    private var text = String.UnicodeScalarView()
    private var data: [UInt8] = []

    /// Scans the literal whose opening quote is at `quote`; `start` is where its prefix (`r`,
    /// `b`, `br`) begins. Returns the decoded token and the offset just past the closing quote.
    static func scan(_ scalars: [Unicode.Scalar], quote: Int, start: Int, raw: Bool, bytes: Bool)
        throws(CELCompileError) -> (kind: CELToken.Kind, end: Int) {
        var literal = CELStringLiteral(scalars: scalars, raw: raw, bytes: bytes)
        let end = try literal.body(quote: quote, start: start)
        return (bytes ? .bytes(literal.data) : .string(String(literal.text)), end)
    }

    private init(scalars: [Unicode.Scalar], raw: Bool, bytes: Bool) {
        self.scalars = scalars
        self.raw = raw
        self.bytes = bytes
    }

    private mutating func body(quote: Int, start: Int) throws(CELCompileError) -> Int {
        let delimiter = scalars[quote]
        let triple = quote + 2 < scalars.count && scalars[quote + 1] == delimiter && scalars[quote + 2] == delimiter
        var position = quote + (triple ? 3 : 1)
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == delimiter {
                if !triple { return position + 1 }
                if position + 2 < scalars.count, scalars[position + 1] == delimiter, scalars[position + 2] == delimiter {
                    return position + 3
                }
            }
            switch scalar {
            case "\\" where !raw:
                position = try escape(at: position)
                continue
            case "\n" where !triple, "\r" where !triple:
                throw CELCompileError(.syntax, column: start + 1,
                                      "unterminated string: a quoted string cannot hold a line break (use ''' or \"\"\")")
            case "\r":
                // CEL reads every line ending as a line feed (cel-go normalizes CR LF and CR).
                append("\n")
                if position + 1 < scalars.count, scalars[position + 1] == "\n" { position += 1 }
            default:
                append(scalar)
            }
            position += 1
        }
        throw CELCompileError(.syntax, column: start + 1, "unterminated string")
    }

    /// Decodes the escape whose backslash is at `position`; returns the offset just past it.
    private mutating func escape(at position: Int) throws(CELCompileError) -> Int {
        guard position + 1 < scalars.count else {
            throw CELCompileError(.syntax, column: position + 1, "unterminated string")
        }
        let letter = scalars[position + 1]
        switch letter {
        case "a": append("\u{07}")
        case "b": append("\u{08}")
        case "f": append("\u{0C}")
        case "n": append("\n")
        case "r": append("\r")
        case "t": append("\t")
        case "v": append("\u{0B}")
        case "\\", "'", "\"", "`", "?": append(letter)
        case "x", "X":
            appendCode(try digits(after: position, count: 2, radix: 16))
            return position + 4
        case "u", "U":
            let count = letter == "u" ? 4 : 8
            if bytes {
                throw CELCompileError(.syntax, column: position + 1,
                                      "\\\(letter) is not allowed in a bytes literal: write bytes with \\x or octal escapes")
            }
            let code = try digits(after: position, count: count, radix: 16)
            guard let scalar = Unicode.Scalar(code) else {
                let what = (0xD800...0xDFFF).contains(code) ? "a UTF-16 surrogate" : "beyond U+10FFFF"
                throw CELCompileError(.syntax, column: position + 1,
                                      "invalid escape \\\(letter)\(hex(code, count)): \(what), not a Unicode code point")
            }
            append(scalar)
            return position + 2 + count
        case "0", "1", "2", "3":
            let code = try digits(after: position, count: 3, radix: 8, skipping: 1)
            appendCode(code)
            return position + 4
        default:
            throw CELCompileError(.syntax, column: position + 1, "invalid escape sequence '\\\(letter)'")
        }
        return position + 2
    }

    /// The value of `count` digits in `radix` after the escape at `position` (its backslash and
    /// letter, or just its backslash when `skipping` is 1 for octal).
    private func digits(after position: Int, count: Int, radix: UInt32, skipping: Int = 2)
        throws(CELCompileError) -> UInt32 {
        var value: UInt32 = 0
        let first = position + (skipping == 1 ? 1 : 2)
        for index in first..<(first + count) {
            guard index < scalars.count, let digit = Self.digit(scalars[index], radix: radix) else {
                let letter = scalars[position + 1]
                let kind = radix == 8 ? "an octal escape takes 3 octal digits, \\000 to \\377"
                    : "\\\(letter) takes \(count) hexadecimal digits"
                throw CELCompileError(.syntax, column: position + 1, "invalid escape sequence: \(kind)")
            }
            value = value * radix + digit
        }
        return value
    }

    private static func digit(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        let value: UInt32
        switch scalar {
        case "0"..."9": value = scalar.value - 0x30
        case "a"..."f": value = scalar.value - 0x61 + 10
        case "A"..."F": value = scalar.value - 0x41 + 10
        default: return nil
        }
        return value < radix ? value : nil
    }

    private func hex(_ code: UInt32, _ width: Int) -> String {
        let digits = String(code, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// A character of the literal: itself in a string, its UTF-8 in bytes.
    private mutating func append(_ scalar: Unicode.Scalar) {
        if bytes {
            UTF8.encode(scalar) { data.append($0) }
        } else {
            text.append(scalar)
        }
    }

    /// A `\x` or octal escape: a code point (0–255) in a string, an octet in bytes.
    private mutating func appendCode(_ code: UInt32) {
        if bytes {
            data.append(UInt8(code))
        } else if let scalar = Unicode.Scalar(code) {
            text.append(scalar)
        }
    }
}
