/// The fixed-width integer types a converter can target, with exact range checks.
public enum IntegerWidth: Sendable {
    case int8, int16, int32, int64, uint8, uint16, uint32, uint64

    /// Whether the width holds negative values.
    public var isSigned: Bool {
        switch self {
        case .int8, .int16, .int32, .int64: true
        case .uint8, .uint16, .uint32, .uint64: false
        }
    }

    /// The largest value of the width.
    var maxMagnitude: UInt64 {
        switch self {
        case .int8: UInt64(Int8.max)
        case .int16: UInt64(Int16.max)
        case .int32: UInt64(Int32.max)
        case .int64: UInt64(Int64.max)
        case .uint8: UInt64(UInt8.max)
        case .uint16: UInt64(UInt16.max)
        case .uint32: UInt64(UInt32.max)
        case .uint64: UInt64.max
        }
    }

    /// Whether (negative, magnitude) fits this width exactly; a negative zero always fits.
    public func fits(negative: Bool, magnitude: UInt64) -> Bool {
        guard negative else { return magnitude <= maxMagnitude }
        // Two's complement reaches one further below zero than above it.
        return isSigned ? magnitude <= maxMagnitude &+ 1 : magnitude == 0
    }
}
