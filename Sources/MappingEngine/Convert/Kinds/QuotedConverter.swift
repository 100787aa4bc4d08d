/// A number written as a string of its digits (`output: { int64: string }`, the `js`
/// profile): the quote bytes around exactly what the number's own converter writes, so the
/// digits are the same and the cost is the number's plus two bytes. Its checks (`enum`,
/// bounds) run inside, on the number.
final class QuotedConverter: ValueConverter {
    let inner: any ValueConverter
    /// `inner` in a cell, called as `ConverterCall`: directly for an integer or a checked one.
    private let innerCell: ConverterCell
    private let innerCall: ConverterCall

    init(inner: any ValueConverter) {
        self.inner = inner
        innerCell = ConverterCell(inner)
        innerCall = ConverterCall(innerCell)
    }

    var keepsNullWords: Bool { inner.keepsNullWords }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        ctx.out.byte(UInt8(ascii: "\""))
        // On failure the caller rewinds past the opening quote with the rest.
        guard innerCall.convert(node, &ctx) else { return false }
        ctx.out.byte(UInt8(ascii: "\""))
        return true
    }
}
