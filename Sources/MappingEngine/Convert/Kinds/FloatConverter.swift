/// `float` and `double`: finite values only; overflow and NaN/Infinity are `out_of_range`.
final class FloatConverter: ValueConverter {
    let single: Bool
    let strict: Bool

    init(single: Bool, strict: Bool) {
        self.single = single
        self.strict = strict
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let doc = ctx.document
        let lax = ctx.lax && !strict
        switch doc[node].kind {
        case .number:
            return convert(doc.content(node), lax: false, node, &ctx)
        case .string where lax:
            ctx.coerced("string_to_float", node: node)
            return doc.withDecodedString(node) { convert($0, lax: true, node, &ctx) }
        default:
            ctx.typeMismatch(node, expected: "number")
            return false
        }
    }

    /// Reads the number text and writes its shortest round-trip form, which must still be the
    /// input's value: digits the type cannot hold (`16777217` as a float) are `lossy_conversion`.
    private func convert(_ text: UnsafeBufferPointer<UInt8>, lax: Bool, _ node: Int, _ ctx: inout ConversionContext) -> Bool {
        switch read(text, lax: lax) {
        case .value(let value):
            let start = ctx.out.count
            if single { ctx.out.float(Float(value)) } else { ctx.out.double(value) }
            let exact = ctx.out.withBytes { DecimalText.compare(UnsafeBufferPointer(rebasing: $0[start...]), text) == 0 }
            guard exact else {
                ctx.fail(.lossyConversion, "\(single ? "float" : "double") cannot hold this value exactly", node: node)
                return false
            }
            return true
        case .outOfRange:
            ctx.fail(.outOfRange, "outside the finite range of \(single ? "float" : "double")", node: node)
        case .invalid:
            ctx.fail(.invalidNumber, "not a number", node: node)
        }
        return false
    }

    private func read(_ text: UnsafeBufferPointer<UInt8>, lax: Bool) -> FloatText {
        single ? FloatText.readFloat(text, lax: lax) : FloatText.readDouble(text, lax: lax)
    }
}
