import ConvertdHTTP
import MappingEngine

/// The service's answers outside validation (SPEC §4), each with its status and a stable code:
/// what the service decides about a request (its endpoint, schema, body, options, the admin API).
/// The transport's own answers (framing, head limits, deadlines, a body over its limit, the
/// connection limit) are `TransportError`s. The body has the shape of a validation failure:
/// `{"errors": [{"code", "message", …}]}`.
enum ServiceError: Error, Equatable {
    case notFound(path: String)
    case unknownSchema(String)
    case methodNotAllowed(method: String, allow: [String])
    case unsupportedMediaType(String)
    case invalidOption(name: String, value: String, expected: String)
    case malformed(JSONSyntaxError)
    case unavailable(reason: String)
    /// The admin API needs `Authorization: Bearer <token>` and the right token.
    case unauthorized
    /// No admin token is configured: the admin API is off.
    case adminDisabled
    /// A schema change with mistakes: every one.
    case invalidSchema([SchemaError])
    /// A model other models extend or reference cannot be deleted.
    case inUse(model: String, by: [String])
    /// A `PUT /schemas/{Model}` body that does not define the model.
    case modelNotDefined(String)
    /// `POST /infer` could not infer a schema (a bad model name, no object sample, over a limit).
    case inference(InferenceError)
    /// `?profile=NAME` names no output profile the schema files declare or convertd builds in.
    case unknownProfile(String)
    /// `Book@N` names a version the model does not have (or no longer keeps).
    case unknownVersion(model: String, version: Int)
    /// The version asked is disabled (`GET /schemas/{Model}/versions` lists the states).
    case versionDisabled(model: String, version: Int)
    /// A schema change that breaks a model's compatibility level: every breaking change and
    /// every example answered differently.
    case incompatible([ModelCompatibility])

    var status: Int {
        switch self {
        case .notFound, .unknownSchema, .unknownVersion: 404
        case .versionDisabled: 410
        case .methodNotAllowed: 405
        case .unsupportedMediaType: 415
        case .invalidOption, .malformed, .unknownProfile: 400
        case .unauthorized: 401
        case .adminDisabled: 403
        case .inUse, .incompatible: 409
        case .invalidSchema, .modelNotDefined: 422
        case .inference(let error): error.code == .noSamples || error.code == .tooComplex ? 422 : 400
        case .unavailable: 503
        }
    }

    /// The service's own codes, each with what it means and an example: the one place they are
    /// defined, which `convertd reference errors` renders into the README's error table. A body
    /// that is not JSON and an inference refused carry the engine's codes (`ErrorCode`,
    /// `InferenceError.Code`), documented there.
    enum Code: String, CaseIterable {
        case notFound = "not_found"
        case unknownSchema = "unknown_schema"
        case methodNotAllowed = "method_not_allowed"
        case unsupportedMediaType = "unsupported_media_type"
        case invalidOption = "invalid_option"
        case unavailable
        case unauthorized
        case adminDisabled = "admin_disabled"
        case invalidSchema = "invalid_schema"
        case inUse = "in_use"
        case modelNotDefined = "model_not_defined"
        case unknownProfile = "unknown_profile"
        case unknownVersion = "unknown_version"
        case versionDisabled = "version_disabled"
        case incompatible

        /// What the code means, for the reference (Markdown).
        var meaning: String {
            switch self {
            case .notFound: "No endpoint has this path."
            case .unknownSchema:
                "No model of this name is registered (`/convert`, `/reverse`, `/schemas/{Schema}`); the body names it in `schema`."
            case .methodNotAllowed: "The path is an endpoint, but not for this method; the `Allow` header lists the methods it takes."
            case .unsupportedMediaType:
                "A `Content-Type` the endpoint does not take: JSON (`application/json`, `application/*+json`, or none) everywhere, "
                    + "NDJSON (`application/x-ndjson`) for `/convert` and `/infer`, YAML (`application/yaml`) for `PUT /schemas/{Model}`."
            case .invalidOption: "A query option whose value is not one of its choices (`mode`, `explain`, `pretty`, `format`)."
            case .unavailable:
                "Not now: the schemas are still loading (with `Retry-After`), a streamed result could not be spooled to "
                    + "`$TMPDIR`, or a `--persist` change could not be written (it is undone)."
            case .unauthorized:
                "An admin request without the right `Authorization: Bearer` token; the answer carries `WWW-Authenticate: Bearer`."
            case .adminDisabled: "An admin request while no admin token is configured: the admin API is off."
            case .invalidSchema:
                "A schema change (`PUT`, `POST /schemas/reload`) with mistakes: one entry per mistake, with `file`, `model`, "
                    + "`property`, and `limit` for a registry limit; the schemas served stay as they were."
            case .inUse: "`DELETE` of a model other models extend or reference; `usedBy` lists them."
            case .modelNotDefined: "A `PUT /schemas/{Model}` body that does not define the model the path names."
            case .unknownVersion:
                "`{Model}@{N}` names a version the model does not have or no longer keeps; `GET /schemas/{Model}/versions` lists them."
            case .versionDisabled: "The version asked is disabled; `GET /schemas/{Model}/versions` lists the versions and their states."
            case .incompatible:
                "A schema change (`PUT`, a reload, the directory watch) that breaks a model's compatibility level: one entry per "
                    + "breaking change (`model`, `level`, `side`, `path`, `kind`, `old`, `new`) and per example the new version "
                    + "answers differently (`example`, `current`, `candidate`); the schemas served stay as they were."
            case .unknownProfile:
                "`?profile=NAME` (on `/convert`, `/reverse`, `/schemas/{Schema}`, `/openapi.json`) names no output profile: "
                    + "none is built in or declared under `$profiles` in the schema files; `GET /profiles` lists them."
            }
        }

        /// An error with this code, as the service answers it.
        var example: ServiceError {
            switch self {
            case .notFound: .notFound(path: "/convrt/Book")
            case .unknownSchema: .unknownSchema("Shelf")
            case .methodNotAllowed: .methodNotAllowed(method: "GET", allow: ["POST"])
            case .unsupportedMediaType: .unsupportedMediaType("application/x-www-form-urlencoded")
            case .invalidOption: .invalidOption(name: "mode", value: "loose", expected: "lax or strict")
            case .unavailable: .unavailable(reason: "the schemas are still loading")
            case .unauthorized: .unauthorized
            case .adminDisabled: .adminDisabled
            case .invalidSchema:
                .invalidSchema([SchemaError(file: "runtime:Pet.yaml", model: "Pet", property: "name", message: "unknown type or model 'nosuch'")])
            case .inUse: .inUse(model: "Author", by: ["AudioBook", "Book"])
            case .modelNotDefined: .modelNotDefined("Pet")
            case .unknownProfile: .unknownProfile("mobil")
            case .unknownVersion: .unknownVersion(model: "Book", version: 9)
            case .versionDisabled: .versionDisabled(model: "Book", version: 1)
            case .incompatible: .incompatible([ModelCompatibility(model: "Book", level: .backward, against: [2], changes: [
                BreakingChange(side: .input, path: "/properties/year", kind: "type_narrowed", old: "int64", new: "int16",
                               message: "year reads int16 now, not int64"),
            ], replay: [])])
            }
        }
    }

    var code: String {
        switch self {
        case .notFound: Code.notFound.rawValue
        case .unknownSchema: Code.unknownSchema.rawValue
        case .methodNotAllowed: Code.methodNotAllowed.rawValue
        case .unsupportedMediaType: Code.unsupportedMediaType.rawValue
        case .invalidOption: Code.invalidOption.rawValue
        case .malformed(let error): error.code
        case .unavailable: Code.unavailable.rawValue
        case .unauthorized: Code.unauthorized.rawValue
        case .adminDisabled: Code.adminDisabled.rawValue
        case .invalidSchema: Code.invalidSchema.rawValue
        case .inUse: Code.inUse.rawValue
        case .modelNotDefined: Code.modelNotDefined.rawValue
        case .unknownProfile: Code.unknownProfile.rawValue
        case .unknownVersion: Code.unknownVersion.rawValue
        case .versionDisabled: Code.versionDisabled.rawValue
        case .incompatible: Code.incompatible.rawValue
        case .inference(let error): error.code.rawValue
        }
    }

    var message: String {
        switch self {
        case .notFound(let path): "no endpoint at \(path)"
        case .unknownSchema(let name): "no schema named '\(name)' is registered"
        case .methodNotAllowed(let method, let allow): "\(method) is not allowed here; use \(allow.joined(separator: " or "))"
        case .unsupportedMediaType(let type):
            "Content-Type '\(type)' is not JSON; send application/json, application/*+json or application/x-ndjson"
        case .invalidOption(let name, let value, let expected): "query option \(name)=\(value) is invalid; expected \(expected)"
        case .malformed(let error): error.message
        case .unavailable(let reason): reason
        case .unauthorized: "send Authorization: Bearer <admin token>"
        case .adminDisabled: "the admin API is off: no admin token is configured"
        case .invalidSchema(let errors): "\(errors.count) schema errors"
        case .inUse(let model, let users): "model '\(model)' is used by \(users.joined(separator: ", ")); change or delete those first"
        case .modelNotDefined(let model): "the body does not define model '\(model)'"
        case .unknownProfile(let name): "no output profile named '\(name)'; GET /profiles lists them"
        case .unknownVersion(let model, let version): "model '\(model)' has no version \(version); GET /schemas/\(model)/versions lists them"
        case .versionDisabled(let model, let version): "version \(version) of model '\(model)' is disabled"
        case .incompatible(let verdicts): "the change breaks the compatibility of \(verdicts.map { "\($0.model) (\($0.level.rawValue))" }.joined(separator: ", "))"
        case .inference(let error): error.message
        }
    }

    /// The error as the one entry of an `errors` list.
    var entry: JSONValue {
        if case .malformed(let error) = self { return ResultJSON.syntaxError(error) }
        var members: [JSONValue.Member] = [.init("code", .string(code)), .init("message", .string(message))]
        if case .inUse(_, let users) = self { members.append(.init("usedBy", .array(users.map { .string($0) }))) }
        return .object(members)
    }

    /// The entries of the `errors` list: one, or one per schema mistake.
    var entries: [JSONValue] {
        if case .incompatible(let verdicts) = self { return ServiceError.entries(of: verdicts) }
        guard case .invalidSchema(let errors) = self else { return [entry] }
        return errors.map { error in
            var members: [JSONValue.Member] = [.init("code", .string(code)), .init("file", .string(error.file))]
            if let model = error.model { members.append(.init("model", .string(model))) }
            if let property = error.property { members.append(.init("property", .string(property))) }
            if let limit = error.limit { members.append(.init("limit", .string(limit.rawValue))) }
            if let expression = error.expression {
                members.append(.init("expression", .object([
                    .init("name", .string(expression.name)), .init("code", .string(expression.code)),
                    .init("column", .number(String(expression.column))), .init("source", .string(expression.source)),
                ])))
            }
            members.append(.init("message", .string(error.message)))
            return .object(members)
        }
    }

    /// One entry per breaking change and per example answered differently.
    private static func entries(of verdicts: [ModelCompatibility]) -> [JSONValue] {
        verdicts.flatMap { verdict in
            let head: [JSONValue.Member] = [
                .init("code", .string(Code.incompatible.rawValue)), .init("model", .string(verdict.model)),
                .init("level", .string(verdict.level.rawValue)),
            ]
            let changes = verdict.changes.map { change -> JSONValue in
                guard case .object(let members) = change.json else { return change.json }
                return .object(head + members)
            }
            let replay = verdict.replay.map { difference -> JSONValue in
                guard case .object(let members) = difference.json else { return difference.json }
                return .object(head + [.init("kind", .string("replay_differs"))] + members)
            }
            return changes + replay
        }
    }

    var response: HTTPResponse {
        var members: [JSONValue.Member] = []
        if case .unknownSchema(let name) = self { members.append(.init("schema", .string(name))) }
        members.append(.init("errors", .array(entries)))
        var response = HTTPResponse.json(status, .object(members))
        if case .methodNotAllowed(_, let allow) = self {
            response.headers.append(("Allow", allow.joined(separator: ", ")))
        }
        if case .unauthorized = self { response.headers.append(("WWW-Authenticate", "Bearer")) }
        return response
    }
}
