/// The application behind `HTTPServer`: it plans each request from its head, answers it, and
/// hears when it is done. Called on libmicrohttpd's threads, synchronously.
public protocol HTTPHandler: AnyObject, Sendable {
    /// The largest body `RequestPlan.collect` reads; a larger one is answered 413.
    var maxBodyBytes: Int { get }
    /// While true every response closes its connection, so clients move to other instances.
    var isDraining: Bool { get }
    /// Decides, from the head alone, what the request is about and what to do with its body.
    /// Called once per request, before `finished`; the server may still answer otherwise
    /// (framing, head limits, the announced size).
    func plan(_ head: RequestHead) -> (route: HTTPRoute?, plan: RequestPlan)
    /// Answers a request whose whole body has been collected.
    func respond(to head: RequestHead, route: HTTPRoute, body: UnsafeBufferPointer<UInt8>) -> HTTPResponse
    /// A request ended: its response was sent, or the connection went away.
    func finished(_ head: RequestHead, route: HTTPRoute?, status: Int, bytesIn: Int, bytesOut: Int, nanoseconds: UInt64)
    /// The server answered a request itself, before `plan`, with `status` (0: closed without an
    /// answer): a head past its deadline or rejected by the parser, a response read too slowly.
    func refused(status: Int, reason: String)
    /// A diagnostic from the HTTP library.
    func diagnostic(_ message: String)
}

/// What the application makes of a request when it plans it (the service: its endpoint), carried
/// by the server without looking inside and handed back with the body and at the end: a number
/// the application gives each kind of request, and the name the request is about (a schema),
/// empty for none.
///
/// A concrete value the transport owns, neither a generic parameter of the server nor an
/// existential: libmicrohttpd enters the server through C callbacks, which cannot name a generic
/// type, so generic per-request code would always run unspecialized (about 7,000 instructions a
/// request), and an `any Sendable` costs a dynamic cast back and outlined copies (about 700;
/// BENCHMARKS.md).
public struct HTTPRoute: Sendable, Equatable {
    public var kind: UInt8
    public var name: String

    public init(kind: UInt8, name: String = "") {
        self.kind = kind
        self.name = name
    }
}

/// What the server read of a request before its body.
public struct RequestHead: Sendable {
    public var method: String
    public var path: String
    /// Query arguments in order, decoded.
    public var query: [QueryItem]
    public var contentType: String?
    public var contentLength: Int?
    /// The `Authorization` header, for the admin API; never logged.
    public var authorization: String?
    /// The W3C trace the request belongs to; its `traceparent` goes back with the answer. Set by
    /// the initializer only: a default here would draw a second trace for every head.
    public var trace: TraceContext
    /// The client's `X-Request-Id` when usable, else one generated; echoed in the response.
    public var requestID: String
    /// The connection was accepted over the connection limit: only probes are served.
    public var overLimit: Bool

    /// One `name=value` query argument; `value` is nil for a bare `name`.
    public struct QueryItem: Sendable, Equatable {
        public var name: String
        public var value: String?

        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    public init(method: String, path: String, query: [QueryItem] = [], contentType: String? = nil, contentLength: Int? = nil,
                authorization: String? = nil, trace: TraceContext = TraceContext.accept(nil), requestID: String, overLimit: Bool = false) {
        self.method = method
        self.path = path
        self.query = query
        self.contentType = contentType
        self.contentLength = contentLength
        self.authorization = authorization
        self.trace = trace
        self.requestID = requestID
        self.overLimit = overLimit
    }

    /// The last value of the query argument `name`; `""` for a bare `name`.
    public func query(_ name: String) -> String? {
        guard let item = query.last(where: { $0.name == name }) else { return nil }
        return item.value ?? ""
    }
}

/// What the application wants done with a request once its head has arrived.
public enum RequestPlan {
    /// Read the body (up to `maxBodyBytes`), then call `respond` with the route.
    case collect(HTTPRoute)
    /// Feed the body to the stream as it arrives; the stream gives the answer at the end.
    case stream(any BodyStream)
    /// The answer is known already; the body is read and dropped so the connection stays usable.
    case answer(HTTPResponse)
}

/// A consumer of a body too large to hold whole, chunk by chunk as it arrives.
public protocol BodyStream: AnyObject {
    /// Takes the next bytes of the body; an answer instead once the stream reads no more (a
    /// body far over a limit): it is sent at once and the connection closed.
    func consume(_ chunk: UnsafeBufferPointer<UInt8>) -> HTTPResponse?
    /// The body is complete: the response.
    func finish() -> HTTPResponse
}
