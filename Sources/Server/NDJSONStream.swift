import Glibc
import MappingEngine

/// `POST /convert/{Schema}` with an NDJSON body: each line is converted as soon as it has
/// arrived, one result line per input line (blank lines are skipped); a line that fails gives
/// `{"line": N, "errors": […]}` and the rest go on. Memory holds one line and the spool's buffer.
final class NDJSONStream: BodyStream {
    private let engine: Engine
    private let schema: String
    private let options: ConversionOptions
    private let maxLineBytes: Int
    private let maxBytes: Int
    private let spool = Spool()
    /// The start of a line that spans chunks.
    private var pending: [UInt8] = []
    private var pendingTooLong = false
    private var line = 0
    private var received = 0

    init(engine: Engine, schema: String, options: ConversionOptions, maxLineBytes: Int, maxBytes: Int) {
        self.engine = engine
        self.schema = schema
        self.options = options
        self.maxLineBytes = maxLineBytes
        self.maxBytes = maxBytes
    }

    func consume(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        received += chunk.count
        guard received <= maxBytes else { return received <= maxBytes + HTTPServer.discardAllowance }
        guard let base = chunk.baseAddress else { return true }
        var start = 0
        while start < chunk.count {
            guard let found = memchr(base + start, 0x0A, chunk.count - start) else {
                hold(UnsafeBufferPointer(rebasing: chunk[start...]))
                break
            }
            let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let piece = UnsafeBufferPointer(rebasing: chunk[start..<newline])
            if pending.isEmpty && !pendingTooLong {
                convertLine(piece, tooLong: piece.count > maxLineBytes)
            } else {
                hold(piece)
                pending.withUnsafeBufferPointer { convertLine($0, tooLong: pendingTooLong) }
                pending.removeAll(keepingCapacity: true)
                pendingTooLong = false
            }
            start = newline + 1
        }
        return true
    }

    func finish() -> HTTPResponse {
        guard received <= maxBytes else { return HTTPError.bodyTooLarge(limit: maxBytes).response }
        if !pending.isEmpty || pendingTooLong {
            pending.withUnsafeBufferPointer { convertLine($0, tooLong: pendingTooLong) }
        }
        if let failure = spool.failure { return HTTPError.unavailable(reason: failure).response }
        return HTTPResponse(status: 200, body: spool.body(), contentType: "application/x-ndjson")
    }

    /// Keeps the start of a line until its end arrives, up to the line limit.
    private func hold(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !pendingTooLong else { return }
        if pending.count + bytes.count > maxLineBytes {
            pending.removeAll()
            pendingTooLong = true
        } else {
            pending.append(contentsOf: bytes)
        }
    }

    private func convertLine(_ raw: UnsafeBufferPointer<UInt8>, tooLong: Bool) {
        line += 1
        if tooLong {
            failLine([HTTPError.bodyTooLarge(limit: maxLineBytes).entry])
            return
        }
        var count = raw.count
        while count > 0, [0x20, 0x09, 0x0D].contains(raw[count - 1]) { count -= 1 }
        guard count > 0 else { return }
        let text = UnsafeBufferPointer(rebasing: raw[..<count])
        switch engine.convert(text, model: schema, options: options, workspace: ThreadWorkspace.current) {
        case .success(let success):
            if options.explain {
                spool.write(ResultJSON.explained(output: success.output, coercions: success.coercions, unknownKeys: success.unknownKeys))
            } else {
                spool.write(success.output)
            }
            spool.write([0x0A])
        case .failure(let errors):
            failLine(errors.map(ResultJSON.error))
        case .malformed(let error):
            failLine([ResultJSON.syntaxError(error)])
        case .unknownModel(let name):
            failLine([HTTPError.unknownSchema(name).entry])
        }
    }

    private func failLine(_ errors: [JSONValue]) {
        spool.write(JSONValue.object([.init("line", .number(String(line))), .init("errors", .array(errors))]).jsonBytes)
        spool.write([0x0A])
    }
}
