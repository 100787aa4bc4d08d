import ConvertdHTTP
import MappingEngine
import Spooling

/// `POST /convert/{Schema}` with a JSON body that is not collected first: one announced larger
/// than `--max-body-bytes`, or sent chunked without a length. Its first byte after white space
/// decides:
///
/// - `[`: the array is converted element by element as it arrives (`ArrayConversion`), up to
///   `--max-stream-bytes`, each element up to `--max-body-bytes`; the output is spooled and the
///   answer given once the body has ended: 200 with the whole array when every element
///   converted, else 422 with the errors or 400, as for a collected body. A client never gets
///   half an array with a 200.
/// - anything else: collected and converted whole, exactly as a collected body, up to
///   `--max-body-bytes`; past that (or when its length was announced past it), read and
///   dropped and answered 413.
final class JSONBodyStream: BodyStream {
    private enum State {
        /// Only white space so far, kept in `body`.
        case undecided
        case array(ArrayConversion)
        /// Not an array: collected in `body`.
        case whole
        /// Not an array and over `--max-body-bytes`: dropped.
        case tooLarge
    }

    private let route: ConversionRoute
    private let model: CompiledModel
    /// The model as the request named it (`Book`, `Book@2`).
    private let schema: String
    private let head: RequestHead
    private let options: ConversionRoute.Options
    private let limits: Service.Limits
    private let spool = Spool()
    private var state = State.undecided
    private var body: [UInt8] = []
    private var received = 0

    init(route: ConversionRoute, model: CompiledModel, schema: String, head: RequestHead, options: ConversionRoute.Options,
         limits: Service.Limits) {
        self.schema = schema
        self.route = route
        self.model = model
        self.head = head
        self.options = options
        self.limits = limits
    }

    func consume(_ chunk: UnsafeBufferPointer<UInt8>) -> HTTPResponse? {
        received += chunk.count
        // Past the limit the rest is read and dropped, so the 413 comes in turn; far past it, at once.
        guard received <= limits.maxStreamBytes else {
            return received <= limits.maxStreamBytes + BodyOverrun.allowance 
                ? nil : TransportError.bodyTooLarge(limit: limits.maxStreamBytes).response
        }
        switch state {
        case .undecided:
            switch DocumentStart(chunk) {
            case .undecided: collect(chunk)
            case .array: startArray(with: chunk)
            case .other:
                state = .whole
                collect(chunk)
            }
        case .array(let conversion):
            conversion.feed(chunk, workspace: ThreadWorkspace.current)
        case .whole:
            collect(chunk)
        case .tooLarge:
            break
        }
        return nil
    }

    func finish() -> HTTPResponse {
        guard received <= limits.maxStreamBytes else { return TransportError.bodyTooLarge(limit: limits.maxStreamBytes).response }
        switch state {
        case .undecided, .whole:
            return body.withUnsafeBufferPointer { route.convert($0, schema: schema, head: head) }
        case .tooLarge:
            return TransportError.bodyTooLarge(limit: limits.maxBodyBytes).response
        case .array(let conversion):
            switch conversion.finish(workspace: ThreadWorkspace.current) {
            case .converted:
                // As a collected answer, an indented one ends with a newline.
                if options.pretty { spool.write([0x0A]) }
                return ConversionRoute.noticed(route.recovered(.spooled(spool), conversion.recoveries, schema: model.name, head: head),
                                               model.notice)
            case .failed(let errors):
                return route.invalid(errors, schema: model.name, pretty: options.pretty)
            case .malformed(let error):
                return route.malformed(error)
            }
        }
    }

    /// Keeps the bytes of a body converted whole (or of its white space so far), up to the
    /// limit; past it the body is only read and dropped.
    private func collect(_ chunk: UnsafeBufferPointer<UInt8>) {
        var isWhole = false
        if case .whole = state { isWhole = true }
        // A body announced over the limit is refused as soon as it shows it is not an array.
        let announcedTooLarge = isWhole && (head.contentLength ?? 0) > limits.maxBodyBytes
        guard !announcedTooLarge, body.count + chunk.count <= limits.maxBodyBytes else {
            body = []
            state = .tooLarge
            return
        }
        body.append(contentsOf: chunk)
    }

    /// The body is an array: its bytes so far and `chunk` go to a new conversion.
    private func startArray(with chunk: UnsafeBufferPointer<UInt8>) {
        let conversion = ArrayConversion(model: model, options: options.conversion, maxElementBytes: limits.maxBodyBytes,
                                         pretty: options.pretty, output: spool)
        let workspace = ThreadWorkspace.current
        body.withUnsafeBufferPointer { conversion.feed($0, workspace: workspace) }
        body = []
        conversion.feed(chunk, workspace: workspace)
        state = .array(conversion)
    }
}
