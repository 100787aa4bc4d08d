import ArgumentParser
import Glibc

/// A command's input document read in chunks, so that a large array need not be held whole: a
/// file, or stdin when none is named (or `-`).
///
/// Read, not mapped: mapping a file's windows cost as much here as copying them (page-table
/// work replaces the copy), and a mapped file cut short by another process would end this one.
/// A regular file longer than one chunk is read ahead on a thread of its own (`ReadAhead`).
final class InputReader {
    /// Bytes read per call: small enough that a chunk is still in the core's cache when it is
    /// parsed (on the 28 MB array of the benchmark, 512 KiB chunks and the spool's 256 KiB
    /// writes took 25.6 ms against 27.4 ms with 1 MiB for both).
    static let chunkSize = 512 << 10
    private let descriptor: Int32
    /// The chunk buffers: the first for reads on this thread, both once reading ahead.
    private let buffers: [UnsafeMutableBufferPointer<UInt8>]
    private var readAhead: ReadAhead?
    /// Whether the input may be read ahead: a regular file, and only the first chunk read yet.
    private var mayReadAhead: Bool

    /// Opens `path`, or takes stdin; a file that cannot be opened is said on stderr, exit 2.
    init(_ path: String?) throws {
        if let path, path != "-" {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            // Thrown before `buffers` is set, so `deinit` does not run (it would free what was never allocated).
            guard descriptor >= 0 else {
                Output.stderr("cannot read \(path)")
                throw ExitCode(2)
            }
        } else {
            descriptor = STDIN_FILENO
        }
        var status = stat()
        mayReadAhead = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        buffers = (0..<2).map { _ in .allocate(capacity: InputReader.chunkSize) }
    }

    deinit {
        readAhead = nil
        if descriptor != STDIN_FILENO { close(descriptor) }
        for buffer in buffers { buffer.deallocate() }
    }

    /// Whether `path` names an NDJSON file by its extension (`.ndjson`, `.jsonl`).
    static func namesNDJSON(_ path: String?) -> Bool {
        guard let path else { return false }
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".ndjson") || lowercased.hasSuffix(".jsonl")
    }

    /// The next bytes of the input, valid until the next call; empty at its end.
    ///
    /// A first chunk that fills its buffer starts the read-ahead: a file that size is likely
    /// large, and a small one is read without a second thread.
    func next() throws -> UnsafeBufferPointer<UInt8> {
        if let readAhead {
            let (chunk, error) = readAhead.next()
            guard error == 0 else { throw InputReader.failure(error) }
            return chunk
        }
        while true {
            let count = read(descriptor, buffers[0].baseAddress, buffers[0].count)
            if count >= 0 {
                if mayReadAhead && count == buffers[0].count {
                    readAhead = ReadAhead(descriptor: descriptor, buffers: buffers, held: 0)
                }
                mayReadAhead = false
                return UnsafeBufferPointer(rebasing: buffers[0][..<count])
            }
            guard errno == EINTR else { throw InputReader.failure(errno) }
        }
    }

    /// Says on stderr that reading failed with `error`; exit 2.
    private static func failure(_ error: Int32) -> ExitCode {
        Output.stderr("cannot read the input: \(String(cString: strerror(error)))")
        return ExitCode(2)
    }

    /// `prefix` followed by the rest of the input.
    func rest(after prefix: [UInt8]) throws -> [UInt8] {
        var bytes = prefix
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > 0 { bytes.reserveCapacity(Int(status.st_size)) }
        while true {
            let chunk = try next()
            if chunk.isEmpty { return bytes }
            bytes.append(contentsOf: chunk)
        }
    }
}
