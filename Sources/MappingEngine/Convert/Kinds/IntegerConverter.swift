/// `int8` … `uint64`: exact over the whole range, never through a Double; a fraction is
/// `lossy_conversion`, a value outside the width `out_of_range`.
final class IntegerConverter: ValueConverter {
    let width: IntegerWidth
    let strict: Bool
    /// Every non-negative literal of at most this many digits fits the width (2 for `int8`,
    /// 9 for `int32`, 19 for `uint64`), so one that short is copied without reading its digits.
    private let safeDigits: UInt32

    init(width: IntegerWidth, strict: Bool) {
        self.width = width
        self.strict = strict
        safeDigits = UInt32(String(width.maxMagnitude).utf8.count - 1)
    }

    /// The commonest cases, inline at the call site: a plain non-negative literal short enough
    /// to fit (JSON has no leading zeros), or in lax mode such a digit string (`"640"`), both
    /// already canonical.
    @inline(__always)
    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let entry = ctx.document[node]
        if entry.length <= safeDigits,
           entry.kind == .number ? entry.flags & (JSONNode.isInteger | JSONNode.isNegative) == JSONNode.isInteger
                                 : isShortDigitString(entry, ctx) {
            ctx.out.bytes(ctx.document.base + Int(entry.start), count: Int(entry.length))
            return true
        }
        return convertRead(node, &ctx)
    }

    /// Whether `entry` is a string of digits without a leading zero (but `"0"`) that lax mode
    /// takes as it is, with no coercion to record (`explain` off).
    @inline(__always)
    private func isShortDigitString(_ entry: JSONNode, _ ctx: borrowing ConversionContext) -> Bool {
        guard entry.kind == .string, entry.flags & JSONNode.hasEscapes == 0, entry.length > 0,
              ctx.lax, !strict, !ctx.explain else { return false }
        let text = ctx.document.base + Int(entry.start)
        let count = Int(entry.length)
        guard text[0] != UInt8(ascii: "0") || count == 1 else { return false }
        for i in 0..<count where text[i] &- 0x30 >= 10 { return false }
        return true
    }

    /// Every other input: the value read, range-checked and written canonically.
    @inline(never)
    private func convertRead(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let doc = ctx.document
        let entry = doc[node]
        let lax = ctx.lax && !strict
        let reading: IntegerText
        switch entry.kind {
        case .number:
            let literal = doc.content(node)
            // The common case, a short plain literal such as `640` or `-12`: digits summed in
            // place (18 digits cannot overflow), the literal copied as it is canonical.
            if entry.flags & JSONNode.isInteger != 0, literal.count <= 18, let base = literal.baseAddress {
                let negative = entry.flags & JSONNode.isNegative != 0
                var magnitude: UInt64 = 0
                for i in (negative ? 1 : 0)..<literal.count {
                    magnitude = magnitude &* 10 &+ UInt64(base[i] &- 0x30)
                }
                if !negative || magnitude != 0 {
                    guard width.fits(negative: negative, magnitude: magnitude) else { return outOfRange(node, &ctx) }
                    ctx.out.bytes(literal)
                    return true
                }
            }
            reading = IntegerText.read(literal, lax: false)
            // A plain integer literal is already canonical (but for `-0`): copy it.
            if entry.flags & JSONNode.isInteger != 0, case .value(let negative, let magnitude) = reading,
               magnitude != 0 || entry.flags & JSONNode.isNegative == 0 {
                guard width.fits(negative: negative, magnitude: magnitude) else { return outOfRange(node, &ctx) }
                ctx.out.bytes(literal)
                return true
            }
            if case .value = reading { ctx.coerced("integral_number_to_int", node: node) }
        case .string where lax:
            ctx.coerced("string_to_int", node: node)
            // Digit strings such as `"640"` (no sign, no leading zero, no escape) are already
            // the canonical output: summed in place and copied, as plain literals are.
            if entry.flags & JSONNode.hasEscapes == 0, let magnitude = IntegerConverter.canonicalDigits(doc.content(node)) {
                guard width.fits(negative: false, magnitude: magnitude) else { return outOfRange(node, &ctx) }
                ctx.out.bytes(doc.content(node))
                return true
            }
            reading = doc.withDecodedString(node) { IntegerText.read($0, lax: true) }
        case .true where lax, .false where lax:
            reading = .value(negative: false, magnitude: entry.kind == .true ? 1 : 0)
            ctx.coerced("bool_to_int", node: node)
        default:
            ctx.typeMismatch(node, expected: "integer")
            return false
        }
        switch reading {
        case .value(let negative, let magnitude):
            guard width.fits(negative: negative, magnitude: magnitude) else { return outOfRange(node, &ctx) }
            if negative && magnitude != 0 {
                ctx.out.byte(UInt8(ascii: "-"))
            }
            ctx.out.uint64(magnitude)
            return true
        case .fraction:
            ctx.fail(.lossyConversion, "\(width) cannot hold a fraction", node: node)
        case .outOfRange:
            return outOfRange(node, &ctx)
        case .invalid:
            ctx.fail(.invalidNumber, "not an integer", node: node)
        }
        return false
    }

    /// The value of 1 to 18 ASCII digits without a leading zero (but `0` itself), else nil.
    @inline(__always)
    private static func canonicalDigits(_ text: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard let base = text.baseAddress, text.count > 0, text.count <= 18,
              base[0] != UInt8(ascii: "0") || text.count == 1 else { return nil }
        var magnitude: UInt64 = 0
        for i in 0..<text.count {
            let digit = base[i] &- 0x30
            guard digit < 10 else { return nil }
            magnitude = magnitude &* 10 &+ UInt64(digit)
        }
        return magnitude
    }

    private func outOfRange(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        ctx.fail(.outOfRange, "outside the range of \(width)", node: node)
        return false
    }
}
