import MappingEngine

/// A part of an OpenAPI document that is written as JSON.
protocol OpenAPIObject: Sendable {
    var json: JSONValue { get }
}

/// An OpenAPI object written where it is used, or a `$ref` to the one in the components.
enum OpenAPIReferable<Value: OpenAPIObject>: OpenAPIObject {
    case value(Value)
    /// `#/components/{section}/{name}`.
    case reference(String)

    var json: JSONValue {
        switch self {
        case .value(let value): value.json
        case .reference(let target): ["$ref": .string(target)]
        }
    }
}
