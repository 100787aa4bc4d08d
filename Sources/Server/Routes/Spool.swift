import Glibc

/// Output of unknown size kept in memory up to a threshold, then in an unlinked temporary file,
/// so a streamed response's memory stays bounded whatever its length.
final class Spool {
    /// Bytes kept in memory before moving to a file.
    static let memoryLimit = 1 << 20
    private var buffer: [UInt8] = []
    private var descriptor: Int32 = -1
    private var fileSize = 0
    /// Set when the temporary file could not be made or written; the response says so.
    private(set) var failure: String?

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Appends bytes.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil else { return }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Spool.memoryLimit { flush() }
    }

    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    /// The whole output as a response body; the spool gives up its file.
    func body() -> HTTPResponse.Body {
        guard descriptor >= 0 else { return .bytes(buffer) }
        flush()
        let body = HTTPResponse.Body.file(descriptor: descriptor, size: fileSize)
        descriptor = -1
        return body
    }

    private func flush() {
        if descriptor < 0 { descriptor = Spool.temporaryFile() }
        guard descriptor >= 0 else {
            failure = "cannot create a temporary file for the streamed response"
            return
        }
        var written = 0
        while written < buffer.count {
            let n = buffer.withUnsafeBytes { raw in
                raw.baseAddress.map { Glibc.write(descriptor, $0 + written, raw.count - written) } ?? 0
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                failure = "cannot write the streamed response to a temporary file"
                return
            }
            written += n
        }
        fileSize += written
        buffer.removeAll(keepingCapacity: true)
    }

    /// An anonymous file in `$TMPDIR` (or `/tmp`), gone from the directory at once.
    private static func temporaryFile() -> Int32 {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((directory + "/convertd-spool-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
        if descriptor >= 0 { template.withUnsafeBufferPointer { _ = $0.baseAddress.map { unlink($0) } } }
        return descriptor
    }
}
