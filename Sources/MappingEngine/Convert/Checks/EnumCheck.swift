/// `enum`: the converted value must be one of the allowed outputs, compared as canonical bytes.
final class EnumCheck: ValueConverter {
    let inner: any ValueConverter
    /// The allowed values, each already converted to its output bytes.
    let allowed: [[UInt8]]

    init(inner: any ValueConverter, allowed: [[UInt8]]) {
        self.inner = inner
        self.allowed = allowed
    }
    var takesStrings: Bool { inner.takesStrings }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let start = ctx.out.count
        guard inner.convert(node, &ctx) else { return false }
        let found = ctx.out.withBytes { all in
            let written = UnsafeBufferPointer(rebasing: all[start...])
            return allowed.contains { $0.elementsEqual(written) }
        }
        guard found else {
            let list = allowed.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ", ")
            ctx.fail(.enumMismatch, "not one of \(list)", node: node)
            return false
        }
        return true
    }
}
