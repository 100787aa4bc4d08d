/// A property's converter as the hot path calls it: the common kinds by their concrete class,
/// so a call is a direct (often inlined) one instead of a protocol witness through an
/// existential; everything else through its cell.
///
/// Unmanaged: the model's `cells` keep every converter alive, and a call costs no retain.
enum ConverterCall: @unchecked Sendable {
    case integer(Unmanaged<IntegerConverter>)
    case string(Unmanaged<StringConverter>)
    case url(Unmanaged<URLConverter>)
    case bool(Unmanaged<BoolConverter>)
    case model(Unmanaged<ModelConverter>)
    case checked(Unmanaged<CheckedConverter>)
    /// An integer written as a string (`QuotedConverter` around a plain `IntegerConverter`):
    /// the integer's own call between two quote bytes, with no call to the wrapper on the way,
    /// so the string form costs the number's plus the two bytes.
    case quotedInteger(Unmanaged<IntegerConverter>)
    /// An integer with checks (`enum`, bounds) written as a string: the checked call between
    /// the two quote bytes, the checks reading the digits as the number's form would.
    case quotedChecked(Unmanaged<CheckedConverter>)
    case other(Unmanaged<ConverterCell>)

    /// The call for the converter `cell` holds.
    init(_ cell: ConverterCell) {
        switch cell.converter {
        case let converter as IntegerConverter: self = .integer(.passUnretained(converter))
        case let converter as StringConverter: self = .string(.passUnretained(converter))
        case let converter as URLConverter: self = .url(.passUnretained(converter))
        case let converter as BoolConverter: self = .bool(.passUnretained(converter))
        case let converter as ModelConverter: self = .model(.passUnretained(converter))
        case let converter as CheckedConverter: self = .checked(.passUnretained(converter))
        case let quoted as QuotedConverter:
            // The wrapper, which the cell keeps, keeps its integer converter.
            if let integer = quoted.inner as? IntegerConverter {
                self = .quotedInteger(.passUnretained(integer))
            } else if let checked = quoted.inner as? CheckedConverter {
                self = .quotedChecked(.passUnretained(checked))
            } else {
                self = .other(.passUnretained(cell))
            }
        default: self = .other(.passUnretained(cell))
        }
    }

    /// `converter.convert(node, &ctx)`.
    @inline(__always)
    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        switch self {
        case .integer(let converter): converter._withUnsafeGuaranteedRef { $0.convert(node, &ctx) }
        case .string(let converter): converter._withUnsafeGuaranteedRef { $0.convert(node, &ctx) }
        case .url(let converter): converter._withUnsafeGuaranteedRef { $0.convert(node, &ctx) }
        case .bool(let converter): converter._withUnsafeGuaranteedRef { $0.convert(node, &ctx) }
        case .model(let converter): converter._withUnsafeGuaranteedRef { $0.convert(node, &ctx) }
        case .checked(let converter): converter._withUnsafeGuaranteedRef { $0.convert(node, &ctx) }
        case .quotedInteger(let converter): ConverterCall.quoted(converter, node, &ctx)
        case .quotedChecked(let converter): ConverterCall.quoted(converter, node, &ctx)
        case .other(let cell): cell._withUnsafeGuaranteedRef { $0.converter.convert(node, &ctx) }
        }
    }

    /// The number's digits between quotes; on failure the caller rewinds past the opening
    /// quote with the rest.
    @inline(__always)
    private static func quoted<Converter: ValueConverter>(_ converter: Unmanaged<Converter>, _ node: Int,
                                                          _ ctx: inout ConversionContext) -> Bool {
        ctx.out.byte(UInt8(ascii: "\""))
        guard converter._withUnsafeGuaranteedRef({ $0.convert(node, &ctx) }) else { return false }
        ctx.out.byte(UInt8(ascii: "\""))
        return true
    }
}
