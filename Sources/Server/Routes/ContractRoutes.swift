import ConvertdHTTP
import Foundation
import MappingEngine

/// The data-contract endpoints (SPEC §11): a model's versions, a version's state, the
/// compatibility dry run of a schema file, and the drift of live traffic.
struct ContractRoutes: Sendable {
    let admin: SchemaAdmin
    let drift: DriftMonitor

    private var engine: Engine { admin.engine }

    /// `GET /schemas/{Model}/versions`: every version kept, oldest first, with the level the
    /// model's changes are held to.
    func versions(_ name: String) -> HTTPResponse {
        let registry = engine.registry
        guard registry.models[name] != nil else { return ServiceError.unknownSchema(name).response }
        let versions = registry.versions.versions(of: name)
        let level = registry.definitions[name]?.compatibility ?? admin.compatibility
        return .json(200, .object([
            .init("model", .string(name)),
            .init("latest", versions.last.map { .number(String($0.number)) } ?? .null),
            .init("compatibility", .string(level.rawValue)),
            .init("digest", .string(registry.digest)),
            .init("versions", .array(versions.map(\.summary))),
        ]))
    }

    /// `PATCH /schemas/{Model}@{N}` with `{"state": "active" | "deprecated" | "disabled",
    /// "sunset": RFC 3339}`: served at once, persisted with `--persist`.
    func setState(_ schema: String, body: UnsafeBufferPointer<UInt8>) -> HTTPResponse {
        guard let reference = VersionedName(schema), let number = reference.version else { return ServiceError.unknownSchema(schema).response }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: body)
        } catch {
            return ServiceError.malformed(error).response
        }
        let choices = ModelVersion.State.allCases.map(\.rawValue).joined(separator: ", ")
        guard case .object(let members) = value, members.allSatisfy({ ["state", "sunset"].contains($0.key) }) else {
            return ServiceError.invalidOption(name: "body", value: "", expected: "an object with state and, optionally, sunset").response
        }
        guard case .string(let text)? = value["state"], let state = ModelVersion.State(rawValue: text) else {
            return ServiceError.invalidOption(name: "state", value: value["state"].map { String(decoding: $0.jsonBytes, as: UTF8.self) } ?? "",
                                              expected: choices).response
        }
        var sunset: Date?
        if let given = value["sunset"], given != .null {
            guard case .string(let text) = given, let date = ModelVersion.date(text) else {
                return ServiceError.invalidOption(name: "sunset", value: String(decoding: given.jsonBytes, as: UTF8.self),
                                                  expected: "an RFC 3339 date-time").response
            }
            sunset = date
        }
        switch admin.setState(state, sunset: sunset, version: number, of: reference.name) {
        case .success(let update):
            let version = engine.versions.version(number, of: reference.name)
            return .json(200, .object([
                .init("generation", .number(String(update.generation))),
                .init("digest", .string(update.digest)),
                .init("model", .string(reference.name)),
                .init("version", version?.summary ?? .null),
            ]))
        case .failure(.refused(.unknownVersion(let model, let version))):
            return ServiceError.unknownVersion(model: model, version: version).response
        case .failure(let error):
            return AdminRoutes.answer(.failure(error), created: nil)
        }
    }

    /// `POST /schemas/{Model}/compatibility` with a schema file: what `PUT` would say of it,
    /// serving nothing. 200 with a verdict per model the change touches, whether or not it is
    /// compatible; 422 when the file cannot be served at all.
    func compatibility(_ model: String, body: UnsafeBufferPointer<UInt8>, yaml: Bool) -> HTTPResponse {
        guard let text = String(validating: body, as: UTF8.self) else {
            return ServiceError.invalidSchema([SchemaError(file: model + (yaml ? ".yaml" : ".json"), message: "not UTF-8 text")]).response
        }
        switch admin.compatibility(model: model, text: text, yaml: yaml) {
        case .success(let verdicts):
            return .json(200, .object([
                .init("compatible", .bool(verdicts.allSatisfy(\.isCompatible))),
                .init("models", .array(verdicts.map(\.json))),
            ]))
        case .failure(let error):
            return AdminRoutes.answer(.failure(error), created: nil)
        }
    }

    /// `GET /schemas/{Model}/drift`: the window of sampled traffic to the model.
    func drift(_ name: String) -> HTTPResponse {
        let registry = engine.registry
        guard registry.models[name] != nil else { return ServiceError.unknownSchema(name).response }
        let version = registry.versions.latest(of: name)?.number ?? 1
        return .json(200, drift.report(model: name, version: version) ?? drift.emptyReport(model: name, version: version))
    }
}
