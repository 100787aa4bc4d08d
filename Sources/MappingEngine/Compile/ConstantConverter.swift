/// Runs a converter over a constant from a schema (a default, an enum member, a values output)
/// at compile time, so the hot path only copies bytes.
enum ConstantConverter {
    /// The constant's output bytes, or the first error's message.
    static func output(of value: JSONValue, through converter: any ValueConverter, nullable: Bool) -> Result<[UInt8], ConstantError> {
        let text = value.jsonBytes
        let tape = JSONTape()
        return text.withUnsafeBufferPointer { input in
            let document: JSONDocument
            do throws(JSONSyntaxError) { document = try JSONParser().parse(input, into: tape) } catch { return .failure(ConstantError(error.message)) }
            var ctx = ConversionContext(document: document, out: JSONWriter(capacity: 64), slots: SlotStack(),
                                        keyOrders: KeyOrders(), options: ConversionOptions(mode: .lax),
                                        expressions: ExpressionScratch())
            defer {
                ctx.out.deallocate()
                ctx.slots.deallocate()
                ctx.keyOrders.deallocate()
            }
            let spec = ElementSpec(converter: converter, nullable: nullable, strict: false)
            guard ctx.convertElement(0, spec), ctx.errorCount == 0 else {
                let first = ctx.issues.first { if case .error = $0.kind { true } else { false } }
                return .failure(ConstantError(first?.message ?? "conversion failed"))
            }
            return .success(ctx.out.makeArray())
        }
    }

    /// Why a constant does not convert.
    struct ConstantError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }
}
