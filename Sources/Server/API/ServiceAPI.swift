import MappingEngine

/// The service described as OpenAPI 3.1: every route with its options, bodies and answers, and
/// every registered model's output (`{Model}`) and input (`{Model}-Input`) as components.
enum ServiceAPI {
    /// The document for the models and profiles of `registry`; its version is the registry's
    /// digest, so two replicas serving the same models and profiles serve the same document.
    /// Under an output profile (`?profile=NAME`) every `{Model}` component describes what that
    /// profile writes; without one, `{Model}.{profile}` describes what each profile writes.
    static func document(for registry: SchemaRegistry, profile: OutputProfile?) -> OpenAPIDocument {
        var components = APIComponents.components
        components.schemas = APISchemas.all
        let profiles = registry.listedProfiles
        components.parameters.append((ProfileParameter.name, ProfileParameter.parameter(profiles, described: profile?.name)))
        let alternatives = profile == nil ? profiles : []
        return OpenAPIDocument(
            title: "convertd",
            version: registry.digest,
            description: "Turns messy upstream JSON into clean, typed, normalized JSON by declarative model schemas. "
                + "Each registered model has its own `/convert/{Model}`, `/reverse/{Model}` and `/schemas/{Model}/example` operations; `{Model}` is its "
                + "output and `{Model}-Input` the upstream shape it reads. Every answer outside validation is "
                + "`{\"errors\": [{\"code\", \"message\", …}]}` with a stable `code`.",
            tags: [
                ("conversion", "Upstream payloads to normalized documents and back."),
                ("schemas", "The models served."),
                ("admin", "Changing the models at run time (needs the admin token)."),
                ("operation", "Probes, counters, this document and the playground."),
            ],
            models: registry.names,
            modelPaths: {
                ConversionOperations(model: $0, profiles: alternatives.map(\.name)).paths + ExampleOperation(model: $0).paths
                    + ContractOperations.pinnedPaths(of: $0, versions: registry.versions.versions(of: $0).map(\.number))
            },
            modelSchemas: {
                ConversionOperations.components(of: $0, in: registry, profile: profile?.options ?? OutputOptions(), profiles: alternatives)
            },
            paths: ConversionOperations(model: nil).paths + ExampleOperation(model: nil).paths + fixedPaths + ContractOperations.fixedPaths,
            components: components
        )
    }

    /// `answers` with the transport's answers added where the operation does not list its own.
    static func responses(_ answers: [(status: String, response: OpenAPIReferable<OpenAPIResponse>)])
        -> [(status: String, response: OpenAPIReferable<OpenAPIResponse>)] {
        let added = APIComponents.transport.filter { shared in !answers.contains { $0.status == shared.status } }
        return (answers + added.map { ($0.status, $0.reference) }).sorted { $0.status < $1.status }
    }

    /// 422 with every validation error of the payload.
    static let validationFailure = OpenAPIResponse(
        description: "The payload does not fit the model: every error, each with its path and stable code.",
        headers: APIComponents.traced, content: [("application/json", APISchemas.ref(APISchemas.validationFailure))]
    )

    /// A 200 answer with a JSON body of the component `schema`.
    private static func ok(_ description: String, _ schema: String) -> (status: String, response: OpenAPIReferable<OpenAPIResponse>) {
        ("200", .value(OpenAPIResponse(description: description, headers: APIComponents.traced,
                                       content: [("application/json", APISchemas.ref(schema))])))
    }

    /// A 200 answer whose body is text of `mediaType`.
    private static func text(_ description: String, _ mediaType: String) -> (status: String, response: OpenAPIReferable<OpenAPIResponse>) {
        ("200", .value(OpenAPIResponse(description: description, headers: APIComponents.traced,
                                       content: [(mediaType, ["type": "string"])])))
    }

    /// An answer with an error body, specific to one operation.
    private static func error(_ status: String, _ description: String) -> (status: String, response: OpenAPIReferable<OpenAPIResponse>) {
        (status, .value(OpenAPIResponse(description: description, headers: APIComponents.traced,
                                        content: [("application/json", APISchemas.ref(APISchemas.error))])))
    }

    /// The admin answers: no token, the wrong one, none configured.
    private static let adminRefusals: [(status: String, response: OpenAPIReferable<OpenAPIResponse>)] = [
        ("401", APIComponents.Response.unauthorized.reference), ("403", APIComponents.Response.adminDisabled.reference),
    ]

    /// A `GET` with `parameters` (none by default) beside the tracing headers.
    private static func get(_ id: String, _ summary: String, tag: String, parameters: [OpenAPIReferable<OpenAPIParameter>] = [],
                            _ answers: [(status: String, response: OpenAPIReferable<OpenAPIResponse>)]) -> OpenAPIOperation {
        OpenAPIOperation(operationID: id, summary: summary, tags: [tag], parameters: parameters + APIComponents.tracing, responses: responses(answers))
    }

    /// `{"profiles": [{"name", "builtIn", "options"}]}`.
    private static let profilesBody: JSONValue = [
        "type": "object", "required": ["profiles"],
        "properties": ["profiles": ["type": "array", "items": [
            "type": "object", "required": ["name", "builtIn", "options"],
            "properties": ["name": ["type": "string"], "builtIn": ["type": "boolean"],
                           "options": ["type": "object", "additionalProperties": ["type": "string"]]],
        ]]],
    ]

    private static let registryChanged = "The change was made: the generation now served and the models added, replaced and removed."

    /// A name that pins a version, which is read or has its state set but is never replaced or
    /// removed on its own.
    private static let pinnedVersion = error("405", "The name pins a version (`Book@2`): a version is never replaced or removed, "
                                                 + "only read or its state set (`PATCH /schemas/{Model}@{version}`).")

    /// Every route but the conversions.
    private static var fixedPaths: [(path: String, operations: [(method: String, operation: OpenAPIOperation)])] {
        let schema = [APIComponents.Parameter.schema.reference] + APIComponents.tracing
        return [
            ("/schemas", [("get", get("listSchemas", "Every model served, with the registry's generation and digest", tag: "schemas", [
                ok("The models.", APISchemas.schemaList),
            ]))]),
            ("/schemas/reload", [("post", OpenAPIOperation(
                operationID: "reloadSchemas", summary: "Load the schema directory again now", tags: ["admin"],
                parameters: APIComponents.tracing,
                responses: responses([ok(registryChanged, APISchemas.registryChange)] + adminRefusals + [
                    error("422", "The directory has mistakes (`invalid_schema`, one entry each); the schemas served stay."),
                ]),
                security: [APIComponents.adminToken]
            ))]),
            ("/schemas/{schema}", [
                ("get", OpenAPIOperation(
                    operationID: "getSchema", summary: "A model with inheritance resolved, and its output's JSON Schema", tags: ["schemas"],
                    parameters: schema + [ProfileParameter.reference],
                    responses: responses([ok("The model.", APISchemas.schemaDetail), ("404", APIComponents.Response.notFound.reference)])
                )),
                ("put", OpenAPIOperation(
                    operationID: "putSchema", summary: "Add or replace a model",
                    description: "The body is a whole schema file that defines the model and may define the models it needs. Without "
                        + "`--persist` the change lasts until the process restarts.",
                    tags: ["admin"], parameters: schema,
                    requestBody: .init(description: "A schema file, as JSON or YAML.", required: true, content: [
                        ("application/json", APISchemas.ref(APISchemas.schemaFile)),
                        ("application/yaml", APISchemas.ref(APISchemas.schemaFile)),
                    ]),
                    responses: responses([
                        ok("The model replaced another of its name. " + registryChanged, APISchemas.registryChange),
                        ("201", .value(OpenAPIResponse(description: "The model is new. " + registryChanged, headers: APIComponents.traced,
                                                       content: [("application/json", APISchemas.ref(APISchemas.registryChange))]))),
                        ("404", APIComponents.Response.notFound.reference),
                        pinnedVersion,
                        ("415", APIComponents.Response.unsupportedMediaType.reference),
                        error("422", "The file has mistakes (`invalid_schema`, one entry each with `file`, `model`, `property`) or does "
                                  + "not define the model (`model_not_defined`); nothing changed."),
                    ] + adminRefusals),
                    security: [APIComponents.adminToken]
                )),
                ("delete", OpenAPIOperation(
                    operationID: "deleteSchema", summary: "Remove a model no other model uses", tags: ["admin"],
                    parameters: schema,
                    responses: responses([
                        ok(registryChanged, APISchemas.registryChange),
                        ("404", APIComponents.Response.notFound.reference),
                        pinnedVersion,
                        error("409", "Other models extend or use it (`in_use`, with `usedBy`)."),
                    ] + adminRefusals),
                    security: [APIComponents.adminToken]
                )),
            ]),
            ("/infer", [("post", infer)]),
            ("/profiles", [("get", get("getProfiles", "The output profiles a conversion may pick with ?profile=NAME", tag: "schemas", [
                ("200", .value(OpenAPIResponse(description: "Built-in profiles first, then the declared ones, each with the options it sets.",
                                               headers: APIComponents.traced, content: [("application/json", profilesBody)]))),
            ]))]),
            ("/stats", [("get", get("getStats", "The meta cache's counters, requests by status, in flight, uptime", tag: "operation", [
                ok("The counters.", APISchemas.stats),
            ]))]),
            ("/metrics", [("get", get("getMetrics", "The counters in the Prometheus text format", tag: "operation", [
                text("Prometheus text exposition 0.0.4.", "text/plain"),
            ]))]),
            ("/healthz", [("get", get("getHealth", "Liveness: the process answers", tag: "operation", [
                ok("Alive: `{\"status\": \"ok\"}`.", APISchemas.status),
            ]))]),
            ("/readyz", [("get", get("getReadiness", "Readiness: the schemas are loaded and the process is not draining", tag: "operation", [
                ok("Ready: `{\"status\": \"ready\"}`.", APISchemas.status),
                ("503", .value(OpenAPIResponse(description: "`loading` or `draining`; or over the connection limit (`overloaded`).",
                                               headers: APIComponents.traced, content: [("application/json", [
                                                   "anyOf": [APISchemas.ref(APISchemas.status), APISchemas.ref(APISchemas.error)],
                                               ])]))),
            ]))]),
            ("/openapi.json", [("get", get("getOpenAPI", "This document", tag: "operation", parameters: [ProfileParameter.reference], [
                ("200", .value(OpenAPIResponse(description: "OpenAPI 3.1 of the service and of every model served now.",
                                               headers: APIComponents.traced, content: [("application/json", [
                                                   "type": "object", "required": ["openapi", "info", "paths", "components"],
                                               ])]))),
            ]))]),
            ("/", [("get", get("getPlayground", "The playground: convert a pasted payload, see errors, coercions, schemas", tag: "operation", [
                text("The playground page.", "text/html"),
            ]))]),
            ("/playground.css", [("get", get("getPlaygroundStyle", "The playground's style sheet", tag: "operation", [
                text("CSS.", "text/css"),
            ]))]),
            ("/playground.js", [("get", get("getPlaygroundScript", "The playground's script", tag: "operation", [
                text("JavaScript.", "text/javascript"),
            ]))]),
        ]
    }

    /// `POST /infer`: a schema file from sample payloads.
    private static var infer: OpenAPIOperation {
        OpenAPIOperation(
            operationID: "inferSchema", summary: "Infer a schema file that converts every sample",
            description: "Types are widened across samples, optional and nullable found from them, numbers and dates in strings "
                + "recognized, nested objects made models of their own, the key style detected.",
            tags: ["schemas"],
            parameters: [
                .value(OpenAPIParameter(name: "model", location: .query, description: "The name of the top model.", required: true,
                                        schema: ["type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"])),
                .value(OpenAPIParameter(name: "format", location: .query, description: "The schema file's syntax.",
                                        schema: ["type": "string", "enum": ["yaml", "json"], "default": "yaml"])),
            ] + APIComponents.tracing,
            requestBody: .init(description: "Samples: a JSON object, an array of objects, or NDJSON.", required: true, content: [
                ("application/json", ["anyOf": [["type": "object"], ["type": "array", "minItems": 1, "items": ["type": "object"]]]]),
                ("application/x-ndjson", ["type": "string", "description": "One JSON object per line."]),
            ]),
            responses: responses([
                ("200", .value(OpenAPIResponse(description: "The schema file, ready for `schemas/` or `PUT /schemas/{Model}`.",
                                               headers: APIComponents.traced, content: [
                                                   ("application/yaml", APISchemas.ref(APISchemas.schemaFile)),
                                                   ("application/json", APISchemas.ref(APISchemas.schemaFile)),
                                               ]))),
                ("400", APIComponents.Response.badRequest.reference),
                ("415", APIComponents.Response.unsupportedMediaType.reference),
                error("422", "Nothing to infer from (`no_samples`), or more than inference takes (`too_complex`)."),
            ])
        )
    }
}
