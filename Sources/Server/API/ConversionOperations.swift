import MappingEngine

/// `POST /convert/…` and `POST /reverse/…`: for each registered model an operation of its own,
/// whose bodies are that model's components (so a generated client gets a typed method per
/// model), and the templated form for a model registered after the document was read.
struct ConversionOperations {
    /// The model, or nil for the templated `{schema}` form.
    let model: String?
    /// The profiles whose output a conversion may answer besides `{Model}`, each its
    /// `{Model}.{profile}` component; none in a document of one profile.
    var profiles: [String] = []

    /// `{Model}`: the model's output.
    static func output(_ model: String) -> String { model }
    /// `{Model}-Input`: the upstream shape the model reads.
    static func input(_ model: String) -> String { model + "-Input" }

    /// The model's components: its output (JSON Schema from the engine's exporter), its output
    /// under each of `profiles`, and its input.
    static func components(of model: String, in registry: SchemaRegistry, profile: OutputOptions,
                           profiles: [OutputProfile]) -> [(name: String, schema: JSONValue)] {
        var components: [(name: String, schema: JSONValue)] = []
        if let output = JSONSchemaExporter(registry: registry, profile: profile).component(for: model, reference: { APISchemas.pointer(ConversionOperations.output($0)) }) {
            components.append((ConversionOperations.output(model), output))
        }
        for alternative in profiles {
            let name = alternative.name
            if let output = JSONSchemaExporter(registry: registry, profile: alternative.options).component(
                for: model, reference: { APISchemas.pointer(ProfileParameter.output($0, profile: name)) }) {
                components.append((ProfileParameter.output(model, profile: name), output))
            }
        }
        if let input = InputSchemaExporter(registry: registry).component(for: model, reference: { APISchemas.pointer(ConversionOperations.input($0)) }) {
            components.append((ConversionOperations.input(model), input))
        }
        return components
    }

    private var path: (convert: String, reverse: String) {
        let segment = model ?? "{schema}"
        return ("/convert/\(segment)", "/reverse/\(segment)")
    }

    private var schemaParameter: [OpenAPIReferable<OpenAPIParameter>] {
        model == nil ? [APIComponents.Parameter.schema.reference] : []
    }

    /// The model's output: `{Model}`, or any of its forms when profiles may pick another.
    private func output(of model: String) -> JSONValue {
        let forms = [APISchemas.ref(ConversionOperations.output(model))]
            + profiles.map { APISchemas.ref(ProfileParameter.output(model, profile: $0)) }
        return forms.count == 1 ? forms[0] : ["anyOf": .array(forms)]
    }

    /// An object or an array, as alternatives (not a list of types, which Schemathesis 4.32
    /// cannot read inside `anyOf`).
    private static let objectOrArray: JSONValue = ["anyOf": [["type": "object"], ["type": "array"]]]

    /// One object or an array of them, each as `item`.
    private static func oneOrMany(_ item: JSONValue) -> JSONValue {
        ["anyOf": [item, ["type": "array", "items": item]]]
    }

    /// Both operations, by path.
    var paths: [(path: String, operations: [(method: String, operation: OpenAPIOperation)])] {
        [(path.convert, [("post", convert)]), (path.reverse, [("post", reverse)])]
    }

    private var convert: OpenAPIOperation {
        let body: JSONValue
        let result: JSONValue
        if let model {
            // An array's items may also be `[]`, which lax mode reads as an empty object.
            let item: JSONValue = ["anyOf": [APISchemas.ref(ConversionOperations.input(model)), ["type": "array", "maxItems": 0]]]
            body = ["anyOf": [APISchemas.ref(ConversionOperations.input(model)), ["type": "array", "items": item]]]
            result = ConversionOperations.oneOrMany(output(of: model))
        } else {
            body = ["type": ["object", "array"], "description": "The model's input: one object, or an array of them."]
            result = ConversionOperations.objectOrArray
        }
        let explained: JSONValue = ["allOf": [APISchemas.ref(APISchemas.explanation), ["properties": ["result": result]]]]
        let name = model.map { "`\($0)`" } ?? "the model"
        return OpenAPIOperation(
            operationID: "convert" + (model ?? ""),
            summary: "Convert a payload into \(name)",
            description: "An object gives the normalized object; an array gives an array of them, errors carrying the item's index "
                + "first in their path. With `Content-Type: application/x-ndjson` every line is converted as it arrives and "
                + "answered by one line: the result, or `{\"line\": N, \"errors\": […]}`.",
            tags: ["conversion"],
            parameters: schemaParameter + [APIComponents.Parameter.mode.reference, APIComponents.Parameter.explain.reference,
                                           APIComponents.Parameter.pretty.reference, APIComponents.Parameter.onError.reference,
                                           ProfileParameter.reference]
                + APIComponents.tracing,
            requestBody: .init(description: "The upstream payload.", required: true, content: [
                ("application/json", body),
                ("application/x-ndjson", ["type": "string", "description": "One JSON value per line; blank lines are skipped."]),
            ]),
            responses: ServiceAPI.responses([
                ("200", .value(OpenAPIResponse(description: "The normalized document (with `explain`, wrapped with how it was reached).",
                                               headers: APIComponents.traced
                                                   + [(APIComponents.Header.warnings.rawValue, APIComponents.Header.warnings.reference)],
                                               content: [
                                                   ("application/json", ["anyOf": [result, explained]]),
                                                   ("application/x-ndjson", ["type": "string", "description": "One result line per input line."]),
                                               ]))),
                ("400", APIComponents.Response.badRequest.reference),
                ("404", APIComponents.Response.notFound.reference),
                ("415", APIComponents.Response.unsupportedMediaType.reference),
                ("422", .value(ServiceAPI.validationFailure)),
            ])
        )
    }

    private var reverse: OpenAPIOperation {
        let body: JSONValue
        let result: JSONValue
        if let model {
            body = ConversionOperations.oneOrMany(output(of: model))
            result = ConversionOperations.oneOrMany(APISchemas.ref(ConversionOperations.input(model)))
        } else {
            body = ["type": ["object", "array"], "description": "Normalized objects of the model: one, or an array of them."]
            result = ConversionOperations.objectOrArray
        }
        let name = model.map { "`\($0)`" } ?? "the model"
        return OpenAPIOperation(
            operationID: "reverse" + (model ?? ""),
            summary: "Map normalized \(name) back to the upstream shape",
            description: "Each property goes to its first `from` candidate (key paths and pointers rebuilt as nested objects and "
                + "arrays), the `keys` style applied, `values` tables inverted, dates written in the first of their `formats`.",
            tags: ["conversion"],
            parameters: schemaParameter + [APIComponents.Parameter.pretty.reference, ProfileParameter.reference] + APIComponents.tracing,
            requestBody: .init(description: "Normalized documents, as `convert` answers them (under `profile`, as that profile writes them).",
                               required: true, content: [("application/json", body)]),
            responses: ServiceAPI.responses([
                ("200", .value(OpenAPIResponse(description: "The upstream shape.", headers: APIComponents.traced,
                                               content: [("application/json", result)]))),
                ("400", APIComponents.Response.badRequest.reference),
                ("404", APIComponents.Response.notFound.reference),
                ("415", APIComponents.Response.unsupportedMediaType.reference),
                ("422", .value(ServiceAPI.validationFailure)),
            ])
        )
    }
}
