/// `string`: strings as they are (escapes made canonical); in lax mode numbers as their
/// literal text and booleans as `"true"`/`"false"`.
final class StringConverter: ValueConverter {
    let strict: Bool

    init(strict: Bool) {
        self.strict = strict
    }
    var keepsNullWords: Bool { true }

    /// Strings, the common case, are written inline at the call site; the rest apart.
    @inline(__always)
    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        guard ctx.document[node].kind == .string else { return convertOther(node, &ctx) }
        ctx.out.string(ctx.document, node)
        return true
    }

    @inline(never)
    private func convertOther(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let doc = ctx.document
        let lax = ctx.lax && !strict
        switch doc[node].kind {
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
