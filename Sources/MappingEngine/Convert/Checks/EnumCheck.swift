/// `enum`: the converted value must be one of the allowed outputs.
final class EnumCheck: OutputCheck {
    /// The allowed values, each already converted to its output bytes.
    let allowed: [[UInt8]]
    /// Compare as numbers (`1.5` is `1.50`), for number types.
    let numeric: Bool

    init(allowed: [[UInt8]], numeric: Bool) {
        self.allowed = allowed
        self.numeric = numeric
    }

    var call: CheckCall { .enumeration(.passUnretained(self)) }

    func violation(of written: UnsafeBufferPointer<UInt8>) -> (code: ErrorCode, message: String)? {
        for index in allowed.indices {
            let found = allowed[index].withUnsafeBufferPointer { value in
                numeric ? DecimalText.compare(value, written) == 0 : ByteText.equal(value, written)
            }
            if found { return nil }
        }
        let list = allowed.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ", ")
        return (.enumMismatch, "not one of \(list)")
    }
}
