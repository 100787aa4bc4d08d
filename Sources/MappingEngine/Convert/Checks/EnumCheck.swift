/// `enum`: the converted value must be one of the allowed outputs.
struct EnumCheck: OutputCheck {
    /// The allowed values, each already converted to its output bytes.
    let allowed: [[UInt8]]
    /// Compare as numbers (`1.5` is `1.50`), for number types.
    let numeric: Bool

    func violation(of written: UnsafeBufferPointer<UInt8>) -> (code: ErrorCode, message: String)? {
        let found = allowed.contains { value in
            value.withUnsafeBufferPointer { value in
                numeric ? DecimalText.compare(value, written) == 0 : ByteText.equal(value, written)
            }
        }
        guard !found else { return nil }
        let list = allowed.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ", ")
        return (.enumMismatch, "not one of \(list)")
    }
}
