import ConvertdHTTP
import MappingEngine

extension HTTPResponse {
    /// A JSON document answer.
    static func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
        HTTPResponse(status: status, body: .bytes(value.jsonBytes))
    }
}
