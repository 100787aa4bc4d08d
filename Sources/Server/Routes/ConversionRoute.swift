import ConvertdHTTP
import Foundation
import MappingEngine
import Primitives

/// `POST /convert/{Schema}` and `POST /reverse/{Schema}`: a JSON body through the engine.
///
/// After a document that made the thread's workspace grow past its resting size, the answer is
/// copied out and the workspace shrunk, so a worker's memory returns to its resting size.
struct ConversionRoute: Sendable {
    let engine: Engine
    let maxDepth: Int
    let maxErrors: Int
    /// Steps one body's CEL expressions may take (`ConversionOptions.ruleBudget`).
    var ruleBudget = ConversionOptions.defaultRuleBudget
    /// Where the errors of each answer are counted by code.
    let stats: ServiceStats
    /// Where sampled conversions record what they saw (`GET /schemas/{Model}/drift`); off
    /// unless the service gives one.
    var drift = DriftMonitor(settings: .init(sampleEvery: 0))

    /// The query options of a conversion: `mode`, `explain`, `pretty`, `onError`, `profile`.
    struct Options {
        var conversion: ConversionOptions
        var pretty: Bool
        /// The output profile asked (`?profile=NAME`); nil writes as the schema says.
        var profile: String?
    }

    /// Reads the query options; 400 `invalid_option` for a value that is not one of the choices.
    func options(_ head: RequestHead) throws(ServiceError) -> Options {
        var conversion = ConversionOptions(maxDepth: maxDepth, maxErrors: maxErrors, ruleBudget: ruleBudget)
        // Most requests have no query: the defaults, without looking for each option in turn.
        if head.query.isEmpty { return Options(conversion: conversion, pretty: false, profile: nil) }
        if let mode = head.query("mode") {
            guard let parsed = ConversionOptions.Mode(rawValue: mode) else {
                throw .invalidOption(name: "mode", value: mode, expected: "lax or strict")
            }
            conversion.mode = parsed
        }
        conversion.explain = try ConversionRoute.flag("explain", in: head)
        conversion.recover = try ConversionRoute.recovers(head)
        return Options(conversion: conversion, pretty: try ConversionRoute.flag("pretty", in: head), profile: head.query("profile"))
    }

    /// The service's answer to a model that could not be looked up.
    static func refusal(_ error: ModelLookupError) -> ServiceError {
        switch error {
        case .unknownModel(let name): .unknownSchema(name)
        case .unknownProfile(let name): .unknownProfile(name)
        case .unknownVersion(let name, let version): .unknownVersion(model: name, version: version)
        }
    }

    /// The model a request names (`Book`, `Book@2`) under its profile: the latest version of a
    /// plain name without a profile through the workspace's memo, as cheap as before versions.
    func model(_ schema: String, profile: String?, workspace: Workspace) -> Result<CompiledModel, ServiceError> {
        if profile == nil, !ConversionRoute.namesVersion(schema) {
            guard let model = engine.model(named: schema, workspace: workspace) else { return .failure(.unknownSchema(schema)) }
            return .success(model)
        }
        guard let reference = VersionedName(schema) else { return .failure(.unknownSchema(schema)) }
        switch engine.model(reference, profile: profile) {
        case .success(let model): return .success(model)
        case .failure(let error): return .failure(ConversionRoute.refusal(error))
        }
    }

    /// Whether a schema name pins a version (`Book@2`), read from its bytes in place: a search
    /// through the string's `utf8` view cost about 300 instructions on every conversion.
    static func namesVersion(_ schema: String) -> Bool {
        var name = schema
        return name.withUTF8 { $0.contains(UInt8(ascii: "@")) }
    }

    /// 410 for a disabled version; nil for any other.
    static func disabled(_ model: CompiledModel) -> HTTPResponse? {
        guard let notice = model.notice, notice.state == .disabled else { return nil }
        return ServiceError.versionDisabled(model: model.name, version: notice.version).response
    }

    /// `response` with the headers of a deprecated version: `Deprecation` (RFC 9745) and, when
    /// set, `Sunset` (RFC 8594).
    static func noticed(_ response: HTTPResponse, _ notice: VersionNotice?) -> HTTPResponse {
        guard let notice, notice.state == .deprecated else { return response }
        var response = response
        response.headers.append(("Deprecation", "@\(Int((notice.since ?? Date()).timeIntervalSince1970))"))
        if let sunset = notice.sunset { response.headers.append(("Sunset", IMFFixdate.text(sunset))) }
        return response
    }

    /// A boolean query option: absent, `false` or `0` is false; bare, `true` or `1` is true.
    private static func flag(_ name: String, in head: RequestHead) throws(ServiceError) -> Bool {
        switch head.query(name) {
        case nil, "false", "0": false
        case "", "true", "1": true
        case let value?: throw .invalidOption(name: name, value: value, expected: "true or false")
        }
    }

    /// The normalized document (200), the validation errors up to the cap (422), or why the body is not JSON (400).
    func convert(_ body: UnsafeBufferPointer<UInt8>, schema: String, head: RequestHead) -> HTTPResponse {
        let options: Options
        do {
            options = try self.options(head)
        } catch {
            return error.response
        }
        let workspace = ThreadWorkspace.current
        // Runs once the response below holds its own bytes, never a borrowed view of the workspace.
        defer { if workspace.hasGrown { workspace.shrink() } }
        let model: CompiledModel
        switch self.model(schema, profile: options.profile, workspace: workspace) {
        case .success(let found): model = found
        case .failure(let error): return error.response
        }
        if let refusal = ConversionRoute.disabled(model) { return refusal }
        // A sampled conversion records its coercions and unknown keys as `explain` does, and
        // answers as it would have unsampled.
        // Only the latest version is watched: a pinned request is an old client, not drift.
        let sampled = drift.shouldSample() && !ConversionRoute.namesVersion(schema)
        var conversion = options.conversion
        let started = sampled ? MonotonicClock.nanoseconds : 0
        if sampled { conversion.explain = true }
        let result = engine.convert(body, model: model, options: conversion, workspace: workspace)
        if sampled { drift.record(result, model: model.name, started: started) }
        return ConversionRoute.noticed(answer(result, model: model, options: options, schema: schema, head: head, workspace: workspace),
                                       model.notice)
    }

    /// The answer to a conversion's result.
    private func answer(_ result: ConversionResult, model: CompiledModel, options: Options, schema: String, head: RequestHead,
                        workspace: Workspace) -> HTTPResponse {
        switch result {
        case .success(let success):
            let recoveries = success.warningCount > 0 ? success.recoveries : RecoveryTally()
            if success.explained && (options.conversion.explain || model.alwaysExplained) {
                return recovered(ConversionRoute.document(200, .bytes(ResultJSON.explained(success)), pretty: options.pretty),
                                 recoveries, schema: schema, head: head)
            }
            // The workspace is about to shrink: the output it holds must be copied first.
            let output: HTTPResponse.Body = workspace.hasGrown ? .bytes(Array(success.output)) : .borrowed(success.output)
            return recovered(ConversionRoute.document(200, output, pretty: options.pretty), recoveries, schema: schema, head: head)
        case .failure(let errors):
            return invalid(errors, schema: schema, pretty: options.pretty)
        case .malformed(let error):
            return malformed(error)
        case .unknownModel(let name):
            return ServiceError.unknownSchema(name).response
        }
    }

    /// 422 with the validation errors of a conversion, counted by their codes.
    func invalid(_ errors: [ConversionError], schema: String, pretty: Bool) -> HTTPResponse {
        stats.conversionErrors(errors, schema: schema)
        return ConversionRoute.document(422, .bytes(ResultJSON.errors(errors, schema: schema).jsonBytes), pretty: pretty)
    }

    /// The upstream shape of a normalized document (200), or why it cannot be mapped back.
    func reverse(_ body: UnsafeBufferPointer<UInt8>, schema: String, head: RequestHead) -> HTTPResponse {
        let pretty: Bool
        var profile = OutputOptions()
        do throws(ServiceError) {
            let options = try options(head)
            pretty = options.pretty
            // The registry is read (under the cache's lock) only when a profile is asked.
            if options.profile != nil {
                do throws(ModelLookupError) {
                    profile = try engine.registry.outputOptions(profile: options.profile)
                } catch {
                    throw ConversionRoute.refusal(error)
                }
            }
        } catch {
            return error.response
        }
        guard let reference = VersionedName(schema) else { return ServiceError.unknownSchema(schema).response }
        let serving: (engine: Engine, version: ModelVersion?)
        switch engine.engine(serving: reference) {
        case .success(let found): serving = found
        case .failure(let error): return ConversionRoute.refusal(error).response
        }
        // A pinned version's own notice, as `/convert` answers; the latest version's is its compiled
        // entry's, found through the workspace's memo: a plain `/reverse/Book` does not read the
        // registry (and take the cache's lock) for it.
        let notice = if let version = serving.version { VersionNotice(version) } else {
            engine.model(named: reference.name, workspace: ThreadWorkspace.current)?.notice
        }
        if let notice, notice.state == .disabled {
            return ServiceError.versionDisabled(model: reference.name, version: notice.version).response
        }
        return ConversionRoute.noticed(reverse(body, model: reference.name, engine: serving.engine, pretty: pretty, profile: profile), notice)
    }

    private func reverse(_ body: UnsafeBufferPointer<UInt8>, model schema: String, engine: Engine, pretty: Bool,
                         profile: OutputOptions) -> HTTPResponse {
        switch engine.reverse(body, model: schema, maxDepth: maxDepth, maxErrors: maxErrors, profile: profile) {
        case .success(let output):
            return ConversionRoute.document(200, .bytes(output), pretty: pretty)
        case .failure(let errors):
            return invalid(errors, schema: schema, pretty: pretty)
        case .malformed(let error):
            return malformed(error)
        case .unknownModel(let name):
            return ServiceError.unknownSchema(name).response
        }
    }

    /// 400 for a body that is not JSON, counted by its code.
    func malformed(_ error: JSONSyntaxError) -> HTTPResponse {
        if let code = ErrorCode(rawValue: error.code) { stats.conversionError(code) }
        return ServiceError.malformed(error).response
    }

    /// A JSON document response, indented when asked.
    private static func document(_ status: Int, _ body: HTTPResponse.Body, pretty: Bool) -> HTTPResponse {
        guard pretty else { return HTTPResponse(status: status, body: body) }
        let indented: [UInt8]
        switch body {
        case .bytes(let bytes): indented = bytes.withUnsafeBufferPointer { JSONPrettyPrinter.format($0) }
        case .borrowed(let buffer): indented = JSONPrettyPrinter.format(buffer)
        case .shared(let shared): indented = JSONPrettyPrinter.format(shared.buffer)
        case .file: return HTTPResponse(status: status, body: body)
        }
        return HTTPResponse(status: status, body: .bytes(indented + [0x0A]))
    }
}
