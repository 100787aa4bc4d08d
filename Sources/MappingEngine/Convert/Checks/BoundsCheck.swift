/// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`: compares the written number
/// exactly (decimal text against decimal text, so int64, uint64 and decimal bounds are exact).
final class BoundsCheck: ValueConverter {
    let inner: any ValueConverter
    let minimum: [UInt8]?
    let maximum: [UInt8]?
    let exclusiveMinimum: [UInt8]?
    let exclusiveMaximum: [UInt8]?

    init(inner: any ValueConverter, minimum: [UInt8]?, maximum: [UInt8]?, exclusiveMinimum: [UInt8]?, exclusiveMaximum: [UInt8]?) {
        self.inner = inner
        self.minimum = minimum
        self.maximum = maximum
        self.exclusiveMinimum = exclusiveMinimum
        self.exclusiveMaximum = exclusiveMaximum
    }
    var takesStrings: Bool { inner.takesStrings }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let start = ctx.out.count
        guard inner.convert(node, &ctx) else { return false }
        let failure: (ErrorCode, String)? = ctx.out.withBytes { all in
            let written = UnsafeBufferPointer(rebasing: all[start...])
            if let bound = minimum, compare(written, bound) < 0 { return (.belowMinimum, "less than the minimum \(text(bound))") }
            if let bound = exclusiveMinimum, compare(written, bound) <= 0 { return (.belowMinimum, "not greater than \(text(bound))") }
            if let bound = maximum, compare(written, bound) > 0 { return (.aboveMaximum, "greater than the maximum \(text(bound))") }
            if let bound = exclusiveMaximum, compare(written, bound) >= 0 { return (.aboveMaximum, "not less than \(text(bound))") }
            return nil
        }
        guard let failure else { return true }
        ctx.fail(failure.0, failure.1, node: node)
        return false
    }

    private func compare(_ value: UnsafeBufferPointer<UInt8>, _ bound: [UInt8]) -> Int {
        bound.withUnsafeBufferPointer { DecimalText.compare(value, $0) }
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
