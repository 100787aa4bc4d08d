import Glibc

/// Output of unknown size kept in memory up to a threshold, then in an unlinked temporary file,
/// so a streamed result's memory stays bounded whatever its length.
///
/// A command whose standard output is a regular file can write through to it instead
/// (`writingThrough`): the output goes where it is meant to end up, once, and is cut back off
/// the file if it is discarded.
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
    /// Bytes of the temporary file reserved on disk ahead of the writes.
    private var reserved = 0
    private var discarded = false
    /// Where the output starts in a file written through; nil for a spool of its own.
    private let throughStart: Int?
    /// Set when the temporary file could not be made or written; the output is then incomplete.
    public private(set) var failure: String?

    /// A spool that moves to a temporary file past `memoryLimit` bytes.
    public init(memoryLimit: Int = Spool.defaultMemoryLimit) {
        self.memoryLimit = memoryLimit
        throughStart = nil
    }

    private init(through descriptor: Int32, at start: Int) {
        memoryLimit = Spool.defaultMemoryLimit
        self.descriptor = descriptor
        throughStart = start
    }

    /// A spool that writes through to `descriptor`, when that is a regular file ending where
    /// it is written (as `> file` or `>> file` leave standard output), so that discarding can
    /// cut the file back to what it was; nil otherwise. The descriptor stays the caller's.
    public static func writingThrough(_ descriptor: Int32) -> Spool? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(status.st_size)
        let appending = fcntl(descriptor, F_GETFL) & O_APPEND != 0
        let position = Int(lseek(descriptor, 0, SEEK_CUR))
        // Bytes past where the output starts would be overwritten, and could not be put back.
        guard appending || position == size else { return nil }
        // A file that refuses to be cut (append-only) could not take the output back.
        guard ftruncate(descriptor, off_t(size)) == 0 else { return nil }
        return Spool(through: descriptor, at: size)
    }

    deinit {
        if descriptor >= 0 && throughStart == nil { close(descriptor) }
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
    /// its memory and file are given back now (a file written through is cut back to its size
    /// before, and written on from there).
    public func discard() {
        // Called again for every element after one fails: nothing was written since the first call.
        guard !discarded else { return }
        discarded = true
        buffer = []
        if let start = throughStart {
            _ = ftruncate(descriptor, off_t(start))
            _ = lseek(descriptor, off_t(start), SEEK_SET)
        } else if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        fileSize = 0
        reserved = 0
    }

    /// Everything written; the spool gives up its temporary file to the caller. A spool that
    /// writes through has nothing to give: its bytes are in the file.
    public func take() -> Contents {
        if throughStart != nil {
            flush()
            return .bytes([])
        }
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
        if throughStart == nil && fileSize + count > reserved { reserve(fileSize + count) }
        var written = 0
        while written < count {
            let n = Glibc.write(descriptor, base + written, count - written)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                failure = throughStart == nil ? "cannot write the streamed output to a temporary file" : "cannot write the output"
                return
            }
            written += n
        }
        fileSize += written
    }

    /// Reserves the temporary file's blocks up to `size` bytes and a step beyond, a quarter of
    /// the size (4 to 64 MiB): writes into reserved blocks cost ext4 about half the time of
    /// writes that allocate as they go (24 MB: 2.5 ms against 5 ms here). A file system that
    /// cannot reserve is written as it is.
    private func reserve(_ size: Int) {
        let step = min(max(size / 4, 4 << 20), 64 << 20)
        let target = size + step
        guard reserved >= 0, posix_fallocate(descriptor, off_t(reserved), off_t(target - reserved)) == 0 else {
            reserved = -1
            return
        }
        reserved = target
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
