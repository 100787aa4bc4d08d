/// `values`: maps an input, looked up by its literal text (`1` and `"1"` both match `"1"`),
/// to an output value converted at compile time.
final class ValuesConverter: ValueConverter {
    /// Input literal text → output bytes.
    let table: [(input: [UInt8], output: [UInt8])]

    init(table: [(input: [UInt8], output: [UInt8])], keepsNullWords: Bool) {
        self.table = table
        self.keepsNullWords = keepsNullWords
    }
    /// Whether the property's type keeps null words (a `string` does).
    let keepsNullWords: Bool

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let doc = ctx.document
        let output: [UInt8]?
        switch doc[node].kind {
        case .string:
            output = doc.withDecodedString(node) { lookup($0) }
        case .number, .true, .false:
            output = lookup(doc.content(node))
        default:
            output = nil
        }
        guard let output else {
            ctx.fail(.enumMismatch, "not one of the mapped values \(mappedInputs)", node: node)
            return false
        }
        output.withUnsafeBufferPointer { ctx.out.bytes($0) }
        ctx.coerced("values_mapping", node: node)
        return true
    }

    private func lookup(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        table.first { entry in entry.input.withUnsafeBufferPointer { ByteText.equal($0, text) } }?.output
    }

    /// The accepted inputs, quoted and comma-separated, for the error message.
    private var mappedInputs: String {
        table.map { "\"" + String(decoding: $0.input, as: UTF8.self) + "\"" }.joined(separator: ", ")
    }
}
