import MappingEngine

/// An OpenAPI 3.1 document, typed down to its operations, parameters and responses. The JSON
/// Schemas inside stay `JSONValue`s, so the schemas the engine exports go in digit for digit
/// (an integer bound such as uint64's maximum does not fit a typed `Int` or survive a `Double`).
///
/// The registered models' parts are not held: each model's paths and schemas are made as the
/// document is written and dropped after, so the document exists only as its text. A tree of the
/// whole document took seven times the text's memory, tens of megabytes per thousand models.
struct OpenAPIDocument: Sendable {
    static let version = "3.1.1"
    typealias Path = (path: String, operations: [(method: String, operation: OpenAPIOperation)])

    var title: String
    var version: String
    var description: String
    /// Tag name → what its operations are about, in document order.
    var tags: [(name: String, description: String)]
    /// The registered models, in document order: each one's paths come before `paths`, and its
    /// schemas after `components.schemas`.
    var models: [String] = []
    /// A model's operations, by path.
    var modelPaths: @Sendable (String) -> [Path] = { _ in [] }
    /// A model's component schemas, by name.
    var modelSchemas: @Sendable (String) -> [(name: String, schema: JSONValue)] = { _ in [] }
    /// Path → its operations by lowercase method, in document order.
    var paths: [Path]
    var components: Components

    /// The reusable parts that operations `$ref`.
    struct Components {
        var schemas: [(name: String, schema: JSONValue)] = []
        var parameters: [(name: String, parameter: OpenAPIParameter)] = []
        var headers: [(name: String, header: OpenAPIHeader)] = []
        var responses: [(name: String, response: OpenAPIResponse)] = []
        /// Name → security scheme object.
        var securitySchemes: [(name: String, scheme: JSONValue)] = []

        /// Every section but `schemas`, which the document writes with its models' schemas.
        var otherSections: [(name: String, value: JSONValue)] {
            [
                ("parameters", .object(parameters.map { .init($0.name, $0.parameter.json) })),
                ("headers", .object(headers.map { .init($0.name, $0.header.json) })),
                ("responses", .object(responses.map { .init($0.name, $0.response.json) })),
                ("securitySchemes", .object(securitySchemes.map { .init($0.name, $0.scheme) })),
            ]
        }
    }

    /// Writes the document as minified JSON, one model's parts at a time.
    func write(to out: inout JSONWriter) {
        var document = ObjectWriter()
        document.member("openapi", .string(OpenAPIDocument.version), &out)
        document.member("info", ["title": .string(title), "version": .string(version), "description": .string(description)], &out)
        document.member("tags", .array(tags.map { ["name": .string($0.name), "description": .string($0.description)] }), &out)
        document.key("paths", &out)
        var pathList = ObjectWriter()
        func add(_ path: Path) {
            pathList.member(path.path, .object(path.operations.map { .init($0.method, $0.operation.json) }), &out)
        }
        for model in models { modelPaths(model).forEach(add) }
        paths.forEach(add)
        pathList.close(&out)
        document.key("components", &out)
        var sections = ObjectWriter()
        sections.key("schemas", &out)
        var schemas = ObjectWriter()
        for schema in components.schemas { schemas.member(schema.name, schema.schema, &out) }
        for model in models {
            for schema in modelSchemas(model) { schemas.member(schema.name, schema.schema, &out) }
        }
        schemas.close(&out)
        for section in components.otherSections { sections.member(section.name, section.value, &out) }
        sections.close(&out)
        document.close(&out)
    }
}

/// A JSON object written member by member, as `JSONValue.write` writes one.
private struct ObjectWriter {
    /// Whether no member is written yet.
    private var empty = true

    /// Opens the object or separates this member from the last, then writes `key` and its colon.
    mutating func key(_ key: String, _ out: inout JSONWriter) {
        out.byte(UInt8(ascii: empty ? "{" : ","))
        empty = false
        out.string(key)
        out.byte(UInt8(ascii: ":"))
    }

    /// Writes one member.
    mutating func member(_ key: String, _ value: JSONValue, _ out: inout JSONWriter) {
        self.key(key, &out)
        value.write(to: &out)
    }

    /// Ends the object (`{}` when no member was written).
    func close(_ out: inout JSONWriter) {
        if empty { out.byte(UInt8(ascii: "{")) }
        out.byte(UInt8(ascii: "}"))
    }
}
