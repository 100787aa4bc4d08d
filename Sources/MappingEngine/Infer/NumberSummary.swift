/// The numbers seen at one position, literal or sent as strings, reduced to the narrowest type
/// that holds every one of them exactly: `int64` → `uint64` → `decimal` for integers, `double`
/// → `decimal` once a fraction or exponent appears. An integer literal never makes a float.
struct NumberSummary: Sendable, Hashable {
    /// Numbers seen.
    private(set) var count = 0
    /// Numbers written with a fraction or an exponent (`1.5`, `1e3`).
    private var fractions = 0
    /// Whether every integer fits `int64`.
    private var fitInt64 = true
    /// Whether every integer is non-negative and fits `uint64`.
    private var fitUInt64 = true
    /// Whether a `double` holds every number exactly, by the rule the `double` converter applies.
    private var fitDouble = true

    /// Adds one number, given as JSON number text (a literal, or a string's content that reads
    /// as one); `integral` when it has neither fraction nor exponent.
    mutating func observe(_ text: UnsafeBufferPointer<UInt8>, integral: Bool) {
        count += 1
        if integral {
            switch IntegerText.read(text, lax: false) {
            case .value(let negative, let magnitude):
                fitInt64 = fitInt64 && IntegerWidth.int64.fits(negative: negative, magnitude: magnitude)
                fitUInt64 = fitUInt64 && IntegerWidth.uint64.fits(negative: negative, magnitude: magnitude)
            default:
                fitInt64 = false
                fitUInt64 = false
            }
        } else {
            fractions += 1
        }
        // Up to 15 digits every integer is a double exactly; only longer ones need the check.
        if fitDouble && (!integral || text.count > 15) {
            fitDouble = NumberSummary.doubleHolds(text)
        }
    }

    /// Adds everything `other` saw.
    mutating func merge(_ other: NumberSummary) {
        count += other.count
        fractions += other.fractions
        fitInt64 = fitInt64 && other.fitInt64
        fitUInt64 = fitUInt64 && other.fitUInt64
        fitDouble = fitDouble && other.fitDouble
    }

    /// The type every number seen converts to without loss.
    var kind: TypeRef.Kind {
        if fractions > 0 { return fitDouble ? .double : .decimal }
        if fitInt64 { return .integer(.int64) }
        return fitUInt64 ? .integer(.uint64) : .decimal
    }

    /// Whether the `double` converter takes `text` exactly: its shortest form reads back as the
    /// same number (`FloatConverter` refuses `0.1000000000000000055511151231257827` and `1e400`).
    private static func doubleHolds(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard case .value(let value) = FloatText.readDouble(text, lax: false) else { return false }
        var shortest = value.description
        return shortest.withUTF8 { DecimalText.compare($0, text) == 0 }
    }
}
