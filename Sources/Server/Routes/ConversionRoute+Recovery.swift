import ConvertdHTTP
import MappingEngine

extension ConversionRoute {
    /// The header that counts the values an answer recovered from.
    static let warningsHeader = "Convertd-Warnings"

    /// `response` with what its conversion recovered from made visible: the `Convertd-Warnings`
    /// header, the count in `/metrics` and, noted on the request, in the request log. Unchanged
    /// when nothing was recovered.
    func recovered(_ response: HTTPResponse, _ tally: RecoveryTally, schema: String, head: RequestHead) -> HTTPResponse {
        let count = tally.total
        guard count > 0 else { return response }
        stats.recoveries.add(tally, schema: schema)
        stats.inProgress.noteWarnings(head, count: count)
        var answer = response
        answer.headers.append((ConversionRoute.warningsHeader, String(count)))
        return answer
    }

    /// `?onError=fail`: recovery off for the request, as if no property declared any.
    static func recovers(_ head: RequestHead) throws(ServiceError) -> Bool {
        switch head.query("onError") {
        case nil: true
        case "fail": false
        case let value?: throw .invalidOption(name: "onError", value: value, expected: "fail")
        }
    }
}
