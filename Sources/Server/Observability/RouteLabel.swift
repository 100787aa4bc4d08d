/// The `route` label of the request metrics: one value per endpoint, whatever the schema or path
/// the client named, so a client cannot grow the number of series.
enum RouteLabel: Int, CaseIterable, Sendable {
    case convert, reverse, schemas, schema, putSchema, deleteSchema, reloadSchemas, infer
    /// `GET /schemas/{Model}/example`.
    case schemaExample
    case stats, metrics, health, ready
    /// The playground page and its files (`/`, `/playground.css`, `/playground.js`).
    case playground
    /// `GET /openapi.json`.
    case openAPI
    /// `GET /profiles`.
    case profiles
    /// `GET /schemas/{Model}/versions`, `PATCH /schemas/{Model}@{N}`, `POST /schemas/{Model}/compatibility`,
    /// `GET /schemas/{Model}/drift`.
    case schemaVersions, versionState, schemaCompatibility, schemaDrift
    /// A path no endpoint serves, or a method it does not take (404, 405).
    case unmatched
    /// Answered by the HTTP layer before any endpoint was chosen: a head refused or too slow,
    /// a response read too slowly.
    case refused

    init(_ endpoint: Endpoint?) {
        switch endpoint {
        case .convert?: self = .convert
        case .reverse?: self = .reverse
        case .schemas?: self = .schemas
        case .schema?: self = .schema
        case .schemaExample?: self = .schemaExample
        case .putSchema?: self = .putSchema
        case .deleteSchema?: self = .deleteSchema
        case .reloadSchemas?: self = .reloadSchemas
        case .infer?: self = .infer
        case .stats?: self = .stats
        case .metrics?: self = .metrics
        case .health?: self = .health
        case .ready?: self = .ready
        case .playground?: self = .playground
        case .openAPI?: self = .openAPI
        case .profiles?: self = .profiles
        case .schemaVersions?: self = .schemaVersions
        case .versionState?: self = .versionState
        case .schemaCompatibility?: self = .schemaCompatibility
        case .schemaDrift?: self = .schemaDrift
        case nil: self = .unmatched
        }
    }

    /// The label's value, as Prometheus shows it.
    var name: String {
        switch self {
        case .convert: "convert"
        case .reverse: "reverse"
        case .schemas: "schemas"
        case .schema: "schema"
        case .schemaExample: "schema_example"
        case .putSchema: "schema_put"
        case .deleteSchema: "schema_delete"
        case .reloadSchemas: "schemas_reload"
        case .infer: "infer"
        case .stats: "stats"
        case .metrics: "metrics"
        case .health: "healthz"
        case .ready: "readyz"
        case .playground: "playground"
        case .openAPI: "openapi"
        case .profiles: "profiles"
        case .schemaVersions: "schema_versions"
        case .versionState: "schema_version_state"
        case .schemaCompatibility: "schema_compatibility"
        case .schemaDrift: "schema_drift"
        case .unmatched: "unmatched"
        case .refused: "refused"
        }
    }
}
