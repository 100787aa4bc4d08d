import Glibc

/// Output of unknown size kept in memory up to a threshold, then in an unlinked temporary file,
/// so a streamed result's memory stays bounded whatever its length.
public final class Spool: OutputSink {
    /// What a spool holds once written: its bytes, or the file they went to.
    public enum Contents {
        case bytes([UInt8])
        /// An open file of `size` bytes, read from offset 0; whoever takes it closes it.
        case file(descriptor: Int32, size: Int)
    }

    /// Bytes kept in memory, unless said otherwise, before moving to a file.
    public static let defaultMemoryLimit = 1 << 20
    /// Writes at least this long go to the file as they are, once there is one, rather than
    /// through the memory buffer.
    private static let directWrite = 64 << 10
    private let memoryLimit: Int
    private var buffer: [UInt8] = []
    private var descriptor: Int32 = -1
    private var fileSize = 0
    private var discarded = false
    /// Set when the temporary file could not be made or written; the output is then incomplete.
    public private(set) var failure: String?

    /// A spool that moves to a file past `memoryLimit` bytes.
    public init(memoryLimit: Int = Spool.defaultMemoryLimit) {
        self.memoryLimit = memoryLimit
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Bytes written so far.
    public var count: Int { fileSize + buffer.count }

    public func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil, !discarded, let base = bytes.baseAddress else { return }
        if descriptor >= 0 && buffer.isEmpty && bytes.count >= Spool.directWrite {
            append(base, bytes.count)
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= memoryLimit { flush() }
    }

    /// Drops everything written and what is still to come: the output will not be used, and
    /// its memory and file are given back now.
    public func discard() {
        discarded = true
        buffer = []
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        fileSize = 0
    }

    /// Everything written; the spool gives up its file to the caller.
    public func take() -> Contents {
        guard descriptor >= 0 else { return .bytes(buffer) }
        flush()
        let contents = Contents.file(descriptor: descriptor, size: fileSize)
        descriptor = -1
        return contents
    }

    private func flush() {
        buffer.withUnsafeBufferPointer { bytes in
            if let base = bytes.baseAddress { append(base, bytes.count) }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes `count` bytes at `base` to the file, making it first.
    private func append(_ base: UnsafePointer<UInt8>, _ count: Int) {
        if descriptor < 0 { descriptor = Spool.temporaryFile() }
        guard descriptor >= 0 else {
            failure = "cannot create a temporary file for the streamed output"
            return
        }
        var written = 0
        while written < count {
            let n = Glibc.write(descriptor, base + written, count - written)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                failure = "cannot write the streamed output to a temporary file"
                return
            }
            written += n
        }
        fileSize += written
    }

    /// An anonymous file in `$TMPDIR` (or `/tmp`), gone from the directory at once.
    private static func temporaryFile() -> Int32 {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((directory + "/convertd-spool-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
        if descriptor >= 0 {
            template.withUnsafeBufferPointer { _ = $0.baseAddress.map { unlink($0) } }
            // Not inherited by processes the server or a tool starts.
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        return descriptor
    }
}
