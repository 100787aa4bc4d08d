import CMicroHTTPD
import Dispatch
import Glibc
import Synchronization

/// The HTTP front end: a libmicrohttpd daemon (internal polling thread with epoll, a thread pool)
/// whose callbacks hand each request to an `HTTPHandler`. The only file that touches libmicrohttpd.
///
/// Each request is an `Exchange` parked in libmicrohttpd's per-request pointer from the first
/// callback (headers) to the completion notification; a connection stays on one pool thread, so
/// an exchange is only ever touched by one thread.
final class HTTPServer: Sendable {
    /// Where and how to listen.
    struct Settings: Sendable {
        var host = "0.0.0.0"
        var port = 8080
        var threads = 1
        var maxConnections = 1024
        var connectionTimeoutSeconds = 30
    }

    /// Why the daemon did not start.
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    let settings: Settings
    let handler: any HTTPHandler
    /// Open TCP connections, counted by libmicrohttpd's connection notifications.
    let connections: Gauge
    // The lock guards the daemon handle between start, quiesce and stop.
    private let daemon = Mutex<Daemon?>(nil)

    /// The running daemon's handle; libmicrohttpd's calls on it are thread-safe.
    private struct Daemon: @unchecked Sendable {
        let handle: OpaquePointer
    }

    /// Bytes past `maxBodyBytes` read and dropped so a 413 can keep the connection; a larger
    /// overrun closes it.
    static let discardAllowance = 4 << 20
    /// A connection's buffer for headers and body chunks.
    private static let connectionMemory = 32 * 1024
    /// Marks, in the socket context, a connection accepted over `maxConnections`.
    private static let overLimitMark = 1

    init(settings: Settings, handler: any HTTPHandler, connections: Gauge) {
        self.settings = settings
        self.handler = handler
        self.connections = connections
    }

    /// Binds and starts serving; returns the bound port (the chosen one when `port` is 0).
    func start() throws(StartError) -> Int {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(settings.host, String(settings.port), &hints, &list)
        guard status == 0, let address = list else {
            throw StartError(description: "cannot resolve host '\(settings.host)': \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ITC.rawValue
        // An IPv6 address takes IPv4 clients too ("::" means every interface, as "0.0.0.0" does).
        if address.pointee.ai_family == AF_INET6 { flags |= MHD_USE_DUAL_STACK.rawValue }
        // libmicrohttpd refuses connections over its limit silently; headroom above ours lets
        // those clients hear 503 instead.
        let headroom = max(16, settings.maxConnections / 8)
        var options = CMicroHTTPD_Settings(
            flags: flags,
            address: UnsafePointer(address.pointee.ai_addr),
            thread_pool_size: UInt32(max(1, settings.threads)),
            connection_limit: UInt32(settings.maxConnections + headroom),
            connection_timeout: UInt32(max(0, settings.connectionTimeoutSeconds)),
            connection_memory_limit: HTTPServer.connectionMemory,
            handler: accessCallback,
            completed: completedCallback,
            notify: connectionCallback,
            context: Unmanaged.passUnretained(self).toOpaque()
        )
        errno = 0
        guard let started = CMicroHTTPD_start(&options) else {
            let reason = errno == 0 ? "libmicrohttpd refused the settings" : String(cString: strerror(errno))
            throw StartError(description: "cannot listen on \(settings.host):\(settings.port): \(reason)")
        }
        daemon.withLock { $0 = Daemon(handle: started) }
        return Int(CMicroHTTPD_bound_port(started))
    }

    /// Stops accepting connections; open ones go on being served.
    func quiesce() {
        daemon.withLock { daemon in
            guard let daemon else { return }
            let socket = MHD_quiesce_daemon(daemon.handle)
            if socket >= 0 { close(socket) }
        }
    }

    /// Closes every connection and stops the threads.
    func stop() {
        daemon.withLock { daemon in
            guard let running = daemon else { return }
            MHD_stop_daemon(running.handle)
            daemon = nil
        }
    }

    fileprivate func access(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
                            data: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>,
                            state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let stored = state.pointee else {
            var head = readHead(connection, url: url, method: method)
            let plan = plan(&head, on: connection)
            let exchange = Exchange(head: head, plan: plan, started: DispatchTime.now().uptimeNanoseconds)
            state.pointee = Unmanaged.passRetained(exchange).toOpaque()
            // Answering before the body is read closes the connection: kept for clients that
            // wait for `100 Continue`, or whose body is too large to read and drop.
            if case .answer(let response) = exchange.plan, answersAtOnce(head, connection) {
                return queue(response, for: exchange, on: connection)
            }
            return .YES
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(stored).takeUnretainedValue()
        if size.pointee > 0 {
            let chunk = UnsafeRawBufferPointer(start: data, count: size.pointee).bindMemory(to: UInt8.self)
            size.pointee = 0
            return exchange.take(chunk, limit: handler.maxBodyBytes, allowance: HTTPServer.discardAllowance) ? .YES : .NO
        }
        return queue(exchange.response(from: handler), for: exchange, on: connection)
    }

    /// The handler's plan, unless the connection is over the limit or the body announced too large.
    private func plan(_ head: inout RequestHead, on connection: OpaquePointer) -> RequestPlan {
        let plan = handler.plan(&head)
        if isOverLimit(connection) {
            var response = HTTPError.overloaded.response
            response.headers += [("Retry-After", "1"), ("Connection", "close")]
            return .answer(response)
        }
        if case .collect = plan, let length = head.contentLength, length > handler.maxBodyBytes {
            return .answer(HTTPError.bodyTooLarge(limit: handler.maxBodyBytes).response)
        }
        return plan
    }

    private func answersAtOnce(_ head: RequestHead, _ connection: OpaquePointer) -> Bool {
        if isOverLimit(connection) { return true }
        guard let length = head.contentLength, length > 0 else { return false }
        let expect = MHD_lookup_connection_value(connection, .HEADER_KIND, "Expect").map { String(cString: $0) }
        return expect?.lowercased() == "100-continue" || length > handler.maxBodyBytes + HTTPServer.discardAllowance
    }

    private func isOverLimit(_ connection: OpaquePointer) -> Bool {
        Int(bitPattern: CMicroHTTPD_socket_context(connection)) == HTTPServer.overLimitMark
    }

    fileprivate func completed(_ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        guard let state, let stored = state.pointee else { return }
        state.pointee = nil
        let exchange = Unmanaged<Exchange>.fromOpaque(stored).takeRetainedValue()
        handler.finished(exchange.head, status: exchange.status, bytesIn: exchange.bytesIn, bytesOut: exchange.bytesOut,
                         nanoseconds: DispatchTime.now().uptimeNanoseconds - exchange.started)
    }

    fileprivate func connection(_ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, started: Bool) {
        if started {
            if connections.add(1) > settings.maxConnections { context?.pointee = UnsafeMutableRawPointer(bitPattern: HTTPServer.overLimitMark) }
        } else {
            connections.add(-1)
        }
    }

    private func readHead(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>) -> RequestHead {
        func header(_ name: StaticString) -> String? {
            name.withUTF8Buffer { name in
                name.withMemoryRebound(to: CChar.self) { MHD_lookup_connection_value(connection, .HEADER_KIND, $0.baseAddress) }
            }.map { String(cString: $0) }
        }
        var head = RequestHead(method: String(cString: method), path: String(cString: url),
                               requestID: RequestID.accept(header("X-Request-Id")))
        head.contentType = header("Content-Type")
        head.contentLength = header("Content-Length").flatMap { Int($0) }
        withUnsafeMutablePointer(to: &head.query) { query in
            _ = MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, queryCallback, query)
        }
        return head
    }

    private func queue(_ response: HTTPResponse, for exchange: Exchange, on connection: OpaquePointer) -> MHD_Result {
        let created: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            created = bytes.withUnsafeBytes { HTTPServer.copying(UnsafeRawBufferPointer($0)) }
        case .borrowed(let buffer):
            created = HTTPServer.copying(UnsafeRawBufferPointer(buffer))
        case .file(let descriptor, let size):
            created = MHD_create_response_from_fd(size, descriptor)
            if created == nil { close(descriptor) }
        }
        guard let created else { return .NO }
        defer { MHD_destroy_response(created) }
        HTTPServer.add("Content-Type", response.contentType, to: created)
        HTTPServer.add("X-Request-Id", exchange.head.requestID, to: created)
        for header in response.headers {
            HTTPServer.add(header.name, header.value, to: created)
        }
        if handler.isDraining { MHD_add_response_header(created, "Connection", "close") }
        exchange.status = response.status
        exchange.bytesOut = response.body.count
        return MHD_queue_response(connection, UInt32(response.status), created)
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
}

private let accessCallback: MHD_AccessHandlerCallback = { context, connection, url, method, _, data, size, state in
    guard let context, let connection, let url, let method, let size, let state else { return .NO }
    return Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        .access(connection, url: url, method: method, data: data, size: size, state: state)
}

private let completedCallback: MHD_RequestCompletedCallback = { context, _, state, _ in
    guard let context else { return }
    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().completed(state)
}

private let connectionCallback: MHD_NotifyConnectionCallback = { context, _, socketContext, code in
    guard let context else { return }
    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        .connection(socketContext, started: code == .CONNECTION_NOTIFY_STARTED)
}

private let queryCallback: MHD_KeyValueIterator = { context, _, key, value in
    guard let context, let key else { return .YES }
    context.assumingMemoryBound(to: [RequestHead.QueryItem].self).pointee
        .append(.init(name: String(cString: key), value: value.map { String(cString: $0) }))
    return .YES
}
