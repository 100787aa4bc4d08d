/// A CEL value: the types of CEL's standard environment, plus convertd's `decimal`, exact.
///
/// Scalars, small strings and small decimals are held inline: evaluating a rule over them
/// allocates nothing.
public enum CELValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
    case bytes([UInt8])
    case list([CELValue])
    case map(CELMap)
    case timestamp(CELTimestamp)
    case duration(CELDuration)
    /// convertd's `decimal`: compared and added exactly, never through a double.
    case decimal(CELDecimal)
    /// A type as a value (`type(1) == int`): its CEL name, e.g. `int`, `list`,
    /// `google.protobuf.Timestamp`.
    case type(String)
}
