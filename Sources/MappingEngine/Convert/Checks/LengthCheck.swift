/// `minLength`/`maxLength`: characters (Unicode scalars) of a string, bytes of `data`.
final class LengthCheck: ValueConverter {
    let inner: any ValueConverter
    let minLength: Int?
    let maxLength: Int?
    /// Count decoded base64 bytes instead of characters.
    let countsBytes: Bool

    init(inner: any ValueConverter, minLength: Int?, maxLength: Int?, countsBytes: Bool) {
        self.inner = inner
        self.minLength = minLength
        self.maxLength = maxLength
        self.countsBytes = countsBytes
    }
    var takesStrings: Bool { inner.takesStrings }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let start = ctx.out.count
        guard inner.convert(node, &ctx) else { return false }
        let length = ctx.out.withBytes { all -> Int in
            // The output is a quoted canonical JSON string.
            let content = UnsafeBufferPointer(rebasing: all[(start + 1)..<(all.count - 1)])
            return countsBytes ? Base64Text.decodedLength(canonical: content) : LengthCheck.scalars(inJSONString: content)
        }
        let unit = countsBytes ? "bytes" : "characters"
        if let minLength, length < minLength {
            ctx.fail(.tooShort, "\(length) \(unit), fewer than \(minLength)", node: node)
            return false
        }
        if let maxLength, length > maxLength {
            ctx.fail(.tooLong, "\(length) \(unit), more than \(maxLength)", node: node)
            return false
        }
        return true
    }

    /// Unicode scalars of canonical JSON string content: UTF-8 lead bytes, each escape one scalar.
    static func scalars(inJSONString content: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var i = 0
        while i < content.count {
            let b = content[i]
            if b == UInt8(ascii: "\\") {
                i += content[i + 1] == UInt8(ascii: "u") ? 6 : 2
                count += 1
                continue
            }
            if b & 0xC0 != 0x80 { count += 1 }
            i += 1
        }
        return count
    }
}
