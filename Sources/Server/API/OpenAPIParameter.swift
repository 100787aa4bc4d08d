import MappingEngine

/// An operation's parameter: a query option, a header or a path segment (OpenAPI 3.1 §4.8.12).
struct OpenAPIParameter: OpenAPIObject {
    /// Where the parameter is sent.
    enum Location: String {
        case query, header, path
    }

    var name: String
    var location: Location
    var description: String
    /// A path parameter always is.
    var required = false
    var schema: JSONValue

    var json: JSONValue {
        [
            "name": .string(name),
            "in": .string(location.rawValue),
            "description": .string(description),
            "required": .bool(required || location == .path),
            "schema": schema,
        ]
    }
}
