/// `bool`: true/false; in lax mode also 0/1 and the words of SPEC §3.2.
final class BoolConverter: ValueConverter {
    let strict: Bool

    init(strict: Bool) {
        self.strict = strict
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let doc = ctx.document
        let lax = ctx.lax && !strict
        var value: Bool
        switch doc[node].kind {
        case .true: value = true
        case .false: value = false
        case .number where lax:
            guard case .value(false, let magnitude) = IntegerText.read(doc.content(node), lax: false), magnitude <= 1 else {
                ctx.fail(.invalidBool, "only the numbers 0 and 1 convert to a boolean", node: node)
                return false
            }
            value = magnitude == 1
            ctx.coerced("number_to_bool", node: node)
        case .string where lax:
            guard let word = doc.withDecodedString(node, { BoolText.read($0) }) else {
                ctx.fail(.invalidBool, "not a boolean word (true false yes no on off 1 0 t f y n)", node: node)
                return false
            }
            value = word
            ctx.coerced("string_to_bool", node: node)
        default:
            ctx.typeMismatch(node, expected: "boolean")
            return false
        }
        if value { ctx.out.ascii("true") } else { ctx.out.ascii("false") }
        return true
    }
}
