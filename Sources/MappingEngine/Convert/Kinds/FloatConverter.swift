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
        let reading: FloatText
        switch doc[node].kind {
        case .number:
            reading = read(doc.content(node), lax: false)
        case .string where lax:
            reading = doc.withDecodedString(node) { read($0, lax: true) }
            ctx.coerced("string_to_float", node: node)
        default:
            ctx.typeMismatch(node, expected: "number")
            return false
        }
        switch reading {
        case .value(let value):
            if single { ctx.out.float(Float(value)) } else { ctx.out.double(value) }
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
