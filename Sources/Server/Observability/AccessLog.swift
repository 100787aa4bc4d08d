import ConvertdHTTP
import Logging

/// The request log: one `LogLine` per finished request, with method, path, status, bytes in and
/// out, microseconds, request id, trace id, schema, and the values its answer recovered from
/// (`warnings`, when there were any). Written directly rather than through swift-log: a
/// metadata dictionary per request cost as much CPU as the conversion itself.
struct AccessLog: Sendable {
    var format: LogLine.Format
    /// The configured threshold: request lines are info, 5xx other than 503 are errors.
    var level: Logger.Level

    func record(_ head: RequestHead, endpoint: Endpoint?, status: Int, bytesIn: Int, bytesOut: Int, nanoseconds: UInt64, warnings: Int = 0) {
        // A 503 is the service protecting itself and a 501 a client's unsupported transfer
        // coding; any other 5xx is a bug.
        let severity: Logger.Level = status >= 500 && status != 503 && status != 501 ? .error : .info
        guard level <= severity else { return }
        line(head, endpoint: endpoint, severity: severity, status: status, bytesIn: bytesIn, bytesOut: bytesOut, nanoseconds: nanoseconds,
             warnings: warnings).write(urgent: severity == .error)
    }

    /// The line for one request, fields sorted by key as `LineLogHandler` sorts them.
    func line(_ head: RequestHead, endpoint: Endpoint?, severity: Logger.Level, status: Int, bytesIn: Int, bytesOut: Int, nanoseconds: UInt64,
              warnings: Int = 0) -> LogLine {
        var line = LogLine(format, level: severity, literal: "request")
        line.field("bytes_in", bytesIn)
        line.field("bytes_out", bytesOut)
        line.field("method", head.method)
        line.field("path", head.path)
        line.field("request_id", head.requestID)
        if let schema = endpoint?.schemaName { line.field("schema", schema) }
        line.field("status", status)
        head.trace.withTraceID { line.field("trace_id", plain: $0) }
        line.field("us", nanoseconds / 1000)
        if warnings > 0 { line.field("warnings", warnings) }
        return line
    }
}
