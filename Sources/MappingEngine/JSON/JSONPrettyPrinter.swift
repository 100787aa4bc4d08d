/// Re-indents JSON text for people to read: one member or element per line, `": "` after keys,
/// empty containers kept as `{}` / `[]`, string contents copied untouched.
///
/// A printer can take a text in pieces (a streamed array, element by element): it keeps the
/// nesting level between pieces, so the pieces formatted one after another give the bytes the
/// whole text formatted at once gives, provided no piece ends inside a string or number, or
/// right after a `{` or `[` (whether the container is empty is decided within a piece).
public struct JSONPrettyPrinter {
    private let indent: Int
    /// Containers open at the end of the last piece.
    private var level = 0

    /// A printer indenting by `indent` spaces per level.
    public init(indent: Int = 2) {
        self.indent = max(indent, 0)
    }

    /// Returns `minified` (any valid JSON text; its whitespace is dropped) re-indented by `indent`
    /// spaces per level, without a trailing newline.
    public static func format(_ minified: UnsafeBufferPointer<UInt8>, indent: Int = 2) -> [UInt8] {
        guard minified.baseAddress != nil else { return [] }
        var printer = JSONPrettyPrinter(indent: indent)
        var writer = JSONWriter(capacity: minified.count * 2 + 16)
        defer { writer.deallocate() }
        printer.format(minified, into: &writer)
        return writer.makeArray()
    }

    /// Appends the next piece of the text, re-indented, to `writer`.
    public mutating func format(_ piece: UnsafeBufferPointer<UInt8>, into writer: inout JSONWriter) {
        guard let src = piece.baseAddress else { return }
        let n = piece.count
        var i = 0
        while i < n {
            let c = src[i]
            switch c {
            case UInt8(ascii: "\""):
                var j = i + 1
                while j < n && src[j] != UInt8(ascii: "\"") {
                    j += src[j] == UInt8(ascii: "\\") ? 2 : 1
                }
                j = min(j + 1, n)
                writer.bytes(src + i, count: j - i)
                i = j
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let closer = c == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                var j = i + 1
                while j < n && Self.isWhitespace(src[j]) { j += 1 }
                writer.byte(c)
                if j < n && src[j] == closer {
                    writer.byte(closer)
                    i = j + 1
                } else {
                    level += 1
                    newline(&writer)
                    i += 1
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                level = max(level - 1, 0)
                newline(&writer)
                writer.byte(c)
                i += 1
            case UInt8(ascii: ","):
                writer.byte(c)
                newline(&writer)
                i += 1
            case UInt8(ascii: ":"):
                writer.ascii(": ")
                i += 1
            case let c where Self.isWhitespace(c):
                i += 1
            default:
                // A number or literal: copy the run up to the next structural or space byte.
                var j = i + 1
                while j < n {
                    let d = src[j]
                    if Self.isWhitespace(d) || d == UInt8(ascii: ",") || d == UInt8(ascii: "}")
                        || d == UInt8(ascii: "]") || d == UInt8(ascii: ":")
                    {
                        break
                    }
                    j += 1
                }
                writer.bytes(src + i, count: j - i)
                i = j
            }
        }
    }

    /// Whether `c` is JSON whitespace.
    private static func isWhitespace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09
    }

    /// Writes a line feed followed by the current level's indentation.
    private func newline(_ writer: inout JSONWriter) {
        let spaces = level * indent
        writer.reserve(spaces + 1)
        let out = writer.tail
        out[0] = 0x0A
        (out + 1).initialize(repeating: 0x20, count: spaces)
        writer.advance(by: spaces + 1)
    }
}
