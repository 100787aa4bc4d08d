/// `string`: strings as they are (escapes made canonical); in lax mode numbers as their
/// literal text and booleans as `"true"`/`"false"`.
final class StringConverter: ValueConverter {
    let strict: Bool

    init(strict: Bool) {
        self.strict = strict
    }
    var keepsNullWords: Bool { true }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let doc = ctx.document
        let lax = ctx.lax && !strict
        switch doc[node].kind {
        case .string:
            ctx.out.string(doc, node)
        case .number where lax:
            ctx.out.byte(UInt8(ascii: "\""))
            ctx.out.bytes(doc.content(node))
            ctx.out.byte(UInt8(ascii: "\""))
            ctx.coerced("number_to_string", node: node)
        case .true where lax:
            ctx.out.ascii("\"true\"")
            ctx.coerced("bool_to_string", node: node)
        case .false where lax:
            ctx.out.ascii("\"false\"")
            ctx.coerced("bool_to_string", node: node)
        default:
            ctx.typeMismatch(node, expected: "string")
            return false
        }
        return true
    }
}
