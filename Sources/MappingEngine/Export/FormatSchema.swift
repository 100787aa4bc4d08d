/// What the exports say of each `TextFormat`: its JSON Schema keywords and an example value.
extension TextFormat {
    /// The JSON Schema keywords beside `"type": "string"` that describe the canonical output.
    ///
    /// A `format` for every type, and a `pattern` beside it where validators may not know the
    /// format: `time` is `time-local` of the OpenAPI format registry (JSON Schema's own `time`
    /// is RFC 3339's `full-time`, which carries an offset; this type's never does), and `cidr`
    /// is the format Kubernetes' OpenAPI validation knows (JSON Schema has none); the pattern
    /// gives the shape to a validator that ignores unknown formats, the converter the rest.
    /// `ip` is either family.
    var schemaKeywords: [JSONValue.Member] {
        switch self {
        case .localDate: [.init("format", .string("date"))]
        case .time: [.init("format", .string("time-local")), .init("pattern", .string(#"^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,9})?$"#))]
        case .duration: [.init("format", .string("duration"))]
        case .uuid: [.init("format", .string("uuid"))]
        case .email: [.init("format", .string("email"))]
        case .ipv4: [.init("format", .string("ipv4"))]
        case .ipv6: [.init("format", .string("ipv6"))]
        case .ip: [.init("anyOf", .array([.object([.init("format", .string("ipv4"))]), .object([.init("format", .string("ipv6"))])]))]
        case .cidr: [.init("format", .string("cidr")), .init("pattern", .string(#"^[0-9a-f:.]+/[0-9]{1,3}$"#))]
        case .hostname: [.init("format", .string("hostname"))]
        }
    }

    /// An example in the canonical form; `ordinal` makes a set's elements differ.
    func example(ordinal: Int) -> String {
        let n = ordinal % 200 + 1
        return switch self {
        case .localDate: "2024-05-\(String(17 + ordinal % 12))"
        case .time: "09:\(String(30 + ordinal % 30)):00"
        case .duration: "PT1H\(String(n))M"
        case .uuid: "f81d4fae-7dec-11d0-a765-00a0c91e" + String(String(0x6BF6 + ordinal % 0x1000, radix: 16))
        case .email: ordinal == 0 ? "editor@example.com" : "editor\(String(n))@example.com"
        case .ipv4, .ip: "192.0.2.\(String(n))"
        case .ipv6: "2001:db8::\(String(n, radix: 16))"
        case .cidr: "192.0.2.\(String(n % 64 * 4))/30"
        case .hostname: ordinal == 0 ? "example.com" : "host\(String(n)).example.com"
        }
    }
}
