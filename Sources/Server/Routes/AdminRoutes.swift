import ConvertdHTTP
import MappingEngine

/// The admin API over `SchemaAdmin`: `PUT` and `DELETE /schemas/{Model}`, `POST /schemas/reload`.
/// Each success answers the generation now served, the registry digest and the models added,
/// replaced and removed; a refused change answers every reason and leaves the schemas as they were.
struct AdminRoutes: Sendable {
    let admin: SchemaAdmin

    /// `PUT /schemas/{Model}` with a schema file as the body: JSON, or YAML by its media type.
    func put(_ model: String, body: UnsafeBufferPointer<UInt8>, yaml: Bool) -> HTTPResponse {
        guard let text = String(validating: body, as: UTF8.self) else {
            return ServiceError.invalidSchema([SchemaError(file: model + (yaml ? ".yaml" : ".json"), message: "not UTF-8 text")]).response
        }
        return AdminRoutes.answer(admin.put(model: model, text: text, yaml: yaml), created: model)
    }

    /// `DELETE /schemas/{Model}`.
    func delete(_ model: String) -> HTTPResponse {
        AdminRoutes.answer(admin.delete(model: model), created: nil)
    }

    /// `POST /schemas/reload`.
    func reload() -> HTTPResponse {
        AdminRoutes.answer(admin.reload(), created: nil)
    }

    /// 200 with what changed (201 when `created` was added), or why nothing did.
    static func answer(_ outcome: SchemaAdmin.Outcome, created: String?) -> HTTPResponse {
        switch outcome {
        case .success(let update):
            func names(_ list: [String]) -> JSONValue { .array(list.map { .string($0) }) }
            return .json(created.map(update.added.contains) == true ? 201 : 200, .object([
                .init("generation", .number(String(update.generation))),
                .init("digest", .string(update.digest)),
                .init("added", names(update.added)),
                .init("replaced", names(update.replaced)),
                .init("removed", names(update.removed)),
            ]))
        case .failure(.refused(.invalid(let errors))): return ServiceError.invalidSchema(errors.errors).response
        case .failure(.refused(.inUse(let model, let users))): return ServiceError.inUse(model: model, by: users).response
        case .failure(.refused(.unknownModel(let model))): return ServiceError.unknownSchema(model).response
        case .failure(.refused(.modelNotDefined(let model))): return ServiceError.modelNotDefined(model).response
        case .failure(.refused(.incompatible(let verdicts))): return ServiceError.incompatible(verdicts).response
        case .failure(.refused(.unknownVersion(let model, let version))): return ServiceError.unknownVersion(model: model, version: version).response
        case .failure(.notPersisted(let reason)): return ServiceError.unavailable(reason: "the change could not be written, so it was undone: \(reason)").response
        }
    }
}
