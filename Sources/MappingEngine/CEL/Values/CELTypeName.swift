/// The names of CEL's runtime types: what `type(x)` returns and what the identifiers `int`,
/// `string`, `google.protobuf.Timestamp`… evaluate to.
enum CELTypeName {
    static let null = "null_type"
    static let bool = "bool"
    static let int = "int"
    static let uint = "uint"
    static let double = "double"
    static let string = "string"
    static let bytes = "bytes"
    static let list = "list"
    static let map = "map"
    static let timestamp = "google.protobuf.Timestamp"
    static let duration = "google.protobuf.Duration"
    static let decimal = "decimal"
    static let type = "type"

    /// Every name an identifier may denote as a type value.
    static let all: Set<String> = [null, bool, int, uint, double, string, bytes, list, map, timestamp, duration, decimal, type]
}
