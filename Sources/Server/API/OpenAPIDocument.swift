import MappingEngine

/// An OpenAPI 3.1 document, typed down to its operations, parameters and responses. The JSON
/// Schemas inside stay `JSONValue`s, so the schemas the engine exports go in digit for digit
/// (an integer bound such as uint64's maximum does not fit a typed `Int` or survive a `Double`).
struct OpenAPIDocument: OpenAPIObject {
    static let version = "3.1.1"

    var title: String
    var version: String
    var description: String
    /// Tag name → what its operations are about, in document order.
    var tags: [(name: String, description: String)]
    /// Path → its operations by lowercase method, in document order.
    var paths: [(path: String, operations: [(method: String, operation: OpenAPIOperation)])]
    var components: Components

    /// The reusable parts that operations `$ref`.
    struct Components {
        var schemas: [(name: String, schema: JSONValue)] = []
        var parameters: [(name: String, parameter: OpenAPIParameter)] = []
        var headers: [(name: String, header: OpenAPIHeader)] = []
        var responses: [(name: String, response: OpenAPIResponse)] = []
        /// Name → security scheme object.
        var securitySchemes: [(name: String, scheme: JSONValue)] = []

        var json: JSONValue {
            [
                "schemas": .object(schemas.map { .init($0.name, $0.schema) }),
                "parameters": .object(parameters.map { .init($0.name, $0.parameter.json) }),
                "headers": .object(headers.map { .init($0.name, $0.header.json) }),
                "responses": .object(responses.map { .init($0.name, $0.response.json) }),
                "securitySchemes": .object(securitySchemes.map { .init($0.name, $0.scheme) }),
            ]
        }
    }

    var json: JSONValue {
        [
            "openapi": .string(OpenAPIDocument.version),
            "info": ["title": .string(title), "version": .string(version), "description": .string(description)],
            "tags": .array(tags.map { ["name": .string($0.name), "description": .string($0.description)] }),
            "paths": .object(paths.map { path in
                .init(path.path, .object(path.operations.map { .init($0.method, $0.operation.json) }))
            }),
            "components": components.json,
        ]
    }
}
