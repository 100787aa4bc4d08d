import CEL

/// The corpus' TYPE (a `cel.expr.Type` in protobuf's JSON) to `CELType`: the primitives,
/// lists, maps, `dyn`, `null`, type values, and Timestamp and Duration whether spelled as
/// messages or as well-known types. Anything else (wrappers, abstract types, other messages)
/// is outside convertd's subset.
enum ConformanceType {
    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    static func decode(_ json: ConformanceJSON) throws(Unsupported) -> CELType {
        guard let (kind, payload) = json.onlyMember else { throw Unsupported(description: "not a TYPE: \(json)") }
        switch (kind, payload) {
        case ("dyn", _): return .dyn
        case ("null", _): return .null
        case ("primitive", .string(let name)):
            switch name {
            case "BOOL": return .bool
            case "INT64": return .int
            case "UINT64": return .uint
            case "DOUBLE": return .double
            case "STRING": return .string
            case "BYTES": return .bytes
            default: break
            }
        case ("listType", _):
            guard let element = payload["elemType"] else { break }
            return .list(try decode(element))
        case ("mapType", _):
            guard let key = payload["keyType"], let value = payload["valueType"] else { break }
            return .map(key: try decode(key), value: try decode(value))
        case ("messageType", .string("google.protobuf.Timestamp")), ("wellKnown", .string("TIMESTAMP")): return .timestamp
        case ("messageType", .string("google.protobuf.Duration")), ("wellKnown", .string("DURATION")): return .duration
        case ("type", _): return .type(try decode(payload))
        default: break
        }
        throw Unsupported(description: "unsupported TYPE \(kind): \(payload)")
    }
}
