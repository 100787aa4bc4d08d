/// A `date` written in a form other than RFC 3339 (`epoch-s`, `epoch-ms`, `http`): the date's
/// own converter writes its canonical UTC text, which is then rewritten in place. Only
/// properties that ask for such a form pay for the rewrite; their checks run on the RFC 3339
/// text, as everywhere else.
final class DateFormConverter: ValueConverter {
    let inner: any ValueConverter
    let form: DateForm
    private let innerCell: ConverterCell
    private let innerCall: ConverterCall

    init(inner: any ValueConverter, form: DateForm) {
        self.inner = inner
        self.form = form
        innerCell = ConverterCell(inner)
        innerCall = ConverterCall(innerCell)
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let start = ctx.out.count
        guard innerCall.convert(node, &ctx) else { return false }
        // The inner converter wrote `"YYYY-MM-DDTHH:MM:SS[.fraction]Z"`.
        let written = UnsafeBufferPointer(start: ctx.out.storage + start + 1, count: ctx.out.count &- start &- 2)
        guard let instant = DateFormWriter.instant(ofCanonical: written) else { return true }
        ctx.out.rewind(to: start)
        DateFormWriter.write(instant, form, to: &ctx.out)
        return true
    }
}
