/// One request in progress on the server: its head, the handler's plan, the body read so far,
/// and what was answered. Touched by one libmicrohttpd thread only.
final class Exchange {
    /// A constant, so the handler reads it where it lies: as a variable it was copied (its
    /// strings retained and released) at every call it was passed to.
    let head: RequestHead
    /// What the handler made of the request; nil when it matched nothing.
    let route: HTTPRoute?
    let started: UInt64
    private(set) var plan: RequestPlan
    private var body: [UInt8] = []
    private(set) var bytesIn = 0
    /// The status sent; 0 while none was (a client that left early).
    var status = 0
    var bytesOut = 0

    init(head: consuming RequestHead, route: HTTPRoute?, plan: RequestPlan, started: UInt64) {
        let announced = head.contentLength ?? 0
        // Read before the head is stored, so it is moved in rather than copied.
        self.head = head
        self.route = route
        self.plan = plan
        self.started = started
        // An announced length is only a claim: reserve up to 64 KiB on its word, grow past that as bytes arrive.
        if case .collect = plan, announced > 0 { body.reserveCapacity(min(announced, 64 * 1024)) }
    }

    /// Takes the next chunk of the body. Past `limit` a collected body becomes a 413 and the rest
    /// is dropped; once more than `allowance` bytes past the limit arrived (or a stream will
    /// read no more), returns the answer to give at once, closing the connection, instead of
    /// reading on.
    func take(_ chunk: UnsafeBufferPointer<UInt8>, limit: Int, allowance: Int) -> HTTPResponse? {
        bytesIn += chunk.count
        switch plan {
        case .collect:
            guard bytesIn <= limit else {
                body = []
                plan = .answer(TransportError.bodyTooLarge(limit: limit).response)
                return nil
            }
            body.append(contentsOf: chunk)
            return nil
        case .stream(let stream):
            guard let refusal = stream.consume(chunk) else { return nil }
            plan = .answer(refusal)
            return refusal
        case .answer(let response):
            return bytesIn <= limit + allowance ? nil : response
        }
    }

    /// The exchange is over: lets go of the body and of what the plan holds (a stream's
    /// buffers), so that the handler can give memory back when it hears of the end.
    func end() {
        body = []
        plan = .answer(HTTPResponse(status: 0, body: .bytes([])))
    }

    /// Tells the handler the request ended, answered `status` (0: none) after `nanoseconds`.
    func report(to handler: any HTTPHandler, status: Int, nanoseconds: UInt64) {
        handler.finished(head, route: route, status: status, bytesIn: bytesIn, bytesOut: bytesOut, nanoseconds: nanoseconds)
    }

    /// The response, once the whole body is in.
    func response(from handler: any HTTPHandler) -> HTTPResponse {
        switch plan {
        case .collect(let route):
            body.withUnsafeBufferPointer { handler.respond(to: head, route: route, body: $0) }
        case .stream(let stream):
            stream.finish()
        case .answer(let response):
            response
        }
    }
}
