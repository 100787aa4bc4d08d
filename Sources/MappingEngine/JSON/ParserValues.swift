/// The parse loop's steps, one per kind of value: each validates the value at `p`, writes its
/// node and moves `p` past it.
///
/// The steps are `@_transparent`, inlined before any optimization, so the loop is optimized
/// as if written in one piece and keeps `p` and the tape in registers. `@inline(__always)` is
/// not enough here: the optimizer inlines each step's own helpers (the string and number
/// scans) first, and past about 400 blocks in the caller it stops inlining even those, which
/// left `readKey` and `nextKey` out of line (+14 % instructions per conversion).
extension JSONParser {
    /// Reads the string at `p` (its opening quote).
    @_transparent
    static func readString(
        _ p: inout UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ nodes: inout TapeNodes
    ) throws(JSONSyntaxError) {
        let content = p + 1
        let (close, flags) = try scanString(content, end, base)
        nodes.append(.string, flags: flags, start: content - base, length: close - content)
        p = close + 1
    }

    /// Reads an object's key at `p` (its opening quote) and the `:` after it, leaving `p` at
    /// the member's value (or the end of input).
    @_transparent
    static func readKey(
        _ p: inout UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ nodes: inout TapeNodes
    ) throws(JSONSyntaxError) {
        try readString(&p, base, end, &nodes)
        // The usual `"key" : value` and `"key": value` are matched as one word.
        let colon = end - p >= 4 ? JSONStringCodec.load4(p) : 0
        if colon & 0xFF_FFFF == spacedColon {
            p += 3
        } else if colon & 0xFFFF == colonSpace {
            p += 2
        } else {
            skipWhitespace(&p, end)
            guard p < end, p[0] == UInt8(ascii: ":") else { throw failure(.colon, p, base, end) }
            p += 1
        }
        skipWhitespace(&p, end)
    }

    /// After an object member: whether a `,` and another key follow, leaving `p` at that key's
    /// opening quote; with anything else but a `,`, `p` stays where it was.
    @_transparent
    static func nextKey(
        _ p: inout UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>
    ) throws(JSONSyntaxError) -> Bool {
        guard p < end && p[0] == UInt8(ascii: ",") else { return false }
        p += 1
        // The next key on its own indented line, without the general white space loop.
        if p < end && p[0] == UInt8(ascii: "\n") {
            p += 1
            skipSpaces(&p, end)
        }
        if p == end || p[0] != UInt8(ascii: "\"") {
            skipWhitespace(&p, end)
            guard p < end, p[0] == UInt8(ascii: "\"") else { throw failure(.keyAfterComma, p, base, end) }
        }
        return true
    }

    /// Whether `c` starts a number: a digit or `-`.
    @inline(__always)
    static func startsNumber(_ c: UInt8) -> Bool {
        c &- UInt8(ascii: "0") < 10 || c == UInt8(ascii: "-")
    }

    /// Reads the number at `p` (a `-` or a digit).
    @_transparent
    static func readNumber(
        _ p: inout UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ nodes: inout TapeNodes
    ) throws(JSONSyntaxError) {
        let (next, flags) = try scanNumber(p, end, base)
        nodes.append(.number, flags: flags, start: p - base, length: next - p)
        p = next
    }

    /// Reads `true`, `false` or `null` at `p` (a `t`, `f` or `n`), each compared as one word.
    @_transparent
    static func readLiteral(
        _ p: inout UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ nodes: inout TapeNodes
    ) throws(JSONSyntaxError) {
        let kind: JSONKind
        let size: Int
        switch p[0] {
        case UInt8(ascii: "t"):
            guard end - p >= 4, JSONStringCodec.load4(p) == trueWord else { throw failure(.literalTrue, p, base, end) }
            (kind, size) = (.true, 4)
        case UInt8(ascii: "n"):
            guard end - p >= 4, JSONStringCodec.load4(p) == nullWord else { throw failure(.literalNull, p, base, end) }
            (kind, size) = (.null, 4)
        default:
            // The `f` was matched by the caller: the word is the four letters after it.
            guard end - p >= 5, JSONStringCodec.load4(p + 1) == alseWord else { throw failure(.literalFalse, p, base, end) }
            (kind, size) = (.false, 5)
        }
        nodes.append(kind, start: p - base, length: size)
        p += size
    }

    /// Opens the object or array at `p` (its bracket): writes its node and, unless it is empty
    /// (then it is a complete value and the answer is false), saves `open` on the stack and
    /// makes the new container the open one, with `p` at its first key or element.
    @_transparent
    static func enterContainer(
        _ p: inout UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>,
        _ nodes: inout TapeNodes, _ stack: inout ContainerStack, _ open: inout OpenContainer,
        in tape: JSONTape, depthLimit: Int, maxDepth: Int
    ) throws(JSONSyntaxError) -> Bool {
        if stack.depth >= depthLimit {
            throw JSONSyntaxError.at(p - base, in: base, code: JSONSyntaxError.tooDeep, "nesting deeper than \(maxDepth)")
        }
        let container = OpenContainer(index: nodes.count, isObject: p[0] == UInt8(ascii: "{"))
        nodes.append(container.isObject ? .object : .array, start: p - base, length: 0)
        p += 1
        skipWhitespace(&p, end)
        guard p < end else { throw failure(container.isObject ? .keyOrClose : .value, p, base, end) }
        if p[0] == container.closingBracket {
            p += 1
            return false
        }
        if container.isObject && p[0] != UInt8(ascii: "\"") { throw failure(.keyOrClose, p, base, end) }
        stack.push(open, in: tape)
        open = container
        return true
    }

    /// Four bytes as `JSONStringCodec.load4` reads them from the input, the first in the low
    /// bits: `word("t", "r", "u", "e")` is 0x6575_7274, "eurt" read from the top. Missing bytes
    /// are zero. Called with literals only, it folds to a constant.
    @inline(__always)
    static func word(
        _ a: Unicode.Scalar, _ b: Unicode.Scalar, _ c: Unicode.Scalar = "\0", _ d: Unicode.Scalar = "\0"
    ) -> UInt32 {
        UInt32(a.value) | UInt32(b.value) << 8 | UInt32(c.value) << 16 | UInt32(d.value) << 24
    }

    /// The literals' words; `false` is compared after its `f`, the four bytes left.
    static var trueWord: UInt32 { word("t", "r", "u", "e") }
    static var nullWord: UInt32 { word("n", "u", "l", "l") }
    static var alseWord: UInt32 { word("a", "l", "s", "e") }
    /// `" : "` (compared as a word's low three bytes) and `": "` (its low two).
    static var spacedColon: UInt32 { word(" ", ":", " ") }
    static var colonSpace: UInt32 { word(":", " ") }
}
