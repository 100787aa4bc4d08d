import MappingEngine

/// `GET /schemas/…/example`: for each registered model an operation of its own, whose answer is
/// the model's input component (`{Model}-Input`), so the example is checked against the upstream
/// shape the model reads; and the templated form for a model registered after the document was read.
struct ExampleOperation {
    /// The model, or nil for the templated `{schema}` form.
    let model: String?

    var paths: [(path: String, operations: [(method: String, operation: OpenAPIOperation)])] {
        [("/schemas/\(model ?? "{schema}")/example", [("get", operation)])]
    }

    private var operation: OpenAPIOperation {
        let body: JSONValue = model.map { APISchemas.ref(ConversionOperations.input($0)) }
            ?? ["type": "object", "description": "The model's input: an object `POST /convert/{schema}` converts."]
        return OpenAPIOperation(
            operationID: "getExample" + (model ?? ""),
            summary: "An example payload " + (model.map { "`\($0)`" } ?? "the model") + " converts",
            description: "Written from the schema: every property at the key it reads first, with a value its type and checks "
                + "take (its `enum`, `values` or `default`, else one made for it); a discriminator's first tag; one element "
                + "in each array and entry in each map. It converts in lax mode, and in strict mode where values of their "
                + "natural JSON types will do.",
            tags: ["schemas"],
            parameters: (model == nil ? [APIComponents.Parameter.schema.reference] : []) + APIComponents.tracing,
            responses: ServiceAPI.responses([
                ("200", .value(OpenAPIResponse(description: "The example, in the upstream shape.", headers: APIComponents.traced,
                                               content: [("application/json", body)]))),
                ("404", APIComponents.Response.notFound.reference),
            ])
        )
    }
}
