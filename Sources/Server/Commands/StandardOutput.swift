import Glibc
import MappingEngine
import Spooling

/// Standard output as a command's output sink: small writes gathered into 64 KiB ones, and a
/// spooled result sent whole (from its file by `sendfile`, without passing through memory).
final class StandardOutput: OutputSink {
    private static let bufferSize = 64 << 10
    private var buffer: [UInt8] = []

    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= StandardOutput.bufferSize { flush() }
    }

    /// Writes out what is gathered.
    func flush() {
        buffer.withUnsafeBufferPointer { StandardOutput.writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes out what is gathered, then everything `spool` holds (nothing, when it wrote
    /// through to standard output already).
    func send(_ spool: Spool) {
        flush()
        switch spool.take() {
        case .bytes(let bytes):
            bytes.withUnsafeBufferPointer { StandardOutput.writeAll($0) }
        case .file(let descriptor, let size):
            defer { close(descriptor) }
            // The file's own offset is at its end, where the spool stopped writing.
            var offset = off_t(0)
            while offset < size {
                let sent = sendfile(STDOUT_FILENO, descriptor, &offset, size - Int(offset))
                if sent < 0 && errno == EINTR { continue }
                guard sent > 0 else {
                    // Standard output takes no sendfile (or the file ended early): copied instead.
                    StandardOutput.copy(descriptor, from: Int(offset), size: size)
                    return
                }
            }
        }
    }

    /// Copies `size - offset` bytes of the file from `offset` with reads and writes.
    private static func copy(_ descriptor: Int32, from offset: Int, size: Int) {
        let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 20)
        defer { chunk.deallocate() }
        var position = offset
        while position < size {
            let count = pread(descriptor, chunk.baseAddress, min(chunk.count, size - position), off_t(position))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            writeAll(UnsafeBufferPointer(rebasing: chunk[..<count]))
            position += count
        }
    }

    /// Writes all of `bytes` to standard output, unless it fails (a closed pipe).
    private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let count = Glibc.write(STDOUT_FILENO, base + written, bytes.count - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
