/// `any`: the value verbatim (minified, strings canonical).
final class AnyConverter: ValueConverter {
    var keepsNullWords: Bool { true }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        ctx.out.value(ctx.document, node)
        return true
    }
}
