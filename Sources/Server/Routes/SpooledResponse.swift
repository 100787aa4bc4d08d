import ConvertdHTTP
import MappingEngine
import Spooling

extension HTTPResponse {
    /// An answer whose body is what `spool` holds (its file, once it has one, goes to the
    /// server, which closes it); 503 when the spool could not keep the output.
    static func spooled(_ spool: Spool, status: Int = 200, contentType: String = "application/json") -> HTTPResponse {
        spool.seal()
        if let failure = spool.failure { return ServiceError.unavailable(reason: failure).response }
        switch spool.take() {
        case .bytes(let bytes): return HTTPResponse(status: status, body: .bytes(bytes), contentType: contentType)
        case .file(let descriptor, let size): return HTTPResponse(status: status, body: .file(descriptor: descriptor, size: size), contentType: contentType)
        }
    }
}
