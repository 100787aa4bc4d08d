/// Literals for the documents the service writes by hand (the OpenAPI document's fixed parts),
/// so a JSON Schema in Swift reads like the JSON it becomes. Dictionary literals keep their
/// order. There is no float literal, because a `Double` could change the digits written, and no
/// nil literal, which would read as a missing value: null is `.null`.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) {
        self = .string(value)
    }

    public init(integerLiteral value: Int) {
        self = .number(String(value))
    }

    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }

    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { Member($0.0, $0.1) })
    }
}
