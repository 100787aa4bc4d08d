import Glibc
import MappingEngine

/// Output of unknown size kept in memory up to a threshold, then in an unlinked temporary file,
/// so a streamed result's memory stays bounded whatever its length.
///
/// A command whose standard output is a regular file can write through to it instead
/// (`writingThrough`): the output goes where it is meant to end up, once, and is cut back off
/// the file if it is discarded. A command can also have the file written on a thread of its
/// own (`overlapped`, see `SpoolWriter`).
public final class Spool: DiscardableOutputSink {
    /// What a spool holds once written: its bytes, or the file they went to.
    public enum Contents {
        case bytes([UInt8])
        /// An open file of `size` bytes, read from offset 0; whoever takes it closes it.
        case file(descriptor: Int32, size: Int)

        /// The bytes held, a file read back and closed. For output known to be small enough
        /// to hold (tests, benchmarks); an answer is sent from the file instead.
        public func readAll() -> [UInt8] {
            switch self {
            case .bytes(let bytes):
                return bytes
            case .file(let descriptor, let size):
                defer { close(descriptor) }
                var bytes = [UInt8](repeating: 0, count: size)
                let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, size, 0) }
                return Array(bytes.prefix(max(0, read)))
            }
        }
    }

    /// Bytes kept in memory, unless said otherwise, before moving to a file.
    public static let defaultMemoryLimit = 1 << 20
    /// Bytes gathered before each write to a file written through: small enough to be written
    /// from the cache they were made in (see `InputReader.chunkSize`).
    static let throughWriteBytes = 256 << 10
    /// Writes at least this long go to the file as they are, once there is one, rather than
    /// through the memory buffer (when the file is written on the caller's thread).
    private static let directWrite = 64 << 10
    private let memoryLimit: Int
    private var buffer: [UInt8] = []
    private let file: SpoolFile
    /// Bytes handed to the file so far (some may still be on their way, with a writer).
    private var flushed = 0
    private var discarded = false
    /// Writes the file on a thread of its own; nil when the caller's thread writes it.
    private let writer: SpoolWriter?

    /// A spool that moves to a temporary file past `memoryLimit` bytes; `overlapped`, its file
    /// is written on a thread of its own.
    public init(memoryLimit: Int = Spool.defaultMemoryLimit, overlapped: Bool = false) {
        self.memoryLimit = memoryLimit
        file = SpoolFile()
        writer = overlapped ? SpoolWriter(file: file) : nil
    }

    private init(through file: SpoolFile, overlapped: Bool) {
        memoryLimit = Spool.throughWriteBytes
        self.file = file
        writer = overlapped ? SpoolWriter(file: file) : nil
    }

    /// A spool that writes through to `descriptor`, when that is a regular file ending where
    /// it is written (as `> file` or `>> file` leave standard output), so that discarding can
    /// cut the file back to what it was; nil otherwise. The descriptor stays the caller's.
    public static func writingThrough(_ descriptor: Int32, overlapped: Bool = false) -> Spool? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(status.st_size)
        let appending = fcntl(descriptor, F_GETFL) & O_APPEND != 0
        let position = Int(lseek(descriptor, 0, SEEK_CUR))
        // Bytes past where the output starts would be overwritten, and could not be put back.
        guard appending || position == size else { return nil }
        // A file that refuses to be cut (append-only) could not take the output back.
        guard ftruncate(descriptor, off_t(size)) == 0 else { return nil }
        return Spool(through: SpoolFile(through: descriptor, at: size), overlapped: overlapped)
    }

    deinit {
        writer?.wait()
    }

    /// Bytes written so far.
    public var count: Int { flushed + buffer.count }

    /// Set when the temporary file could not be made or written; the output is then incomplete.
    public var failure: String? {
        writer?.wait()
        return file.failure
    }

    public func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !discarded, let base = bytes.baseAddress else { return }
        if writer == nil && file.descriptor >= 0 && buffer.isEmpty && bytes.count >= Spool.directWrite {
            guard file.failure == nil else { return }
            file.append(base, bytes.count)
            flushed += bytes.count
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
        writer?.wait()
        buffer = []
        file.drop()
        flushed = 0
    }

    /// Everything written; the spool gives up its temporary file to the caller. A spool that
    /// writes through has nothing to give: its bytes are in the file.
    public func take() -> Contents {
        seal()
        if file.throughStart != nil { return .bytes([]) }
        guard file.descriptor >= 0 else { return .bytes(buffer) }
        let (descriptor, size) = file.release()
        return .file(descriptor: descriptor, size: size)
    }

    /// Writes what is still buffered to the file, when there is one, and waits for any write
    /// under way: from then on `failure` tells whether all that was written reached the file.
    /// Check it after sealing, before the output is used: the last write can fail as well.
    public func seal() {
        writer?.wait()
        if file.descriptor >= 0 { flushHere() }
    }

    /// Hands the buffer to the file: to the writer's thread when there is one.
    private func flush() {
        guard let writer else { return flushHere() }
        flushed += buffer.count
        buffer = writer.write(buffer)
    }

    /// Writes the buffer to the file on this thread (any writer being idle).
    private func flushHere() {
        flushed += buffer.count
        buffer.withUnsafeBufferPointer { bytes in
            if let base = bytes.baseAddress { file.append(base, bytes.count) }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
