/// `decimal`: arbitrary precision, written as a JSON number with the input's digits.
final class DecimalConverter: ValueConverter {
    let strict: Bool

    init(strict: Bool) {
        self.strict = strict
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let doc = ctx.document
        let entry = doc[node]
        let lax = ctx.lax && !strict
        switch entry.kind {
        case .number:
            return write(doc.content(node), lax: false, node, &ctx)
        case .string:
            // A decimal as a string is natural in both modes: it is how exact numbers travel.
            if lax { ctx.coerced("string_to_decimal", node: node) }
            return doc.withDecodedString(node) { write($0, lax: true, node, &ctx) }
        default:
            ctx.typeMismatch(node, expected: "decimal number")
            return false
        }
    }

    private func write(_ text: UnsafeBufferPointer<UInt8>, lax: Bool, _ node: Int, _ ctx: inout ConversionContext) -> Bool {
        ctx.out.reserve(text.count + 2)
        guard let n = DecimalText.canonical(text, lax: lax, to: ctx.out.tail) else {
            ctx.fail(.invalidNumber, "not a decimal number", node: node)
            return false
        }
        ctx.out.advance(by: n)
        return true
    }
}
