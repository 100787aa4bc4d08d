import CEL

/// A `transform` that only edits its string's bytes (`CELTextStep`: `self.trim().upperAscii()`)
/// run on the input's bytes straight into the output, when the property is a plain `string`:
/// no CEL string is made, and the result is what the program and the property's converter
/// would write.
extension TransformConverter {
    /// Writes the transformed string node `node` and returns true; false, having written
    /// nothing and charged nothing, when the program must run instead: the input is not an
    /// unescaped string, `trim` meets a non-ASCII edge (other white space may be there), or
    /// the budget would run out (the program then fails at the step it runs out on).
    @inline(__always)
    func writeEdited(_ node: Int, _ steps: UnsafeMutableBufferPointer<CELTextStep>, _ ctx: inout ConversionContext) -> Bool {
        let entry = ctx.document[node]
        guard entry.kind == .string, entry.flags & JSONNode.hasEscapes == 0 else { return false }
        let length = Int(entry.length)
        let mark = ctx.out.count
        // The input's text as it is: it needs no escape (it had none, and JSON text has no raw
        // control character or quote), and no step makes one.
        ctx.out.reserve(length + 2)
        ctx.out.byte(UInt8(ascii: "\""))
        ctx.out.bytes(ctx.document.content(node))
        let text = ctx.out.storage + mark + 1
        var start = 0
        var end = length
        // The raw value read (1), `self` (1), and each call: 1, and 1 a 16 bytes read and made.
        var cost = 2
        for step in steps {
            let before = end - start
            switch step {
            case .trim:
                while start < end, Self.isASCIIWhiteSpace(text[start]) { start += 1 }
                while end > start, Self.isASCIIWhiteSpace(text[end - 1]) { end -= 1 }
                guard start == end || (text[start] < 0x80 && text[end - 1] < 0x80) else {
                    ctx.out.rewind(to: mark)
                    return false
                }
            case .upperAscii:
                Self.flipCase(text, start, end, from: UInt8(ascii: "a"), to: UInt8(ascii: "z"))
            case .lowerAscii:
                Self.flipCase(text, start, end, from: UInt8(ascii: "A"), to: UInt8(ascii: "Z"))
            }
            cost += 1 + before >> 4 + (end - start) >> 4
        }
        guard cost <= ctx.ruleBudget else {
            ctx.out.rewind(to: mark)
            return false
        }
        ctx.ruleBudget -= cost
        if start > 0 { UnsafeMutableRawPointer(text).copyMemory(from: text + start, byteCount: end - start) }
        ctx.out.rewind(to: mark + 1 + end - start)
        ctx.out.byte(UInt8(ascii: "\""))
        if ctx.explain && !ctx.document.content(node).elementsEqual(UnsafeBufferPointer(start: text, count: end - start)) {
            ctx.coerced("transform", node: node)
        }
        return true
    }

    /// The ASCII code points of Unicode's White_Space property.
    @inline(__always)
    private static func isASCIIWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Flips the case of the letters from `first` to `last` in `text[start..<end]`.
    @inline(__always)
    private static func flipCase(_ text: UnsafeMutablePointer<UInt8>, _ start: Int, _ end: Int, from first: UInt8, to last: UInt8) {
        for index in start..<end where text[index] &- first <= last &- first {
            text[index] ^= 0x20
        }
    }
}
