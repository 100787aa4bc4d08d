import MappingEngine

/// The service's answers outside validation (SPEC §4), each with its status and a stable code.
/// The body has the shape of a validation failure: `{"errors": [{"code", "message", …}]}`.
enum HTTPError: Error, Equatable {
    case notFound(path: String)
    case unknownSchema(String)
    case methodNotAllowed(method: String, allow: [String])
    case bodyTooLarge(limit: Int)
    case unsupportedMediaType(String)
    case invalidOption(name: String, value: String, expected: String)
    case malformed(JSONSyntaxError)
    case overloaded
    case unavailable(reason: String)

    var status: Int {
        switch self {
        case .notFound, .unknownSchema: 404
        case .methodNotAllowed: 405
        case .bodyTooLarge: 413
        case .unsupportedMediaType: 415
        case .invalidOption, .malformed: 400
        case .overloaded, .unavailable: 503
        }
    }

    var code: String {
        switch self {
        case .notFound: "not_found"
        case .unknownSchema: "unknown_schema"
        case .methodNotAllowed: "method_not_allowed"
        case .bodyTooLarge: "body_too_large"
        case .unsupportedMediaType: "unsupported_media_type"
        case .invalidOption: "invalid_option"
        case .malformed(let error): error.code
        case .overloaded: "overloaded"
        case .unavailable: "unavailable"
        }
    }

    var message: String {
        switch self {
        case .notFound(let path): "no endpoint at \(path)"
        case .unknownSchema(let name): "no schema named '\(name)' is registered"
        case .methodNotAllowed(let method, let allow): "\(method) is not allowed here; use \(allow.joined(separator: " or "))"
        case .bodyTooLarge(let limit): "the body is larger than the limit of \(limit) bytes"
        case .unsupportedMediaType(let type):
            "Content-Type '\(type)' is not JSON; send application/json, application/*+json or application/x-ndjson"
        case .invalidOption(let name, let value, let expected): "query option \(name)=\(value) is invalid; expected \(expected)"
        case .malformed(let error): error.message
        case .overloaded: "the server is at its connection limit; retry later"
        case .unavailable(let reason): reason
        }
    }

    /// The error as the one entry of an `errors` list.
    var entry: JSONValue {
        if case .malformed(let error) = self { return ResultJSON.syntaxError(error) }
        return .object([.init("code", .string(code)), .init("message", .string(message))])
    }

    var response: HTTPResponse {
        var members: [JSONValue.Member] = []
        if case .unknownSchema(let name) = self { members.append(.init("schema", .string(name))) }
        members.append(.init("errors", .array([entry])))
        var response = HTTPResponse.json(status, .object(members))
        if case .methodNotAllowed(_, let allow) = self {
            response.headers.append(("Allow", allow.joined(separator: ", ")))
        }
        return response
    }
}
