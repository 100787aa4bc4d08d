import MappingEngine

/// The data-contract operations (SPEC §11): for each model, its conversions pinned to one of its
/// versions (`/convert/Book@{version}`, `/reverse/Book@{version}`); and the versions, a version's
/// state, the compatibility dry run and the drift report of any model.
struct ContractOperations {
    /// The version path parameter: for a model, one of the numbers its ledger keeps.
    static func versionParameter(_ numbers: [Int]) -> OpenAPIReferable<OpenAPIParameter> {
        var schema: [String: JSONValue] = ["type": "integer", "minimum": 1, "maximum": 999_999_999]
        if !numbers.isEmpty { schema["enum"] = .array(numbers.map { .number(String($0)) }) }
        return .value(OpenAPIParameter(name: "version", location: .path,
                                       description: "A version of the model; `GET /schemas/{schema}/versions` lists them.",
                                       schema: .object(schema.keys.sorted().compactMap { key in schema[key].map { .init(key, $0) } })))
    }

    /// `/convert/{Model}@{version}` and `/reverse/{Model}@{version}` for each model.
    static func pinnedPaths(of model: String, versions: [Int]) -> [(path: String, operations: [(method: String, operation: OpenAPIOperation)])] {
        let parameters = [versionParameter(versions)]
        let note = " pinned to one of its versions: the body and the answer follow that version's schemas (`GET /schemas/\(model)@{version}`). "
            + "A deprecated version answers with `Deprecation` and, when set, `Sunset` headers; a disabled one answers 410."
        let answers: [(status: String, response: OpenAPIReferable<OpenAPIResponse>)] = [
            ("200", .value(OpenAPIResponse(description: "The answer of the version.", headers: APIComponents.traced + [
                ("Deprecation", .value(OpenAPIHeader(description: "The version is deprecated, since this date (RFC 9745).", required: false, schema: ["type": "string"]))),
                ("Sunset", .value(OpenAPIHeader(description: "When the deprecated version is to be disabled (RFC 8594).", required: false, schema: ["type": "string"]))),
            ], content: [("application/json", ["anyOf": [["type": "object"], ["type": "array"]]])]))),
            ("400", APIComponents.Response.badRequest.reference),
            ("404", APIComponents.Response.notFound.reference),
            ("410", ContractOperations.error("The version is disabled (`version_disabled`).")),
            ("415", APIComponents.Response.unsupportedMediaType.reference),
            ("422", .value(ServiceAPI.validationFailure)),
        ]
        let body: JSONValue = ["type": ["object", "array"], "description": "One object or an array of them, as the version reads (or writes)."]
        return [
            ("/convert/\(model)@{version}", [("post", OpenAPIOperation(
                operationID: "convert\(model)Version", summary: "Convert a payload into `\(model)`" + note.prefix(while: { $0 != ":" }),
                description: "Convert into `\(model)`" + note, tags: ["conversion"],
                parameters: parameters + [APIComponents.Parameter.mode.reference, APIComponents.Parameter.explain.reference,
                                          APIComponents.Parameter.pretty.reference, ProfileParameter.reference] + APIComponents.tracing,
                requestBody: .init(description: "The upstream payload.", required: true, content: [("application/json", body)]),
                responses: ServiceAPI.responses(answers)))]),
            ("/reverse/\(model)@{version}", [("post", OpenAPIOperation(
                operationID: "reverse\(model)Version", summary: "Map normalized `\(model)` back" + note.prefix(while: { $0 != ":" }),
                description: "Reverse `\(model)`" + note, tags: ["conversion"],
                parameters: parameters + [APIComponents.Parameter.pretty.reference, ProfileParameter.reference] + APIComponents.tracing,
                requestBody: .init(description: "Normalized documents of the version.", required: true, content: [("application/json", body)]),
                responses: ServiceAPI.responses(answers)))]),
        ]
    }

    /// An answer with an error body.
    static func error(_ description: String) -> OpenAPIReferable<OpenAPIResponse> {
        .value(OpenAPIResponse(description: description, headers: APIComponents.traced,
                               content: [("application/json", APISchemas.ref(APISchemas.error))]))
    }

    /// A 200 answer with a JSON object body.
    private static func object(_ description: String) -> (status: String, response: OpenAPIReferable<OpenAPIResponse>) {
        ("200", .value(OpenAPIResponse(description: description, headers: APIComponents.traced, content: [("application/json", ["type": "object"])])))
    }

    private static let adminRefusals: [(status: String, response: OpenAPIReferable<OpenAPIResponse>)] = [
        ("401", APIComponents.Response.unauthorized.reference), ("403", APIComponents.Response.adminDisabled.reference),
    ]

    /// The routes of any model's contract.
    static var fixedPaths: [(path: String, operations: [(method: String, operation: OpenAPIOperation)])] {
        let schema = [APIComponents.Parameter.schema.reference] + APIComponents.tracing
        let notFound = ("404", APIComponents.Response.notFound.reference)
        return [
            ("/schemas/{schema}/versions", [("get", OpenAPIOperation(
                operationID: "getSchemaVersions", summary: "A model's versions, with digest, time, state and its compatibility level",
                tags: ["schemas"], parameters: schema,
                responses: ServiceAPI.responses([object("`{\"model\", \"latest\", \"compatibility\", \"digest\", \"versions\": [{\"version\", \"digest\", \"created\", \"state\", \"since\", \"sunset\"}]}`."), notFound])))]),
            ("/schemas/{schema}/drift", [("get", OpenAPIOperation(
                operationID: "getSchemaDrift", summary: "What sampled live traffic sent that the model did not expect",
                description: "Over a sliding window (`--drift-window`): unknown keys with counts, kinds and an example; coercions and "
                    + "recoveries that fired; error codes by path; values outside an `enum`. Each list keeps at most `--drift-entries` "
                    + "entries, whatever the traffic sends.",
                tags: ["schemas"], parameters: schema, responses: ServiceAPI.responses([object("The drift report."), notFound])))]),
            ("/schemas/{schema}/compatibility", [("post", OpenAPIOperation(
                operationID: "checkSchemaCompatibility", summary: "Would this schema file keep the compatibility of the models it changes?",
                description: "The dry run of `PUT /schemas/{schema}`: nothing is served. Each model the file changes is checked at its "
                    + "level: its breaking changes (`side`, `path`, `kind`, `old`, `new`) and the examples it answers differently.",
                tags: ["admin"], parameters: schema,
                requestBody: .init(description: "A schema file, as JSON or YAML.", required: true, content: [
                    ("application/json", APISchemas.ref(APISchemas.schemaFile)), ("application/yaml", APISchemas.ref(APISchemas.schemaFile)),
                ]),
                responses: ServiceAPI.responses([object("`{\"compatible\", \"models\": [verdict…]}`."), notFound,
                                                 ("415", APIComponents.Response.unsupportedMediaType.reference),
                                                 ("422", error("The file cannot be served at all (`invalid_schema`, `model_not_defined`)."))]
                                                + adminRefusals),
                security: [APIComponents.adminToken]))]),
            ("/schemas/{schema}@{version}", [
                ("get", OpenAPIOperation(
                    operationID: "getSchemaVersion", summary: "A version of a model, and its output's JSON Schema", tags: ["schemas"],
                    parameters: schema + [versionParameter([]), ProfileParameter.reference],
                    responses: ServiceAPI.responses([("200", .value(OpenAPIResponse(description: "The version's model.", headers: APIComponents.traced,
                                                                                    content: [("application/json", APISchemas.ref(APISchemas.schemaDetail))]))),
                                                     notFound]))),
                ("patch", OpenAPIOperation(
                    operationID: "setSchemaVersionState", summary: "Deprecate, disable or reactivate a version",
                    tags: ["admin"], parameters: schema + [versionParameter([])],
                    requestBody: .init(description: "The state, and when a deprecated version is to go.", required: true, content: [
                        ("application/json", [
                            "type": "object", "required": ["state"], "additionalProperties": false,
                            "properties": ["state": ["type": "string", "enum": .array(ModelVersion.State.allCases.map { .string($0.rawValue) })],
                                           "sunset": ["type": "string", "format": "date-time"]],
                        ]),
                    ]),
                    responses: ServiceAPI.responses([object("The version now."), notFound,
                                                     ("400", APIComponents.Response.badRequest.reference)] + adminRefusals),
                    security: [APIComponents.adminToken])),
            ]),
        ]
    }
}
