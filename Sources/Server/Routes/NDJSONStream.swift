import ConvertdHTTP
import MappingEngine
import Spooling

/// `POST /convert/{Schema}` with an NDJSON body: the body goes, as it arrives, to an
/// `NDJSONConversion` (one result line per input line, a failed line's errors in its place),
/// whose results are spooled; the stream refuses a body over `maxBytes` with 413.
final class NDJSONStream: BodyStream {
    private let conversion: NDJSONConversion
    /// Where the answer's recoveries are counted, and the request they are noted on.
    private let route: ConversionRoute
    private let head: RequestHead
    private let schema: String
    /// What the answers of the model's version must say.
    private let notice: VersionNotice?
    private let spool = Spool()
    private let maxBytes: Int
    private var received = 0

    init(route: ConversionRoute, head: RequestHead, model: CompiledModel, options: ConversionOptions, maxLineBytes: Int, maxBytes: Int) {
        conversion = NDJSONConversion(engine: route.engine, model: model, options: options, maxLineBytes: maxLineBytes, output: spool)
        self.route = route
        self.head = head
        schema = model.name
        notice = model.notice
        self.maxBytes = maxBytes
    }

    func consume(_ chunk: UnsafeBufferPointer<UInt8>) -> HTTPResponse? {
        received += chunk.count
        // Past the limit the rest is read and dropped, so the 413 comes in turn; far past it, at once.
        guard received <= maxBytes else {
            return received <= maxBytes + BodyOverrun.allowance ? nil : TransportError.bodyTooLarge(limit: maxBytes).response
        }
        conversion.feed(chunk, workspace: ThreadWorkspace.current)
        return nil
    }

    func finish() -> HTTPResponse {
        guard received <= maxBytes else { return TransportError.bodyTooLarge(limit: maxBytes).response }
        conversion.finish(workspace: ThreadWorkspace.current)
        return ConversionRoute.noticed(route.recovered(.spooled(spool, contentType: "application/x-ndjson"), conversion.recoveries,
                                                       schema: schema, head: head), notice)
    }
}
