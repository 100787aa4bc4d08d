/// Runs a converter over a constant from a schema (a default, an enum member, a values output)
/// at compile time, so the hot path only copies bytes.
enum ConstantConverter {
    /// The constant's output bytes, or the first error's message. A constant is converted
    /// without recovery: one that needs it is a mistake in the schema, not a warning.
    static func output(of value: JSONValue, through converter: any ValueConverter, nullable: Bool) -> Result<[UInt8], ConstantError> {
        let text = value.jsonBytes
        let tape = JSONTape()
        // The context does not retain it (`ConversionContext.elementKeys`).
        let elementKeys = ElementKeyStack()
        return withExtendedLifetime(elementKeys) { text.withUnsafeBufferPointer { input in
            let document: JSONDocument
            do throws(JSONSyntaxError) { document = try JSONParser().parse(input, into: tape) } catch { return .failure(ConstantError(error.message)) }
            var ctx = ConversionContext(document: document, out: JSONWriter(capacity: 64), slots: SlotStack(),
                                        keyOrders: KeyOrders(), options: ConversionOptions(mode: .lax, recover: false),
                                        expressions: ExpressionScratch(), elementKeys: elementKeys)
            defer {
                ctx.out.deallocate()
                ctx.slots.deallocate()
                ctx.keyOrders.deallocate()
            }
            let spec = ElementSpec(converter: converter, nullable: nullable, strict: false)
            guard ctx.convertElement(0, spec), ctx.errorCount == 0 else {
                let first = ctx.issues.first { if case .error = $0.kind { true } else { false } }
                var code: ErrorCode?
                if case .error(let found)? = first?.kind { code = found }
                return .failure(ConstantError(first?.message ?? "conversion failed", code: code))
            }
            return .success(ctx.out.makeArray())
        } }
    }

    /// Why a constant does not convert.
    struct ConstantError: Error, CustomStringConvertible {
        let message: String
        /// The message alone, as the schema errors quote it.
        var description: String { message }
        /// The first error's code; nil when the constant is not even JSON.
        let code: ErrorCode?
        init(_ message: String, code: ErrorCode? = nil) {
            self.message = message
            self.code = code
        }
    }
}
