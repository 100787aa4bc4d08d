/// A JSON text that could not be parsed, with the position of the first offending byte.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `bad_json`, `too_deep` or `empty_body`.
    public let code: String
    /// A short, specific explanation such as `unterminated string`.
    public let message: String
    /// Byte offset of the offending byte in the input (the input length for an unexpected end).
    public let offset: Int
    /// 1-based line of `offset`, counting `\n` bytes.
    public let line: Int
    /// 1-based column of `offset`, counted in bytes from the start of its line.
    public let column: Int
    /// Whether the parser failed because the input ended: more bytes could have made it parse
    /// on. A stream's element parsed from the bytes that have arrived so far fails this way
    /// until its end arrives. Not part of equality.
    var truncated = false

    public init(code: String, message: String, offset: Int, line: Int, column: Int) {
        self.code = code
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    public static func == (a: JSONSyntaxError, b: JSONSyntaxError) -> Bool {
        a.code == b.code && a.message == b.message && a.offset == b.offset && a.line == b.line && a.column == b.column
    }

    public var description: String {
        "\(code) at line \(line), column \(column) (offset \(offset)): \(message)"
    }

    /// The code of malformed JSON text.
    public static let badJSON = ErrorCode.badJSON.rawValue
    /// The code of a document nested deeper than the parser's `maxDepth`.
    public static let tooDeep = ErrorCode.tooDeep.rawValue
    /// The code of an input that is empty or holds only whitespace.
    public static let emptyBody = ErrorCode.emptyBody.rawValue

    /// Builds an error at `offset`, computing line and column by scanning the input before it.
    ///
    /// Kept out of line: it only runs once a parse has already failed.
    @inline(never)
    static func at(
        _ offset: Int, in base: UnsafePointer<UInt8>, code: String = badJSON, _ message: String, truncated: Bool = false
    ) -> JSONSyntaxError {
        var line = 1
        var lineStart = 0
        var i = 0
        while i < offset {
            if base[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        var error = JSONSyntaxError(code: code, message: message, offset: offset, line: line, column: offset - lineStart + 1)
        error.truncated = truncated
        return error
    }

    /// This error, found in a part of a larger text that starts at `start` (its offset, line
    /// and column there), located in the larger text.
    func located(after start: TextPosition) -> JSONSyntaxError {
        var error = JSONSyntaxError(code: code, message: message, offset: start.offset + offset, line: start.line + line - 1,
                                    column: line == 1 ? start.column + column - 1 : column)
        error.truncated = truncated
        return error
    }

    /// Describes a byte for a message: `'x'` when printable ASCII, `byte 0x0a` otherwise.
    static func describe(_ byte: UInt8) -> String {
        if byte > 0x20 && byte < 0x7F {
            return "character '\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte " + hex(byte)
    }

    /// Formats a byte as `0x` followed by two lowercase hex digits.
    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}
