import CMicroHTTPD
import Dispatch
import Foundation
import Glibc
import Synchronization

/// The HTTP front end: a libmicrohttpd daemon (epoll, a pool of threads) fed by convertd's own
/// `Listener`, with a `Watchdog` enforcing deadlines and a `HeaderScan` enforcing strict framing;
/// its callbacks hand each request to an `HTTPHandler`. The only file that calls libmicrohttpd.
///
/// Each request is an `Exchange` parked in libmicrohttpd's per-request pointer from the first
/// callback (headers) to the completion notification, and each connection a `ClientConnection`
/// parked in its per-connection pointer; a connection stays on one pool thread, so both are only
/// ever touched by that thread (and the connection's atomics by the watchdog).
final class HTTPServer: Sendable {
    /// Where and how to listen, and what a client may take.
    struct Settings: Sendable {
        var host = "0.0.0.0"
        var port = 8080
        var threads = 1
        var maxConnections = 1024
        /// Open connections from one client address; 0 for no limit (behind a gateway every
        /// connection comes from the gateway).
        var maxConnectionsPerClient = 256
        var deadlines = Deadlines()
        /// Listen on a port other processes listen on too (they must ask the same).
        var sharePort = false
    }

    /// Why the server did not start.
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    let settings: Settings
    let handler: any HTTPHandler
    /// Open TCP connections, counted by libmicrohttpd's connection notifications.
    let connections: Gauge
    private let watchdog: Watchdog
    /// Numbers request lines as they arrive, across connections.
    private let requestLines = Atomic<UInt64>(0)
    // The lock guards the running daemon between start and stop.
    private let running = Guarded<Running?>(nil)

    /// The running daemon, its listener and the settings its callbacks read; libmicrohttpd's
    /// calls on the daemon are thread-safe.
    private struct Running: @unchecked Sendable {
        let daemon: OpaquePointer
        let listener: Listener
        let options: UnsafeMutablePointer<CMicroHTTPD_Settings>
    }

    /// Bytes past `maxBodyBytes` read and dropped so a 413 can keep the connection; a larger
    /// overrun closes it.
    static let discardAllowance = 4 << 20
    /// A connection's buffer for headers and body chunks. A head that does not fit is answered
    /// 414 or 431 (see `logged`).
    private static let connectionMemory = 32 * 1024

    init(settings: Settings, handler: any HTTPHandler, connections: Gauge) {
        self.settings = settings
        self.handler = handler
        self.connections = connections
        watchdog = Watchdog(deadlines: settings.deadlines) { [handler] cuts in
            for cut in cuts { handler.refused(status: cut.status, reason: cut.reason) }
        }
    }

    /// Binds and starts serving; returns the bound port (the chosen one when `port` is 0).
    func start() throws(StartError) -> Int {
        let listener: Listener
        do {
            listener = try Listener(host: settings.host, port: settings.port, sharePort: settings.sharePort)
        } catch {
            throw StartError(description: error.description)
        }
        // libmicrohttpd refuses connections over its limit by closing them; headroom above ours
        // lets those clients hear 503, and probes still be answered.
        let headroom = max(16, settings.maxConnections / 8)
        let options = UnsafeMutablePointer<CMicroHTTPD_Settings>.allocate(capacity: 1)
        options.initialize(to: CMicroHTTPD_Settings(
            flags: MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ITC.rawValue
                | MHD_USE_NO_LISTEN_SOCKET.rawValue | MHD_USE_ERROR_LOG.rawValue,
            thread_pool_size: UInt32(max(1, settings.threads)),
            connection_limit: UInt32(settings.maxConnections + headroom),
            per_client_limit: UInt32(max(0, settings.maxConnectionsPerClient)),
            connection_timeout: UInt32(max(1, settings.deadlines.idleSeconds)),
            connection_memory_limit: HTTPServer.connectionMemory,
            handler: accessCallback,
            completed: completedCallback,
            notify: connectionCallback,
            unescape: unescapeCallback,
            uri: requestLineCallback,
            log: logCallback,
            context: Unmanaged.passUnretained(self).toOpaque()
        ))
        guard let daemon = CMicroHTTPD_start(options) else {
            options.deallocate()
            listener.stop()
            throw StartError(description: "libmicrohttpd refused the settings")
        }
        let handle = Running(daemon: daemon, listener: listener, options: options)
        running.withLock { $0 = handle }
        watchdog.start()
        listener.start { socket, address, length in
            // On failure (over the limits) libmicrohttpd has closed the socket.
            _ = MHD_add_connection(handle.daemon, socket, address, length)
        }
        return listener.port
    }

    /// Stops accepting: the listening socket is closed, so new clients are refused; open
    /// connections go on being served.
    func stopAccepting() {
        running.withLock { $0?.listener.stop() }
    }

    /// Closes every connection and stops the threads; false when that took longer than
    /// `seconds` (a thread busy with a request), in which case the daemon is left running.
    func stop(within seconds: Double) -> Bool {
        guard let stopping = running.withLock({ running in defer { running = nil }; return running }) else { return true }
        stopping.listener.stop()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            MHD_stop_daemon(stopping.daemon)
            done.signal()
        }
        thread.start()
        guard done.wait(timeout: .now() + max(0, seconds)) == .success else { return false }
        watchdog.stop()
        stopping.options.deallocate()
        return true
    }

    fileprivate func access(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
                            version: UnsafePointer<CChar>?, data: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>,
                            state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let client = HTTPServer.client(of: connection) else { return .NO }
        guard let stored = state.pointee else {
            // The watchdog may have cut the connection off while its head arrived.
            guard client.enter(.body) else { return .NO }
            // The head is a local of its own (not a field of a larger value), so that the
            // exchange takes it over rather than a copy.
            var (head, check) = readHead(connection, url: url, method: method, version: version)
            let plan = self.plan(&head, check: check, client: client)
            // Answering before the body is read closes the connection: kept for bad framing,
            // clients over the limit, clients that wait for `100 Continue`, and bodies too large
            // to read and drop.
            let atOnce = check.answersAtOnce(head, maxBody: handler.maxBodyBytes)
            let exchange = Exchange(head: head, plan: plan, started: DispatchTime.now().uptimeNanoseconds)
            state.pointee = Unmanaged.passRetained(exchange).toOpaque()
            if atOnce, case .answer(let response) = exchange.plan {
                return queue(response, for: exchange, on: connection, client: client)
            }
            return .YES
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(stored).takeUnretainedValue()
        if size.pointee > 0 {
            let chunk = UnsafeRawBufferPointer(start: data, count: size.pointee).bindMemory(to: UInt8.self)
            size.pointee = 0
            let keep = exchange.take(chunk, limit: handler.maxBodyBytes, allowance: HTTPServer.discardAllowance)
            client.received.store(exchange.bytesIn, ordering: .relaxed)
            return keep ? .YES : .NO
        }
        guard client.enter(.processing) else { return .NO }
        return queue(exchange.response(from: handler), for: exchange, on: connection, client: client)
    }

    /// The handler's plan, unless the head breaks the framing rules or announces a body over the limit.
    private func plan(_ head: inout RequestHead, check: HeadCheck, client: ClientConnection) -> RequestPlan {
        head.overLimit = client.overLimit
        let plan = handler.plan(&head)
        if let violation = check.violation {
            var response = violation.response
            response.headers.append(("Connection", "close"))
            return .answer(response)
        }
        if case .collect = plan, let length = head.contentLength, length > handler.maxBodyBytes {
            return .answer(HTTPError.bodyTooLarge(limit: handler.maxBodyBytes).response)
        }
        return plan
    }

    fileprivate func completed(_ connection: OpaquePointer?, _ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        guard let state, let stored = state.pointee else { return }
        state.pointee = nil
        let exchange = Unmanaged<Exchange>.fromOpaque(stored).takeRetainedValue()
        // The body (or stream) is let go before the handler hears of the end, so the handler
        // can give memory back.
        let head = exchange.end()
        var status = exchange.status
        if let client = connection.flatMap(HTTPServer.client(of:)) {
            // A request the watchdog cut off before it was answered was answered 408.
            if status == 0 && client.phase.phase == .cut { status = HTTPError.requestTimeout("body").status }
            client.finishRequest()
        }
        handler.finished(head, status: status, bytesIn: exchange.bytesIn, bytesOut: exchange.bytesOut,
                         nanoseconds: DispatchTime.now().uptimeNanoseconds - exchange.started)
    }

    fileprivate func connection(_ connection: OpaquePointer?, _ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, started: Bool) {
        guard let context else { return }
        if started {
            guard let connection else { return }
            let client = ClientConnection(socket: CMicroHTTPD_socket(connection), thread: pthread_self(), handle: connection,
                                          overLimit: connections.add(1) > settings.maxConnections)
            context.pointee = Unmanaged.passRetained(client).toOpaque()
            watchdog.add(client)
        } else {
            guard let stored = context.pointee else { return }
            context.pointee = nil
            watchdog.remove(Unmanaged<ClientConnection>.fromOpaque(stored).takeRetainedValue())
            connections.add(-1)
        }
    }

    /// A request line has arrived: the head's deadline starts.
    fileprivate func requestLine(on connection: OpaquePointer) {
        guard let client = HTTPServer.client(of: connection) else { return }
        client.requestSequence.store(requestLines.add(1, ordering: .relaxed).newValue, ordering: .relaxed)
        client.enter(.head)
    }

    /// libmicrohttpd's diagnostics. When its parser rejects a head it answers without a JSON
    /// body, twice over for a bad `Content-Length`, or not at all when the query arguments fill
    /// the connection's memory (0.9.75); convertd answers such a head itself and closes.
    fileprivate func logged(_ text: String) {
        let message = text.hasSuffix("\n") ? String(text.dropLast()) : text
        let prefix = "Error processing request (HTTP response code is "
        guard message.hasPrefix(prefix), let status = Int(message.dropFirst(prefix.count).prefix(3)) else {
            handler.diagnostic(message)
            return
        }
        // A 414 or 431 comes from the request line or a header line, read in the same call as
        // the request line when the head is one packet; other statuses only for a whole head.
        let fromLine = status == 414 || status == 431
        if let cut = watchdog.answerRejectedHead(status: status, fallBackToLatest: fromLine, headReceived: { CMicroHTTPD_head_received($0.handle) != 0 }) {
            handler.refused(status: cut.status, reason: cut.reason)
        } else {
            handler.diagnostic(message)
        }
    }

    private func readHead(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
                          version: UnsafePointer<CChar>?) -> (RequestHead, HeadCheck) {
        var scan = HeaderScan()
        withUnsafeMutablePointer(to: &scan) { scan in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, headerCallback, scan)
        }
        var head = RequestHead(method: HTTPServer.methodName(method), path: String(cString: url), trace: TraceContext.accept(scan.traceParent),
                               requestID: RequestID.accept(scan.requestID))
        head.contentType = scan.contentType
        head.contentLength = scan.contentLength
        head.authorization = scan.authorization
        withUnsafeMutablePointer(to: &head.query) { query in
            _ = MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, queryCallback, query)
        }
        let http11 = version.map { strcmp($0, "HTTP/1.1") == 0 } ?? false
        return (head, HeadCheck(violation: scan.verdict(http11: http11), expectsContinue: scan.expectsContinue))
    }

    private func queue(_ response: HTTPResponse, for exchange: Exchange, on connection: OpaquePointer, client: ClientConnection) -> MHD_Result {
        let created: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            created = bytes.withUnsafeBytes { HTTPServer.copying(UnsafeRawBufferPointer($0)) }
        case .borrowed(let buffer):
            created = HTTPServer.copying(UnsafeRawBufferPointer(buffer))
        case .file(let descriptor, let size):
            created = MHD_create_response_from_fd(size, descriptor)
            if created == nil { close(descriptor) }
        case .shared(let shared):
            created = HTTPServer.lending(shared)
        }
        guard let created else { return .NO }
        defer { MHD_destroy_response(created) }
        HTTPServer.add("Content-Type", response.contentType, to: created)
        HTTPServer.add("X-Request-Id", exchange.head.requestID, to: created)
        exchange.head.trace.withHeader { _ = MHD_add_response_header(created, "traceparent", $0) }
        for header in response.headers {
            HTTPServer.add(header.name, header.value, to: created)
        }
        // Over the limit a connection is answered once (a probe) and closed, to free its slot.
        if handler.isDraining || client.overLimit { MHD_add_response_header(created, "Connection", "close") }
        exchange.status = response.status
        exchange.bytesOut = response.body.count
        client.responseSize.store(response.body.count, ordering: .relaxed)
        guard client.enter(.responding) else { return .NO }
        return MHD_queue_response(connection, UInt32(response.status), created)
    }

    /// The request's method: the common ones as literals, with no copy, allocation or UTF-8
    /// check; others as sent.
    static func methodName(_ method: UnsafePointer<CChar>) -> String {
        switch strlen(method) {
        case 3 where strcmp(method, "GET") == 0: "GET"
        case 4 where strcmp(method, "POST") == 0: "POST"
        case 3 where strcmp(method, "PUT") == 0: "PUT"
        case 4 where strcmp(method, "HEAD") == 0: "HEAD"
        case 6 where strcmp(method, "DELETE") == 0: "DELETE"
        default: String(cString: method)
        }
    }

    private static func client(of connection: OpaquePointer) -> ClientConnection? {
        CMicroHTTPD_socket_context(connection).map { Unmanaged<ClientConnection>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Adds a header, handing libmicrohttpd the strings' own bytes (an implicit conversion
    /// would copy each into a new array first).
    private static func add(_ name: String, _ value: String, to response: OpaquePointer) {
        name.withCString { name in
            value.withCString { value in _ = MHD_add_response_header(response, name, value) }
        }
    }

    private static func copying(_ bytes: UnsafeRawBufferPointer) -> OpaquePointer? {
        MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }

    /// A response that reads `shared` in place. It holds a reference to the bytes, which
    /// libmicrohttpd gives back through the free callback when it destroys the response.
    private static func lending(_ shared: SharedBytes) -> OpaquePointer? {
        let held = Unmanaged.passRetained(shared)
        let response = MHD_create_response_from_buffer_with_free_callback_cls(
            shared.count, UnsafeMutableRawPointer(mutating: shared.buffer.baseAddress),
            { context in if let context { Unmanaged<SharedBytes>.fromOpaque(context).release() } }, held.toOpaque())
        if response == nil { held.release() }
        return response
    }
}

/// What the header scan found about a request head beyond the head itself.
private struct HeadCheck {
    var violation: HTTPError?
    var expectsContinue: Bool

    /// Whether an answer known before the body goes out before the body is read (which closes
    /// the connection) rather than after reading and dropping it.
    func answersAtOnce(_ head: RequestHead, maxBody: Int) -> Bool {
        if violation != nil || head.overLimit { return true }
        guard let length = head.contentLength, length > 0 else { return false }
        return expectsContinue || length > maxBody + HTTPServer.discardAllowance
    }
}

private let accessCallback: MHD_AccessHandlerCallback = { context, connection, url, method, version, data, size, state in
    guard let context, let connection, let url, let method, let size, let state else { return .NO }
    return Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        .access(connection, url: url, method: method, version: version, data: data, size: size, state: state)
}

private let completedCallback: MHD_RequestCompletedCallback = { context, connection, state, _ in
    guard let context else { return }
    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().completed(connection, state)
}

private let connectionCallback: MHD_NotifyConnectionCallback = { context, connection, socketContext, code in
    guard let context else { return }
    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        .connection(connection, socketContext, started: code == .CONNECTION_NOTIFY_STARTED)
}

private let requestLineCallback: CMicroHTTPD_URICallback = { context, connection in
    guard let context, let connection else { return }
    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().requestLine(on: connection)
}

private let logCallback: CMicroHTTPD_LogCallback = { context, message in
    guard let context, let message else { return }
    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().logged(String(cString: message))
}

/// Percent-decodes a path or argument in place, except one holding `%00`: decoded, the NUL
/// would end the C string early (`/convert/Book%00junk` read as `/convert/Book`), so it is
/// kept as sent and names nothing. Text without `%` (most paths) is left as it is.
private let unescapeCallback: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = { _, _, text in
    guard let text else { return 0 }
    guard let percent = strchr(text, Int32(UInt8(ascii: "%"))) else { return strlen(text) }
    if strstr(percent, "%00") != nil { return strlen(text) }
    return MHD_http_unescape(text)
}

private let headerCallback: MHD_KeyValueIteratorN = { context, _, key, keySize, value, valueSize in
    guard let context, let key else { return .YES }
    let name = UnsafeRawBufferPointer(start: key, count: keySize).bindMemory(to: UInt8.self)
    let text = UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueSize).bindMemory(to: UInt8.self)
    context.assumingMemoryBound(to: HeaderScan.self).pointee.add(name: name, value: text)
    return .YES
}

private let queryCallback: MHD_KeyValueIterator = { context, _, key, value in
    guard let context, let key else { return .YES }
    context.assumingMemoryBound(to: [RequestHead.QueryItem].self).pointee
        .append(.init(name: String(cString: key), value: value.map { String(cString: $0) }))
    return .YES
}
