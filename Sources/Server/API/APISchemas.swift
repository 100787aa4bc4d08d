import MappingEngine

/// The JSON Schemas of the service's own bodies — errors, the registry, the counters, the probes
/// — as the components of the OpenAPI document. Their names hold a `-`, which no model name can,
/// so a model never collides with them (a model's input is `{Model}-Input` for the same reason).
enum APISchemas {
    static let error = "convertd-Error"
    static let errorEntry = "convertd-ErrorEntry"
    static let validationFailure = "convertd-ValidationFailure"
    static let validationError = "convertd-ValidationError"
    static let explanation = "convertd-Explanation"
    static let schemaList = "convertd-SchemaList"
    static let modelDescription = "convertd-ModelDescription"
    static let schemaDetail = "convertd-SchemaDetail"
    static let registryChange = "convertd-RegistryChange"
    static let stats = "convertd-Stats"
    static let status = "convertd-Status"
    static let schemaFile = "convertd-SchemaFile"

    /// Where the component schema `name` is in the document.
    static func pointer(_ name: String) -> String {
        "#/components/schemas/\(name)"
    }

    /// A `$ref` to the component schema `name`.
    static func ref(_ name: String) -> JSONValue {
        ["$ref": .string(pointer(name))]
    }

    /// Every fixed schema, by component name.
    static var all: [(name: String, schema: JSONValue)] {
        [
            (error, errorBody), (errorEntry, errorEntryBody),
            (validationFailure, validationFailureBody), (validationError, validationErrorBody),
            (explanation, explanationBody),
            (schemaList, schemaListBody), (modelDescription, modelDescriptionBody), (schemaDetail, schemaDetailBody),
            (registryChange, registryChangeBody), (stats, statsBody), (status, statusBody), (schemaFile, schemaFileBody),
        ]
    }

    private static let count: JSONValue = ["type": "integer", "minimum": 0]
    private static let names: JSONValue = ["type": "array", "items": ["type": "string"]]
    private static let timestamp: JSONValue = ["type": "string", "format": "date-time"]

    /// `ServiceError`'s body: every answer outside validation.
    private static let errorBody: JSONValue = [
        "title": "Error",
        "description": "Every answer outside validation: one entry, or one per mistake of a schema change.",
        "type": "object",
        "required": ["errors"],
        "properties": [
            "schema": ["type": "string", "description": "The model named, on `unknown_schema`."],
            "errors": ["type": "array", "minItems": 1, "items": ref(errorEntry)],
        ],
    ]

    private static let errorEntryBody: JSONValue = [
        "title": "ErrorEntry",
        "type": "object",
        "required": ["code", "message"],
        "properties": [
            "code": [
                "type": "string",
                "description": .string("Stable snake_case: " + ErrorCatalog.answerCodes.map { "`\($0)`" }.joined(separator: ", ")
                    + ". The README's error table gives each one's status, meaning and an example."),
            ],
            "message": ["type": "string"],
            "offset": ["type": "integer", "description": "`bad_json`: the byte offset of the mistake."],
            "line": ["type": "integer", "description": "`bad_json`: its line, from 1."],
            "column": ["type": "integer", "description": "`bad_json`: its column, from 1."],
            "usedBy": ["type": "array", "items": ["type": "string"], "description": "`in_use`: the models that use the one to delete."],
            "file": ["type": "string", "description": "`invalid_schema`: the file with the mistake."],
            "model": ["type": "string", "description": "`invalid_schema`: the model with the mistake."],
            "property": ["type": "string", "description": "`invalid_schema`: the property with the mistake."],
            "limit": ["type": "string", "description": "`invalid_schema`: the registry limit the schemas go over."],
            "expression": [
                "type": "object", "required": ["name", "code", "column", "source"],
                "description": "`invalid_schema`: a CEL expression refused, the kind of mistake and its 1-based column.",
                "properties": [
                    "name": ["type": "string", "description": "`rule 2`, `compute`, `transform` or `when 1`."],
                    "code": ["type": "string", "enum": .array(["syntax_error", "unknown_property", "type_error", "cost_unbounded",
                                                               "cost_exceeded", "invalid_pattern"].map { .string($0) })],
                    "column": ["type": "integer", "minimum": 1], "source": ["type": "string"],
                ],
            ],
        ],
    ]

    /// `ResultJSON.errors`: every validation error of a payload.
    private static let validationFailureBody: JSONValue = [
        "title": "ValidationFailure",
        "description": "Every validation error of the payload, at most `--max-errors`, then one `too_many_errors` entry with the total.",
        "type": "object",
        "required": ["schema", "errors"],
        "properties": [
            "schema": ["type": "string"],
            "errors": ["type": "array", "items": ref(validationError)],
        ],
    ]

    private static var validationErrorBody: JSONValue {
        [
            "title": "ValidationError",
            "type": "object",
            "required": ["path", "code", "message"],
            "properties": [
                "path": ["type": "string", "description": "JSON Pointer into the output (with the item index first for an array body)."],
                "source": ["type": "string", "description": "JSON Pointer into the input, when it differs from `path`."],
                // A rule may name its own code, so the built-in ones are listed, not enumerated.
                "code": [
                    "type": "string", "pattern": "^[a-z][a-z0-9_]*$",
                    "description": .string("One of " + ErrorCode.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                        + ", or the `code` a failed model rule declares."),
                ],
                "message": ["type": "string"],
                "input": ["description": "The offending value (a string cut to 100 characters when it was longer)."],
                "total": ["type": "integer", "description": "`too_many_errors`: how many errors there were in all."],
                "rule": ["type": "string", "description": "A failed model rule: its CEL expression."],
            ],
        ]
    }

    /// `ResultJSON.explained`: a conversion with `explain=true`.
    private static let explanationBody: JSONValue = [
        "title": "Explanation",
        "type": "object",
        "required": ["result", "coercions", "unknownKeys"],
        "properties": [
            "result": ["description": "The normalized object, or array of objects."],
            "coercions": [
                "type": "array",
                "items": [
                    "type": "object", "required": ["path", "rule", "input"],
                    "properties": ["path": ["type": "string"], "rule": ["type": "string"], "input": [:]],
                ],
            ],
            "unknownKeys": [
                "type": "array",
                "items": ["type": "object", "required": ["path", "input"], "properties": ["path": ["type": "string"], "input": [:]]],
            ],
            "coercionsOmitted": count,
            "unknownKeysOmitted": count,
            "warnings": [
                "type": "array",
                "description": "The values recovered from (`onError`, `onItemError`); present when there are any.",
                "items": [
                    "type": "object", "required": ["path", "code", "message", "action"],
                    "properties": [
                        "path": ["type": "string"], "source": ["type": "string"], "code": ["type": "string"],
                        "message": ["type": "string"],
                        "action": ["type": "string", "enum": .array(RecoveryAction.allCases.map { .string($0.rawValue) })],
                        "input": ["description": "The first error's offending value (a string cut to 100 characters when it was longer)."],
                        "errorPath": ["type": "string", "description": "Where that error was, when below `path`."],
                    ],
                ],
            ],
            "warningsOmitted": count,
        ],
    ]

    private static let schemaListBody: JSONValue = [
        "title": "SchemaList",
        "type": "object",
        "required": ["generation", "digest", "loadedAt", "models"],
        "properties": [
            "generation": count,
            "digest": ["type": "string", "description": "Over every model's name and version: equal on replicas serving the same models."],
            "loadedAt": timestamp,
            "models": [
                "type": "array",
                "items": [
                    "type": "object",
                    "required": ["name", "file", "version", "properties", "loadedAt"],
                    "properties": [
                        "name": ["type": "string"], "file": ["type": "string"], "version": ["type": "string"],
                        "properties": count, "extends": ["type": "string"], "loadedAt": timestamp,
                    ],
                ],
            ],
        ],
    ]

    private static let modelDescriptionBody: JSONValue = [
        "title": "ModelDescription",
        "description": "The model with inheritance, `include` and `exclude` applied, in the schema language's terms.",
        "type": "object",
        "required": ["name", "file", "version", "lineage", "keys", "unknownKeys", "properties"],
        "properties": [
            "name": ["type": "string"], "file": ["type": "string"], "version": ["type": "string"],
            "extends": ["type": "string"], "lineage": names, "description": ["type": "string"],
            "keys": ["type": "string", "enum": .array(KeyStyle.allCases.map { .string($0.rawValue) })],
            "unknownKeys": ["type": "string", "enum": .array(UnknownKeyPolicy.allCases.map { .string($0.rawValue) })],
            "required": ["const": "all"],
            "discriminator": [
                "type": "object",
                "description": "A tag (`style`, `from`, `content`, `mapping`, `caseInsensitive`) or `when` predicates, with an optional `fallback`.",
                "properties": [
                    "style": ["type": "string", "enum": .array(DiscriminatorStyle.allCases.map { .string($0.rawValue) })],
                    "from": ["type": "string"], "content": ["type": "string"], "caseInsensitive": ["type": "boolean"],
                    "mapping": ["type": "object", "additionalProperties": ["type": "string"]],
                    "when": ["type": "array", "items": ["type": "object", "required": ["if", "model"],
                                                        "properties": ["if": ["type": "string"], "model": ["type": "string"]]]],
                    "fallback": ["type": "string"],
                ],
            ],
            "properties": [
                "type": "object",
                "description": "Each property; a `compute` one (output only) has its type and expression, not `from` or `required`.",
                "additionalProperties": ["type": "object", "required": ["type"],
                                         "properties": ["type": ["type": "string"], "from": names, "required": ["type": "boolean"],
                                                        "compute": ["type": "string"], "transform": ["type": "string"]]],
            ],
            "rules": [
                "type": "array",
                "items": ["type": "object", "required": ["rule"],
                          "properties": ["rule": ["type": "string"], "path": ["type": "string"], "code": ["type": "string"],
                                         "message": ["type": "string"]]],
            ],
        ],
    ]

    private static let schemaDetailBody: JSONValue = [
        "title": "SchemaDetail",
        "type": "object",
        "required": ["model", "jsonSchema"],
        "properties": [
            "model": ref(modelDescription),
            "jsonSchema": ["type": "object", "description": "The model's output as a standalone JSON Schema (draft 2020-12)."],
        ],
    ]

    private static let registryChangeBody: JSONValue = [
        "title": "RegistryChange",
        "description": "What an accepted change did: the generation now served and the models added, replaced and removed.",
        "type": "object",
        "required": ["generation", "digest", "added", "replaced", "removed"],
        "properties": ["generation": count, "digest": ["type": "string"], "added": names, "replaced": names, "removed": names],
    ]

    private static let statsBody: JSONValue = [
        "title": "Stats",
        "type": "object",
        "required": ["cache", "requests", "errorsByCode", "recoveries", "bytes", "inFlight", "connections", "connectionsRefused", "models", "digest", "uptimeSeconds"],
        "properties": [
            "cache": [
                "type": "object",
                "required": ["entries", "hits", "misses", "builds", "buildMicroseconds", "invalidations", "generation"],
                "properties": [
                    "entries": count, "hits": count, "misses": count, "builds": count, "buildMicroseconds": count,
                    "invalidations": count, "generation": count,
                ],
            ],
            "requests": [
                "type": "object",
                "required": ["total", "byStatus"],
                "properties": ["total": count, "byStatus": ["type": "object", "additionalProperties": count]],
            ],
            "errorsByCode": ["type": "object", "additionalProperties": count, "description": "Errors answered, by code."],
            "recoveries": [
                "type": "object",
                "required": ["total", "byAction", "byCode"],
                "description": "Values recovered from (`onError`, `onItemError`) in the answers given; the code and action `unlisted` count those past --max-errors.",
                "properties": [
                    "total": count, "byAction": ["type": "object", "additionalProperties": count],
                    "byCode": ["type": "object", "additionalProperties": count],
                ],
            ],
            "bytes": ["type": "object", "required": ["in", "out"], "properties": ["in": count, "out": count]],
            "inFlight": count, "connections": count, "connectionsRefused": count, "models": count, "digest": ["type": "string"],
            "uptimeSeconds": ["type": "number", "minimum": 0],
        ],
    ]

    private static let statusBody: JSONValue = [
        "title": "Status",
        "type": "object",
        "required": ["status"],
        "properties": ["status": ["type": "string", "enum": ["ok", "ready", "loading", "draining"]]],
    ]

    private static let schemaFileBody: JSONValue = [
        "title": "SchemaFile",
        "description": .string("A schema file: model names mapped to model definitions (see the README's schema language). "
            + "It must define the model the path names and may define the models that one needs."),
        "type": "object",
        "additionalProperties": ["type": "object", "description": "A model: `properties`, `extends`, `keys`, `unknownKeys`…"],
    ]
}
