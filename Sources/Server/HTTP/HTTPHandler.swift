/// The application behind `HTTPServer`: it plans each request from its head, answers it, and
/// hears when it is done. Called on libmicrohttpd's threads, synchronously.
protocol HTTPHandler: AnyObject, Sendable {
    /// The largest body `RequestPlan.collect` reads; a larger one is answered 413.
    var maxBodyBytes: Int { get }
    /// While true every response closes its connection, so clients move to other instances.
    var isDraining: Bool { get }
    /// Decides, from the head alone, what to do with the body, and notes in the head what the
    /// request is about (`endpoint`). Called once per request, before `finished`; the server may
    /// still answer otherwise (connection limit, announced size).
    func plan(_ head: inout RequestHead) -> RequestPlan
    /// Answers a request whose whole body has been collected.
    func respond(to head: RequestHead, endpoint: Endpoint, body: UnsafeBufferPointer<UInt8>) -> HTTPResponse
    /// A request ended: its response was sent, or the connection went away.
    func finished(_ head: RequestHead, status: Int, bytesIn: Int, bytesOut: Int, nanoseconds: UInt64)
    /// The server answered a request itself, before `plan`, with `status` (0: closed without an
    /// answer): a head past its deadline or rejected by the parser, a response read too slowly.
    func refused(status: Int, reason: String)
    /// A diagnostic from the HTTP library.
    func diagnostic(_ message: String)
}

/// What the server read of a request before its body.
struct RequestHead: Sendable {
    var method: String
    var path: String
    /// Query arguments in order, decoded.
    var query: [QueryItem] = []
    var contentType: String?
    var contentLength: Int?
    /// The `Authorization` header, for the admin API; never logged.
    var authorization: String?
    /// The W3C trace the request belongs to; its `traceparent` goes back with the answer.
    var trace = TraceContext.accept(nil)
    /// The client's `X-Request-Id` when usable, else one generated; echoed in the response.
    var requestID: String
    /// The endpoint the request was routed to, set by the handler's plan; nil when none matched.
    var endpoint: Endpoint?
    /// The connection was accepted over the connection limit: only probes are served.
    var overLimit = false

    /// One `name=value` query argument; `value` is nil for a bare `name`.
    struct QueryItem: Sendable, Equatable {
        var name: String
        var value: String?
    }

    /// The schema the request names, for the request log and the metrics.
    var schema: String? { endpoint?.schemaName }

    /// The last value of the query argument `name`; `""` for a bare `name`.
    func query(_ name: String) -> String? {
        guard let item = query.last(where: { $0.name == name }) else { return nil }
        return item.value ?? ""
    }
}

/// What the service wants done with a request once its head has arrived.
enum RequestPlan {
    /// Read the body (up to `maxBodyBytes`), then call `respond`.
    case collect(Endpoint)
    /// Feed the body to the stream as it arrives; the stream gives the answer at the end.
    case stream(any BodyStream)
    /// The answer is known already; the body is read and dropped so the connection stays usable.
    case answer(HTTPResponse)
}

/// A consumer of a body too large to hold whole, chunk by chunk as it arrives.
protocol BodyStream: AnyObject {
    /// Takes the next bytes of the body; an answer instead once the stream reads no more (a
    /// body far over a limit): it is sent at once and the connection closed.
    func consume(_ chunk: UnsafeBufferPointer<UInt8>) -> HTTPResponse?
    /// The body is complete: the response.
    func finish() -> HTTPResponse
}
