import MappingEngine

/// One method on one path: what it takes and every answer it gives (OpenAPI 3.1 §4.8.10).
struct OpenAPIOperation: OpenAPIObject {
    var operationID: String
    var summary: String
    var description: String?
    var tags: [String]
    var parameters: [OpenAPIReferable<OpenAPIParameter>] = []
    var requestBody: RequestBody?
    /// Status code → answer, in document order.
    var responses: [(status: String, response: OpenAPIReferable<OpenAPIResponse>)]
    /// Security scheme names any one of which opens the operation; nil for an open one.
    var security: [String]?

    /// What the request's body may be, by media type.
    struct RequestBody {
        var description: String
        var required: Bool
        var content: [(mediaType: String, schema: JSONValue)]
    }

    var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("operationId", .string(operationID)),
            .init("summary", .string(summary)),
        ]
        if let description { members.append(.init("description", .string(description))) }
        members.append(.init("tags", .array(tags.map { .string($0) })))
        if !parameters.isEmpty { members.append(.init("parameters", .array(parameters.map(\.json)))) }
        if let requestBody {
            members.append(.init("requestBody", [
                "description": .string(requestBody.description),
                "required": .bool(requestBody.required),
                "content": .object(requestBody.content.map { .init($0.mediaType, ["schema": $0.schema]) }),
            ]))
        }
        members.append(.init("responses", .object(responses.map { .init($0.status, $0.response.json) })))
        if let security { members.append(.init("security", .array(security.map { .object([.init($0, [])]) }))) }
        return .object(members)
    }
}
