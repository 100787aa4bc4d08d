import MappingEngine

/// One answer of an operation: what it means, its headers and its body by media type
/// (OpenAPI 3.1 §4.8.17).
struct OpenAPIResponse: OpenAPIObject {
    var description: String
    var headers: [(name: String, header: OpenAPIReferable<OpenAPIHeader>)] = []
    /// Media type → schema of the body; empty for an answer without one.
    var content: [(mediaType: String, schema: JSONValue)] = []

    var json: JSONValue {
        var members: [JSONValue.Member] = [.init("description", .string(description))]
        if !headers.isEmpty { members.append(.init("headers", .object(headers.map { .init($0.name, $0.header.json) }))) }
        if !content.isEmpty {
            members.append(.init("content", .object(content.map { .init($0.mediaType, ["schema": $0.schema]) })))
        }
        return .object(members)
    }
}

/// A response header (OpenAPI 3.1 §4.8.21).
struct OpenAPIHeader: OpenAPIObject {
    var description: String
    var required: Bool
    var schema: JSONValue

    var json: JSONValue {
        ["description": .string(description), "required": .bool(required), "schema": schema]
    }
}
