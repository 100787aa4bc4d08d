/// An answer the server sends: status, content type, extra headers and a body.
///
/// `Content-Length` is always set by the server from the body's size.
public struct HTTPResponse {
    /// Where the body's bytes are.
    public enum Body {
        /// Bytes the response owns.
        case bytes([UInt8])
        /// Bytes owned by the thread's workspace, valid until the server queues the response,
        /// which it does before the workspace can be used again.
        case borrowed(UnsafeBufferPointer<UInt8>)
        /// An open file of `size` bytes (a spooled stream result); the server closes it.
        case file(descriptor: Int32, size: Int)
        /// Immutable bytes that many responses send at once, each without a copy.
        case shared(SharedBytes)

        public var count: Int {
            switch self {
            case .bytes(let bytes): bytes.count
            case .borrowed(let buffer): buffer.count
            case .file(_, let size): size
            case .shared(let bytes): bytes.count
            }
        }
    }

    public var status: Int
    public var body: Body
    public var contentType = "application/json"
    public var headers: [(name: String, value: String)] = []

    public init(status: Int, body: Body, contentType: String = "application/json", headers: [(name: String, value: String)] = []) {
        self.status = status
        self.body = body
        self.contentType = contentType
        self.headers = headers
    }
}
