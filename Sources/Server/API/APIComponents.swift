import MappingEngine

/// The parameters, headers and answers operations share: defined once as components and
/// `$ref`ed from each operation.
enum APIComponents {
    /// A query option, header or path segment, by component name.
    enum Parameter: String, CaseIterable {
        case mode, explain, pretty, schema, onError
        case requestID = "X-Request-Id"
        case traceparent

        var reference: OpenAPIReferable<OpenAPIParameter> { .reference("#/components/parameters/\(rawValue)") }

        var parameter: OpenAPIParameter {
            switch self {
            case .mode:
                OpenAPIParameter(name: rawValue, location: .query,
                                 description: "`lax` (the default) coerces values when nothing is lost; `strict` takes only each type's natural JSON type.",
                                 schema: ["type": "string", "enum": .array(ConversionOptions.Mode.allCases.map { .string($0.rawValue) }), "default": "lax"])
            case .explain:
                OpenAPIParameter(name: rawValue, location: .query,
                                 description: "Wraps the result: `{\"result\", \"coercions\", \"unknownKeys\"}`; `1`, `0` and the bare option are taken too.",
                                 schema: APIComponents.flag)
            case .pretty:
                OpenAPIParameter(name: rawValue, location: .query, description: "Indents the answer; `1`, `0` and the bare option are taken too.",
                                 schema: APIComponents.flag)
            case .onError:
                OpenAPIParameter(name: rawValue, location: .query,
                                 description: "`fail` turns recovery off: a value that fails fails the document, whatever `onError` and `onItemError` say.",
                                 schema: ["type": "string", "enum": ["fail"]])
            case .schema:
                OpenAPIParameter(name: rawValue, location: .path, description: "A model's name.",
                                 schema: ["type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"])
            case .requestID:
                OpenAPIParameter(name: rawValue, location: .header,
                                 description: "Echoed in the answer and logged; when it is not 1–128 visible ASCII characters a new one is made.",
                                 schema: ["type": "string"])
            case .traceparent:
                OpenAPIParameter(name: rawValue, location: .header,
                                 description: "W3C trace context: a valid one keeps its trace id and flags, anything else starts a new trace.",
                                 schema: ["type": "string"])
            }
        }
    }

    /// A boolean query option as the server reads it: `true`, `1` or empty (the bare option) are
    /// true; `false` or `0` false.
    private static let flag: JSONValue = ["type": "string", "enum": ["true", "false", "1", "0", ""], "default": "false"]

    /// The header parameters of every operation.
    static let tracing: [OpenAPIReferable<OpenAPIParameter>] = [Parameter.requestID.reference, Parameter.traceparent.reference]

    /// A response header, by component name.
    enum Header: String, CaseIterable {
        case requestID = "X-Request-Id"
        case traceparent
        case retryAfter = "Retry-After"
        case wwwAuthenticate = "WWW-Authenticate"
        case warnings = "Convertd-Warnings"

        var reference: OpenAPIReferable<OpenAPIHeader> { .reference("#/components/headers/\(rawValue)") }

        var header: OpenAPIHeader {
            switch self {
            case .requestID: OpenAPIHeader(description: "The request's id: the client's, or one made for it.", required: true, schema: ["type": "string"])
            case .traceparent: OpenAPIHeader(description: "W3C trace context with convertd's span.", required: true, schema: ["type": "string"])
            case .retryAfter: OpenAPIHeader(description: "Seconds to wait before trying again.", required: false, schema: ["type": "string"])
            case .wwwAuthenticate: OpenAPIHeader(description: "`Bearer`.", required: true, schema: ["type": "string"])
            case .warnings:
                OpenAPIHeader(description: "How many values the conversion recovered from (`onError`, `onItemError`); absent when none. `explain` lists them.",
                              required: false, schema: ["type": "string", "pattern": "^[1-9][0-9]*$"])
            }
        }
    }

    /// `X-Request-Id` and `traceparent`, which every answer that reaches a route carries.
    static let traced: [(name: String, header: OpenAPIReferable<OpenAPIHeader>)] = [
        (Header.requestID.rawValue, Header.requestID.reference), (Header.traceparent.rawValue, Header.traceparent.reference),
    ]

    /// The same headers where an answer may be written before the request reaches a route (a
    /// head the parser refused, a deadline), which does not carry them.
    private static let maybeTraced: [(name: String, header: OpenAPIReferable<OpenAPIHeader>)] = [Header.requestID, Header.traceparent].map {
        var header = $0.header
        header.required = false
        return ($0.rawValue, .value(header))
    }

    /// A JSON error body.
    private static let errorBody: [(mediaType: String, schema: JSONValue)] = [("application/json", APISchemas.ref(APISchemas.error))]

    /// An answer shared by operations, by component name, with its status.
    enum Response: String, CaseIterable {
        case badRequest = "BadRequest"
        case unauthorized = "Unauthorized"
        case adminDisabled = "AdminDisabled"
        case notFound = "NotFound"
        case requestTimeout = "RequestTimeout"
        case bodyTooLarge = "BodyTooLarge"
        case uriTooLong = "URITooLong"
        case unsupportedMediaType = "UnsupportedMediaType"
        case headersTooLarge = "HeadersTooLarge"
        case notImplemented = "NotImplemented"
        case unavailable = "Unavailable"

        var status: String {
            switch self {
            case .badRequest: "400"
            case .unauthorized: "401"
            case .adminDisabled: "403"
            case .notFound: "404"
            case .requestTimeout: "408"
            case .bodyTooLarge: "413"
            case .uriTooLong: "414"
            case .unsupportedMediaType: "415"
            case .headersTooLarge: "431"
            case .notImplemented: "501"
            case .unavailable: "503"
            }
        }

        var reference: OpenAPIReferable<OpenAPIResponse> { .reference("#/components/responses/\(rawValue)") }

        var response: OpenAPIResponse {
            switch self {
            case .badRequest:
                OpenAPIResponse(description: "The body is not JSON (`bad_json`, with its offset, line and column), is empty (`empty_body`) or "
                                    + "nests too deep (`too_deep`); a query option is not one of its choices (`invalid_option`; `unknown_profile` for a `profile` no schema file declares); or the head "
                                    + "is malformed or its framing ambiguous (`bad_framing`, `bad_header`, `bad_request`: the connection is closed).",
                                headers: APIComponents.maybeTraced, content: APIComponents.errorBody)
            case .unauthorized:
                OpenAPIResponse(description: "No `Authorization: Bearer` header with the admin token (`unauthorized`).",
                                headers: APIComponents.traced + [(Header.wwwAuthenticate.rawValue, Header.wwwAuthenticate.reference)],
                                content: APIComponents.errorBody)
            case .adminDisabled:
                OpenAPIResponse(description: "No admin token is configured: the admin API is off (`admin_disabled`).",
                                headers: APIComponents.traced, content: APIComponents.errorBody)
            case .notFound:
                OpenAPIResponse(description: "No model of that name is registered (`unknown_schema`), or no endpoint at the path (`not_found`).",
                                headers: APIComponents.traced, content: APIComponents.errorBody)
            case .requestTimeout:
                OpenAPIResponse(description: "The head or body did not arrive within its deadline (`request_timeout`); the connection is closed.",
                                headers: APIComponents.maybeTraced, content: APIComponents.errorBody)
            case .bodyTooLarge:
                OpenAPIResponse(description: "The body is over `--max-body-bytes` (`body_too_large`).",
                                headers: APIComponents.maybeTraced, content: APIComponents.errorBody)
            case .uriTooLong:
                OpenAPIResponse(description: "The request target is over 8 KiB or 64 query arguments (`uri_too_long`); the connection is closed.",
                                headers: APIComponents.maybeTraced, content: APIComponents.errorBody)
            case .unsupportedMediaType:
                OpenAPIResponse(description: "The `Content-Type` is not one the operation takes (`unsupported_media_type`).",
                                headers: APIComponents.traced, content: APIComponents.errorBody)
            case .headersTooLarge:
                OpenAPIResponse(description: "The head is over 16 KiB or 100 fields (`headers_too_large`); the connection is closed.",
                                headers: APIComponents.maybeTraced, content: APIComponents.errorBody)
            case .notImplemented:
                OpenAPIResponse(description: "A `Transfer-Encoding` other than `chunked` (`unsupported_transfer_encoding`).",
                                headers: APIComponents.traced, content: APIComponents.errorBody)
            case .unavailable:
                OpenAPIResponse(description: "Over the connection limit (`overloaded`, with `Retry-After`; the connection is closed), the schemas "
                                    + "are still loading, or a result or change could not be written (`unavailable`).",
                                headers: APIComponents.traced + [(Header.retryAfter.rawValue, Header.retryAfter.reference)],
                                content: APIComponents.errorBody)
            }
        }
    }

    /// The answers any request may get before its route sees it: a malformed head, a deadline,
    /// a head or body over its limit, an unknown transfer coding, the connection limit.
    static let transport: [Response] = [.badRequest, .requestTimeout, .bodyTooLarge, .uriTooLong, .headersTooLarge, .notImplemented, .unavailable]

    /// The admin token, sent as `Authorization: Bearer <token>`.
    static let adminToken = "adminToken"

    /// The components section, with `schemas` left to the caller.
    static var components: OpenAPIDocument.Components {
        OpenAPIDocument.Components(
            parameters: Parameter.allCases.map { ($0.rawValue, $0.parameter) },
            headers: Header.allCases.map { ($0.rawValue, $0.header) },
            responses: Response.allCases.map { ($0.rawValue, $0.response) },
            securitySchemes: [(adminToken, [
                "type": "http", "scheme": "bearer",
                "description": "The admin token (`--admin-token-file`, `ADMIN_TOKEN_FILE`, `--admin-token`, `ADMIN_TOKEN`); without one configured the admin API answers 403.",
            ])]
        )
    }
}
