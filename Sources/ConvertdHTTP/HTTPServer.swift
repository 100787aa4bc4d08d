import CMicroHTTPD
import Dispatch
import Foundation
import Glibc
import Primitives
import Synchronization

/// The HTTP front end: a libmicrohttpd daemon (epoll, a pool of threads) fed by convertd's own
/// `Listener`, with a `Watchdog` enforcing deadlines and a `HeaderScan` enforcing strict framing;
/// its callbacks hand each request to an `HTTPHandler`. The only file that calls libmicrohttpd.
///
/// Each request is an `Exchange` parked in libmicrohttpd's per-request pointer from the first
/// callback (headers) to the completion notification, and each connection a `ClientConnection`
/// parked in its per-connection pointer; a connection stays on one pool thread, so both are only
/// ever touched by that thread (and the connection's atomics by the watchdog).
public final class HTTPServer: @unchecked Sendable {

    let settings: HTTPSettings
    let handler: any HTTPHandler
    /// Open TCP connections, counted by libmicrohttpd's connection notifications.
    let connections: AtomicGauge
    /// Connections answered 503 at accept and closed: over the ceiling or a client's share.
    let refusedConnections: AtomicGauge
    private let admission: Admission
    private let lingering = LingeringClose()
    private let watchdog: Watchdog
    // The lock guards the running daemon between start and stop.
    private let running = Guarded<Running?>(nil)

    /// The running daemon, its listener and the settings its callbacks read; libmicrohttpd's
    /// calls on the daemon are thread-safe.
    private struct Running: @unchecked Sendable {
        let daemon: OpaquePointer
        let listener: Listener
        let options: UnsafeMutablePointer<CMicroHTTPD_Settings>
    }

    /// Where libmicrohttpd's callbacks find this server.
    private let callbacks: CallbackTarget

    public init(settings: HTTPSettings, handler: any HTTPHandler, connections: AtomicGauge, refusedConnections: AtomicGauge = AtomicGauge()) {
        self.settings = settings
        self.handler = handler
        self.connections = connections
        self.refusedConnections = refusedConnections
        admission = Admission(limit: settings.maxConnections, perClient: settings.maxConnectionsPerClient)
        watchdog = Watchdog(deadlines: settings.deadlines) { [handler] cuts in
            for cut in cuts { handler.refused(status: cut.status, reason: cut.reason) }
        }
        callbacks = CallbackTarget()
        callbacks.server = self
    }

    /// Binds and starts serving; returns the bound port (the chosen one when `port` is 0).
    public func start() throws(HTTPStartError) -> Int {
        let listener: Listener
        do {
            listener = try Listener(host: settings.host, port: settings.port, sharePort: settings.sharePort)
        } catch {
            throw HTTPStartError(description: error.description)
        }
        let functions: UnsafePointer<CMicroHTTPD_Functions>
        do {
            functions = try MicroHTTPD.load()
        } catch {
            listener.stop()
            throw error
        }
        FileLimit.raise()
        let options = UnsafeMutablePointer<CMicroHTTPD_Settings>.allocate(capacity: 1)
        options.initialize(to: CMicroHTTPD_Settings(
            flags: MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ITC.rawValue
                | MHD_USE_NO_LISTEN_SOCKET.rawValue | MHD_USE_ERROR_LOG.rawValue,
            thread_pool_size: UInt32(max(1, settings.threads)),
            connection_limit: MicroHTTPDContract.connectionLimit(ceiling: admission.ceiling, threads: settings.threads),
            per_client_limit: 0,
            connection_timeout: UInt32(max(1, settings.deadlines.idleSeconds)),
            connection_memory_limit: MicroHTTPDContract.connectionMemory,
            handler: accessCallback,
            completed: completedCallback,
            notify: connectionCallback,
            unescape: unescapeCallback,
            uri: requestLineCallback,
            log: logCallback,
            context: Unmanaged.passUnretained(callbacks).toOpaque()
        ))
        guard let daemon = CMicroHTTPD_start(functions, options) else {
            options.deallocate()
            listener.stop()
            throw HTTPStartError(description: "libmicrohttpd refused the settings")
        }
        let handle = Running(daemon: daemon, listener: listener, options: options)
        running.withLock { $0 = handle }
        watchdog.start()
        lingering.start()
        listener.start { [admission, lingering, refusedConnections] socket, address, length in
            let client = ClientAddress(address)
            guard admission.admit(client) != .refuse else {
                refusedConnections.add(1)
                HTTPServer.refuse(socket, lingering: lingering)
                return
            }
            // On failure libmicrohttpd has closed the socket, and will not notify its end.
            if mhd.add_connection(handle.daemon, socket, address, length) != .YES { admission.release(client) }
        }
        return listener.port
    }

    /// Answers a connection over the limits 503 from the accept thread, without waiting (the
    /// answer fits in an empty socket buffer), and closes it lingering: a request it already
    /// sent must not turn the close into a reset that hides the answer.
    private static func refuse(_ socket: Int32, lingering: LingeringClose) {
        _ = RawResponse.overloaded.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
        lingering.close(socket)
    }

    /// Stops accepting: the listening socket is closed, so new clients are refused; open
    /// connections go on being served.
    public func stopAccepting() {
        running.withLock { $0?.listener.stop() }
    }

    /// Closes every connection and stops the threads; false when that took longer than
    /// `seconds` (a thread busy with a request), in which case the daemon is left running.
    public func stop(within seconds: Double) -> Bool {
        guard let stopping = running.withLock({ running in defer { running = nil }; return running }) else { return true }
        stopping.listener.stop()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            mhd.stop_daemon(stopping.daemon)
            done.signal()
        }
        thread.start()
        guard done.wait(timeout: .now() + max(0, seconds)) == .success else { return false }
        watchdog.stop()
        lingering.stop()
        stopping.options.deallocate()
        return true
    }

    func access(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
                            version: UnsafePointer<CChar>?, data: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>,
                            state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let client = HTTPServer.client(of: connection) else { return .NO }
        guard let stored = state.pointee else {
            // The watchdog may have cut the connection off while its head arrived.
            guard client.enter(.body) else { return .NO }
            // The head is a local of its own (not a field of a larger value), so that the
            // exchange takes it over rather than a copy.
            let (head, check) = readHead(connection, url: url, method: method, version: version, client: client)
            let (route, plan) = self.plan(head, check: check)
            // Answering before the body is read closes the connection: kept for bad framing,
            // clients over the limit, clients that wait for `100 Continue`, and bodies too large
            // to read and drop.
            let atOnce = check.answersAtOnce(head, maxBody: handler.maxBodyBytes)
            let exchange = Exchange(head: consume head, route: route, plan: plan, started: DispatchTime.now().uptimeNanoseconds)
            state.pointee = Unmanaged.passRetained(exchange).toOpaque()
            if atOnce, case .answer(let response) = exchange.plan {
                // The body is not read: the client may still be sending it when the connection closes.
                client.lingers = true
                // A head refused for its framing or size is answered straight on the socket: a
                // head just within libmicrohttpd's memory leaves too little of it to build an
                // answer's head there (about 435-438 short fields went unanswered), and the
                // connection closes either way.
                if check.violation != nil { return answerAndClose(response, for: exchange, client: client) }
                return queue(response, for: exchange, on: connection, client: client)
            }
            return .YES
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(stored).takeUnretainedValue()
        if size.pointee > 0 {
            let chunk = UnsafeRawBufferPointer(start: data, count: size.pointee).bindMemory(to: UInt8.self)
            size.pointee = 0
            let refusal = exchange.take(chunk, limit: handler.maxBodyBytes, allowance: BodyOverrun.allowance)
            client.received.store(exchange.bytesIn, ordering: .relaxed)
            guard let refusal else { return .YES }
            return answerAndClose(refusal, for: exchange, client: client)
        }
        guard client.enter(.processing) else { return .NO }
        return queue(exchange.response(from: handler), for: exchange, on: connection, client: client)
    }

    /// Answers a request where libmicrohttpd cannot queue an answer (in the middle of its body) or
    /// may have no memory left to build one (a head refused for its framing or size): written
    /// straight to the socket (nothing of this request was sent yet), and the connection closed
    /// lingering so the client still sending reads it rather than a reset.
    private func answerAndClose(_ response: HTTPResponse, for exchange: Exchange, client: ClientConnection) -> MHD_Result {
        var response = response
        response.headers.append(("X-Request-Id", exchange.head.requestID))
        let bytes = RawResponse.bytes(of: response)
        _ = bytes.withUnsafeBytes { send(client.socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
        exchange.status = response.status
        exchange.bytesOut = response.body.count
        client.lingers = true
        return .NO
    }

    /// The handler's plan, unless the head breaks the framing rules, is over the head limits or
    /// announces a body over the limit.
    private func plan(_ head: borrowing RequestHead, check: HeadCheck) -> (HTTPRoute?, RequestPlan) {
        let (route, plan) = handler.plan(head)
        if let violation = check.violation {
            var response = violation.response
            response.headers.append(("Connection", "close"))
            return (route, .answer(response))
        }
        if case .collect = plan, let length = head.contentLength, length > handler.maxBodyBytes {
            return (route, .answer(TransportError.bodyTooLarge(limit: handler.maxBodyBytes).response))
        }
        return (route, plan)
    }

    func completed(_ connection: OpaquePointer?, _ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        guard let state, let stored = state.pointee else { return }
        state.pointee = nil
        let exchange = Unmanaged<Exchange>.fromOpaque(stored).takeRetainedValue()
        // The body (or stream) is let go before the handler hears of the end, so the handler
        // can give memory back.
        exchange.end()
        var status = exchange.status
        if let client = connection.flatMap(HTTPServer.client(of:)) {
            // A request the watchdog cut off before it was answered was answered 408.
            if status == 0 && client.phase.phase == .cut { status = TransportError.requestTimeout("body").status }
            client.finishRequest()
        }
        exchange.report(to: handler, status: status, nanoseconds: DispatchTime.now().uptimeNanoseconds - exchange.started)
    }

    func connection(_ connection: OpaquePointer?, _ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, started: Bool) {
        guard let context else { return }
        if started {
            guard let connection else { return }
            connections.add(1)
            // Counted in by the accept thread; over the limit when it is taken up.
            let client = ClientConnection(socket: CMicroHTTPD_socket(MicroHTTPD.functions, connection), thread: pthread_self(), handle: connection,
                                          overLimit: admission.count > admission.limit,
                                          address: ClientAddress(CMicroHTTPD_client_address(MicroHTTPD.functions, connection)))
            context.pointee = Unmanaged.passRetained(client).toOpaque()
            watchdog.add(client)
        } else {
            guard let stored = context.pointee else { return }
            context.pointee = nil
            let client = Unmanaged<ClientConnection>.fromOpaque(stored).takeRetainedValue()
            watchdog.remove(client)
            connections.add(-1)
            admission.release(client.address)
            // The socket is still open here, its sending side shut (MicroHTTPDContract, 2): a
            // duplicate keeps it open past libmicrohttpd's close, to close lingering.
            if client.phase.phase != .cut && (client.lingers || HTTPServer.hasUnreadBytes(client.socket)) {
                let copy = dup(client.socket)
                if copy >= 0 { lingering.close(copy) }
            }
        }
    }

    private static func hasUnreadBytes(_ socket: Int32) -> Bool {
        var bytes: Int32 = 0
        return ioctl(socket, UInt(FIONREAD), &bytes) == 0 && bytes > 0
    }

    /// A request target has arrived: the head's deadline starts, and the target is judged
    /// against the head limits while its connection is in hand.
    func requestLine(on connection: OpaquePointer, target: UnsafeMutablePointer<CChar>?) {
        guard let client = HTTPServer.client(of: connection) else { return }
        client.enter(.head)
        guard let target, let refusal = settings.head.verdict(target: target) else { return }
        client.refusal = refusal
        // Thousands of arguments would fill the connection's memory before the head is read
        // (MicroHTTPDContract, 4): one argument is recorded instead, the request refused anyway.
        if let query = strchr(target, Int32(UInt8(ascii: "?"))) {
            var cursor = query
            while let separator = strchr(cursor, Int32(UInt8(ascii: "&"))) {
                separator.pointee = CChar(UInt8(ascii: "_"))
                cursor = separator
            }
        }
    }

    /// libmicrohttpd's diagnostics. A head its parser rejects is answered by libmicrohttpd
    /// itself, without a JSON body; its log line is the only word of it, and it does not say
    /// which connection (MicroHTTPDContract, 3). A whole head rejected is answered by convertd
    /// when its connection is certain; anything else (a head too large for the connection's
    /// memory) is counted and logged as it is, never laid at another connection's door.
    func logged(_ text: String) {
        let message = text.hasSuffix("\n") ? String(text.dropLast()) : text
        let prefix = "Error processing request (HTTP response code is "
        guard message.hasPrefix(prefix), let status = Int(message.dropFirst(prefix.count).prefix(3)) else {
            handler.diagnostic(message)
            return
        }
        if let cut = watchdog.answerRejectedHead(status: status, headReceived: { CMicroHTTPD_head_size(MicroHTTPD.functions, $0.handle) > 0 }) {
            handler.refused(status: cut.status, reason: cut.reason)
        } else {
            handler.refused(status: status, reason: "libmicrohttpd answered a head it could not hold: \(message)")
        }
    }

    private func readHead(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
                          version: UnsafePointer<CChar>?, client: ClientConnection) -> (RequestHead, HeadCheck) {
        var scan = HeaderScan()
        withUnsafeMutablePointer(to: &scan) { scan in
            _ = mhd.get_connection_values_n(connection, .HEADER_KIND, headerCallback, scan)
        }
        var query: [RequestHead.QueryItem] = []
        withUnsafeMutablePointer(to: &query) { query in
            _ = mhd.get_connection_values(connection, .GET_ARGUMENT_KIND, queryCallback, query)
        }
        let http11 = version.map { strcmp($0, "HTTP/1.1") == 0 } ?? false
        let violation = client.refusal ?? settings.head.verdict(headBytes: CMicroHTTPD_head_size(MicroHTTPD.functions, connection), fields: scan.fields)
            ?? scan.verdict(http11: http11)
        // Made in one piece as it is returned: a head made and then changed field by field was
        // copied twice on its way out (five strings retained and released each time).
        return (RequestHead(method: RequestHead.methodName(method), path: String(cString: url), query: query, contentType: scan.contentType,
                            contentLength: scan.contentLength, authorization: scan.authorization,
                            trace: TraceContext.accept(scan.traceParent), requestID: RequestID.accept(scan.requestID),
                            overLimit: client.overLimit),
                HeadCheck(violation: violation, expectsContinue: scan.expectsContinue))
    }

    private func queue(_ response: HTTPResponse, for exchange: Exchange, on connection: OpaquePointer, client: ClientConnection) -> MHD_Result {
        let created: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            created = bytes.withUnsafeBytes { HTTPServer.copying(UnsafeRawBufferPointer($0)) }
        case .borrowed(let buffer):
            created = HTTPServer.copying(UnsafeRawBufferPointer(buffer))
        case .file(let descriptor, let size):
            created = mhd.create_response_from_fd(size, descriptor)
            if created == nil { close(descriptor) }
        case .shared(let shared):
            created = HTTPServer.lending(shared)
        }
        guard let created else { return .NO }
        defer { mhd.destroy_response(created) }
        HTTPServer.add("Content-Type", response.contentType, to: created)
        HTTPServer.add("X-Request-Id", exchange.head.requestID, to: created)
        exchange.head.trace.withHeader { _ = mhd.add_response_header(created, "traceparent", $0) }
        for header in response.headers {
            HTTPServer.add(header.name, header.value, to: created)
        }
        // Over the limit a connection is answered once (a probe) and closed, to free its slot.
        if handler.isDraining || client.overLimit {
            _ = mhd.add_response_header(created, "Connection", "close")
            client.lingers = true
        }
        exchange.status = response.status
        exchange.bytesOut = response.body.count
        client.responseSize.store(response.body.count, ordering: .relaxed)
        guard client.enter(.responding) else { return .NO }
        return mhd.queue_response(connection, UInt32(response.status), created)
    }

    private static func client(of connection: OpaquePointer) -> ClientConnection? {
        CMicroHTTPD_socket_context(MicroHTTPD.functions, connection).map { Unmanaged<ClientConnection>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Adds a header, handing libmicrohttpd the strings' own bytes (an implicit conversion
    /// would copy each into a new array first).
    private static func add(_ name: String, _ value: String, to response: OpaquePointer) {
        name.withCString { name in
            value.withCString { value in _ = mhd.add_response_header(response, name, value) }
        }
    }

    private static func copying(_ bytes: UnsafeRawBufferPointer) -> OpaquePointer? {
        mhd.create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }

    /// A response that reads `shared` in place. It holds a reference to the bytes, which
    /// libmicrohttpd gives back through the free callback when it destroys the response.
    private static func lending(_ shared: SharedBytes) -> OpaquePointer? {
        let held = Unmanaged.passRetained(shared)
        let response = mhd.create_response_from_buffer_with_free_callback_cls(
            shared.count, UnsafeMutableRawPointer(mutating: shared.buffer.baseAddress),
            { context in if let context { Unmanaged<SharedBytes>.fromOpaque(context).release() } }, held.toOpaque())
        if response == nil { held.release() }
        return response
    }
}

/// What the header scan found about a request head beyond the head itself.
private struct HeadCheck {
    var violation: TransportError?
    var expectsContinue: Bool

    /// Whether an answer known before the body goes out before the body is read (which closes
    /// the connection) rather than after reading and dropping it.
    func answersAtOnce(_ head: RequestHead, maxBody: Int) -> Bool {
        if violation != nil || head.overLimit { return true }
        guard let length = head.contentLength, length > 0 else { return false }
        return expectsContinue || length > maxBody + BodyOverrun.allowance
    }
}

private let accessCallback: MHD_AccessHandlerCallback = { context, connection, url, method, version, data, size, state in
    guard let context, let connection, let url, let method, let size, let state else { return .NO }
    return Unmanaged<CallbackTarget>.fromOpaque(context).takeUnretainedValue().server
        .access(connection, url: url, method: method, version: version, data: data, size: size, state: state)
}

private let completedCallback: MHD_RequestCompletedCallback = { context, connection, state, _ in
    guard let context else { return }
    Unmanaged<CallbackTarget>.fromOpaque(context).takeUnretainedValue().server.completed(connection, state)
}

private let connectionCallback: MHD_NotifyConnectionCallback = { context, connection, socketContext, code in
    guard let context else { return }
    Unmanaged<CallbackTarget>.fromOpaque(context).takeUnretainedValue().server
        .connection(connection, socketContext, started: code == .CONNECTION_NOTIFY_STARTED)
}

private let requestLineCallback: CMicroHTTPD_URICallback = { context, connection, target in
    guard let context, let connection else { return }
    Unmanaged<CallbackTarget>.fromOpaque(context).takeUnretainedValue().server.requestLine(on: connection, target: target)
}

private let logCallback: CMicroHTTPD_LogCallback = { context, message in
    guard let context, let message else { return }
    Unmanaged<CallbackTarget>.fromOpaque(context).takeUnretainedValue().server.logged(String(cString: message))
}

/// Percent-decodes a path or argument in place, except one holding `%00`: decoded, the NUL
/// would end the C string early (`/convert/Book%00junk` read as `/convert/Book`), so it is
/// kept as sent and names nothing. Text without `%` (most paths) is left as it is.
private let unescapeCallback: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = { _, _, text in
    guard let text else { return 0 }
    guard let percent = strchr(text, Int32(UInt8(ascii: "%"))) else { return strlen(text) }
    if strstr(percent, "%00") != nil { return strlen(text) }
    return mhd.http_unescape(text)
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

/// The context pointer libmicrohttpd hands every callback: the server it belongs to, which owns
/// it and outlives the daemon.
final class CallbackTarget: @unchecked Sendable {
    // Set once, before the daemon starts.
    unowned(unsafe) var server: HTTPServer!
}

/// libmicrohttpd's functions, once a server has loaded them (`MicroHTTPD.load`): every call
/// below comes from a running daemon or its callbacks.
private var mhd: CMicroHTTPD_Functions { MicroHTTPD.functions.pointee }

/// Why the server did not start.
public struct HTTPStartError: Error, CustomStringConvertible {
    public var description: String
}

/// Bytes past a body limit that are read and dropped so a 413 can keep the connection; a larger
/// overrun is answered at once and closes it.
public enum BodyOverrun {
    public static let allowance = 4 << 20
}

extension RequestHead {
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
}

/// Where and how `HTTPServer` listens, and what a client may take.
public struct HTTPSettings: Sendable {
    public var host = "0.0.0.0"
    public var port = 8080
    public var threads = 1
    public var maxConnections = 1024
    /// Open connections from one client address; 0 for no limit (behind a gateway every
    /// connection comes from the gateway).
    public var maxConnectionsPerClient = 256
    public var deadlines = Deadlines()
    public var head = HeadLimits()
    /// Listen on a port other processes listen on too (they must ask the same).
    public var sharePort = false

    /// The defaults.
    public init() {}
}
