/// `data`: base64 (standard or URL-safe, padding optional), written in standard padded form.
final class DataConverter: ValueConverter {

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let doc = ctx.document
        guard doc[node].kind == .string else {
            ctx.typeMismatch(node, expected: "base64 string")
            return false
        }
        let valid = doc.withDecodedString(node) { (text) -> Bool in
            ctx.out.reserve(text.count + 5)
            let start = ctx.out.count
            ctx.out.byte(UInt8(ascii: "\""))
            guard let n = Base64Text.canonical(text, to: ctx.out.tail) else {
                ctx.out.rewind(to: start)
                return false
            }
            ctx.out.advance(by: n)
            ctx.out.byte(UInt8(ascii: "\""))
            return true
        }
        if !valid { ctx.fail(.invalidBase64, "not base64", node: node) }
        return valid
    }
}
