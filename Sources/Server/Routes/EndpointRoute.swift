import ConvertdHTTP

/// How an endpoint travels through the transport: its case as a number, and the schema it
/// names. Written by `Service.plan`, read back by `respond` and `finished`.
extension Endpoint {
    /// The endpoints' cases, numbered for `HTTPRoute.kind` (a playground asset is a case of its own).
    private enum Kind: UInt8 {
        case convert, reverse, schemas, schema, schemaExample, putSchema, deleteSchema, reloadSchemas, infer
        case stats, metrics, health, ready, page, style, script, openAPI, profiles
        case schemaVersions, versionState, schemaCompatibility, schemaDrift
    }

    /// The endpoint as the transport carries it.
    var route: HTTPRoute {
        switch self {
        case .convert(let schema): HTTPRoute(kind: Kind.convert.rawValue, name: schema)
        case .reverse(let schema): HTTPRoute(kind: Kind.reverse.rawValue, name: schema)
        case .schemas: HTTPRoute(kind: Kind.schemas.rawValue)
        case .schema(let name): HTTPRoute(kind: Kind.schema.rawValue, name: name)
        case .schemaExample(let name): HTTPRoute(kind: Kind.schemaExample.rawValue, name: name)
        case .putSchema(let name): HTTPRoute(kind: Kind.putSchema.rawValue, name: name)
        case .deleteSchema(let name): HTTPRoute(kind: Kind.deleteSchema.rawValue, name: name)
        case .reloadSchemas: HTTPRoute(kind: Kind.reloadSchemas.rawValue)
        case .infer: HTTPRoute(kind: Kind.infer.rawValue)
        case .stats: HTTPRoute(kind: Kind.stats.rawValue)
        case .metrics: HTTPRoute(kind: Kind.metrics.rawValue)
        case .health: HTTPRoute(kind: Kind.health.rawValue)
        case .ready: HTTPRoute(kind: Kind.ready.rawValue)
        case .playground(.page): HTTPRoute(kind: Kind.page.rawValue)
        case .playground(.style): HTTPRoute(kind: Kind.style.rawValue)
        case .playground(.script): HTTPRoute(kind: Kind.script.rawValue)
        case .openAPI: HTTPRoute(kind: Kind.openAPI.rawValue)
        case .profiles: HTTPRoute(kind: Kind.profiles.rawValue)
        case .schemaVersions(let name): HTTPRoute(kind: Kind.schemaVersions.rawValue, name: name)
        case .versionState(let name): HTTPRoute(kind: Kind.versionState.rawValue, name: name)
        case .schemaCompatibility(let name): HTTPRoute(kind: Kind.schemaCompatibility.rawValue, name: name)
        case .schemaDrift(let name): HTTPRoute(kind: Kind.schemaDrift.rawValue, name: name)
        }
    }

    /// The endpoint `route` carries; nil for a route no endpoint wrote.
    init?(_ route: HTTPRoute) {
        guard let kind = Kind(rawValue: route.kind) else { return nil }
        switch kind {
        case .convert: self = .convert(schema: route.name)
        case .reverse: self = .reverse(schema: route.name)
        case .schemas: self = .schemas
        case .schema: self = .schema(route.name)
        case .schemaExample: self = .schemaExample(route.name)
        case .putSchema: self = .putSchema(route.name)
        case .deleteSchema: self = .deleteSchema(route.name)
        case .reloadSchemas: self = .reloadSchemas
        case .infer: self = .infer
        case .stats: self = .stats
        case .metrics: self = .metrics
        case .health: self = .health
        case .ready: self = .ready
        case .page: self = .playground(.page)
        case .style: self = .playground(.style)
        case .script: self = .playground(.script)
        case .openAPI: self = .openAPI
        case .profiles: self = .profiles
        case .schemaVersions: self = .schemaVersions(route.name)
        case .versionState: self = .versionState(route.name)
        case .schemaCompatibility: self = .schemaCompatibility(route.name)
        case .schemaDrift: self = .schemaDrift(route.name)
        }
    }
}
