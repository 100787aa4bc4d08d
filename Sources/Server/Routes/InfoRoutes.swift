import ConvertdHTTP
import Foundation
import MappingEngine
import Primitives

/// The read-only endpoints: the registry (`/schemas`, `/schemas/{Schema}`, a model's example
/// payload at `/schemas/{Schema}/example`), the counters (`/stats`) and the probes (`/healthz`,
/// `/readyz`).
struct InfoRoutes: Sendable {
    let engine: Engine
    let stats: ServiceStats
    let metrics: MetricsExposition
    /// The examples written for the registry of `digest`, by model.
    private let examples = Guarded<(digest: String, byModel: [String: [UInt8]])>(("", [:]))

    /// Every model: name, file, version, property count, parent, when its definition was loaded;
    /// with the registry's generation and load time.
    func schemas() -> HTTPResponse {
        let registry = engine.registry
        let models = registry.names.compactMap { registry.models[$0] }.map { model in
            var members: [JSONValue.Member] = [
                .init("name", .string(model.name)),
                .init("file", .string(model.file)),
                .init("version", .string(model.version)),
                .init("properties", .number(String(model.properties.count))),
            ]
            if let parent = model.extends { members.append(.init("extends", .string(parent))) }
            members.append(.init("loadedAt", .string(InfoRoutes.timestamp(registry.loadTimes[model.name] ?? registry.loadedAt))))
            return JSONValue.object(members)
        }
        return .json(200, .object([
            .init("generation", .number(String(engine.statistics.generation))),
            .init("digest", .string(registry.digest)),
            .init("loadedAt", .string(InfoRoutes.timestamp(registry.loadedAt))),
            .init("models", .array(models)),
        ]))
    }

    /// One model with inheritance resolved, and the JSON Schema of its output (under the output
    /// profile `profile`, when one is asked).
    func schema(_ schema: String, profile: String?) -> HTTPResponse {
        // `Book@2` describes the version's own registry, rebuilt from its snapshot.
        guard let reference = VersionedName(schema) else { return ServiceError.unknownSchema(schema).response }
        let name = reference.name
        let registry: SchemaRegistry
        switch engine.engine(serving: reference) {
        case .success(let found): registry = found.engine.registry
        case .failure(let error): return ConversionRoute.refusal(error).response
        }
        let options: OutputOptions
        do throws(ModelLookupError) {
            options = try registry.outputOptions(profile: profile)
        } catch {
            return ConversionRoute.refusal(error).response
        }
        guard let model = registry.models[name], let jsonSchema = JSONSchemaExporter(registry: registry, profile: options).schema(for: name) else {
            return ServiceError.unknownSchema(name).response
        }
        return .json(200, .object([.init("model", ModelDescription.describe(model)), .init("jsonSchema", jsonSchema)]))
    }

    /// The output profiles a request may pick (`?profile=NAME`): built-in ones first, then the
    /// declared ones, each group by name, with the options each sets.
    func profiles() -> HTTPResponse {
        let list = engine.profiles.map { profile in
            JSONValue.object([
                .init("name", .string(profile.name)),
                .init("builtIn", .bool(profile.isBuiltIn)),
                .init("options", .object(profile.options.members.map { .init($0.name, .string($0.value)) })),
            ])
        }
        return .json(200, .object([.init("profiles", .array(list))]))
    }

    /// An upstream payload the model converts (in lax mode, and in strict mode where values of
    /// their natural JSON types will do), written from its schema by `ExamplePayload`: the
    /// playground's first payload.
    /// An example depends on the models alone, so each is written once per registry (by its
    /// digest) and the same bytes answered after; it is written outside the lock.
    func example(_ name: String) -> HTTPResponse {
        let registry = engine.registry
        if let bytes = examples.withLock({ $0.digest == registry.digest ? $0.byModel[name] : nil }) {
            return HTTPResponse(status: 200, body: .bytes(bytes))
        }
        guard let example = ExamplePayload(registry: registry).payload(for: name) else {
            return ServiceError.unknownSchema(name).response
        }
        let bytes = example.jsonBytes
        examples.withLock { cache in
            // A new registry, or more models asked for than a playground visits: start afresh.
            if cache.digest != registry.digest || cache.byModel.count >= 256 { cache = (registry.digest, [:]) }
            cache.byModel[name] = bytes
        }
        return HTTPResponse(status: 200, body: .bytes(bytes))
    }

    /// The meta cache's counters as it counts them, requests by status, errors by code, values
    /// recovered from, bytes, in flight, uptime.
    func statistics() -> HTTPResponse {
        let cache = engine.statistics
        let byStatus = stats.requestsByStatus
        func number(_ value: some BinaryInteger) -> JSONValue { .number(String(value)) }
        return .json(200, .object([
            .init("cache", .object([
                .init("entries", number(cache.entries)),
                .init("hits", number(cache.hits)),
                .init("misses", number(cache.misses)),
                .init("builds", number(cache.builds)),
                .init("buildMicroseconds", number(cache.buildNanoseconds / 1000)),
                .init("invalidations", number(cache.invalidations)),
                .init("generation", number(cache.generation)),
            ])),
            .init("requests", .object([
                .init("total", number(byStatus.reduce(0) { $0 + $1.count })),
                .init("byStatus", .object(byStatus.map { .init(String($0.status), number($0.count)) })),
            ])),
            .init("errorsByCode", .object(stats.errorsByCode.map { .init($0.code.rawValue, number($0.count)) })),
            .init("recoveries", recoveryTotals(number)),
            .init("bytes", .object([.init("in", number(stats.bytesIn)), .init("out", number(stats.bytesOut))])),
            .init("inFlight", number(stats.inFlight)),
            .init("connections", number(stats.connections.value)),
            .init("connectionsRefused", number(stats.refusedConnections.value)),
            .init("models", number(engine.registry.names.count)),
            .init("digest", .string(engine.registry.digest)),
            .init("uptimeSeconds", .number(String(format: "%.3f", stats.uptimeSeconds))),
        ]))
    }

    /// The values recovered from (`onError`, `onItemError`) in the answers given: in all, by
    /// action and by the code of the error recovered from (`/metrics` has them by schema too).
    private func recoveryTotals(_ number: (Int) -> JSONValue) -> JSONValue {
        let totals = stats.recoveries.totals
        return .object([
            .init("total", number(totals.total)),
            .init("byAction", .object(totals.byAction.map { .init($0.0, number($0.1)) })),
            .init("byCode", .object(totals.byCode.map { .init($0.0, number($0.1)) })),
        ])
    }

    /// The same counters, and the request durations, in the Prometheus text format.
    func prometheus() -> HTTPResponse {
        HTTPResponse(status: 200, body: .bytes(metrics.render()), contentType: "text/plain; version=0.0.4; charset=utf-8")
    }

    /// Liveness: the process answers.
    func health() -> HTTPResponse {
        .json(200, .object([.init("status", .string("ok"))]))
    }

    /// Readiness: 503 until the first schemas are loaded, and while draining.
    func ready(loaded: Bool, draining: Bool) -> HTTPResponse {
        let status = draining ? "draining" : loaded ? "ready" : "loading"
        return .json(status == "ready" ? 200 : 503, .object([.init("status", .string(status))]))
    }

    /// RFC 3339 UTC with milliseconds.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}
