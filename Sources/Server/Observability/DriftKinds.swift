/// The JSON kinds seen for one unknown key in live traffic: a bitmask of seven kinds, so that the
/// drift report can say a key held strings and nulls without keeping the values.
struct DriftKinds: OptionSet, Sendable, Hashable {
    let rawValue: UInt8

    static let string = DriftKinds(rawValue: 1 << 0)
    static let integer = DriftKinds(rawValue: 1 << 1)
    static let number = DriftKinds(rawValue: 1 << 2)
    static let boolean = DriftKinds(rawValue: 1 << 3)
    static let object = DriftKinds(rawValue: 1 << 4)
    static let array = DriftKinds(rawValue: 1 << 5)
    static let null = DriftKinds(rawValue: 1 << 6)

    /// Every kind with its name in the report, in the order the report lists them.
    static let named: [(kind: DriftKinds, name: String)] = [
        (.string, "string"), (.integer, "integer"), (.number, "number"), (.boolean, "boolean"),
        (.object, "object"), (.array, "array"), (.null, "null"),
    ]

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The kind of the minified JSON value `text` (as the engine reports an unknown key's input),
    /// told by its first byte; a number is an integer when it has no fraction and no exponent.
    /// Empty for an empty or unrecognised text.
    init(ofJSON text: String) {
        let utf8 = text.utf8
        switch utf8.first ?? 0 {
        case UInt8(ascii: "\""): self = .string
        case UInt8(ascii: "{"): self = .object
        case UInt8(ascii: "["): self = .array
        case UInt8(ascii: "t"), UInt8(ascii: "f"): self = .boolean
        case UInt8(ascii: "n"): self = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            // The text is cut to 100 characters, so this scan is short.
            let fractional = utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
            self = fractional ? .number : .integer
        default: self = []
        }
    }

    /// The names of the kinds in the set, in report order.
    var names: [String] {
        DriftKinds.named.filter { contains($0.kind) }.map(\.name)
    }
}
