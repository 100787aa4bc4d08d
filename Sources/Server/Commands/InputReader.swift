import ArgumentParser
import Glibc

/// A command's input document read in chunks, so that a large array need not be held whole: a
/// file, or stdin when none is named (or `-`).
///
/// Read, not mapped: mapping a file's windows cost as much here as copying them (page-table
/// work replaces the copy), and a mapped file cut short by another process would end this one.
final class InputReader {
    /// Bytes read per call.
    static let chunkSize = 1 << 20
    private let descriptor: Int32
    private let buffer: UnsafeMutableBufferPointer<UInt8>

    /// Opens `path`, or takes stdin; a file that cannot be opened is said on stderr, exit 2.
    init(_ path: String?) throws {
        if let path, path != "-" {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            // Thrown before `buffer` is set, so `deinit` does not run (it would free what was never allocated).
            guard descriptor >= 0 else {
                Output.stderr("cannot read \(path)")
                throw ExitCode(2)
            }
        } else {
            descriptor = STDIN_FILENO
        }
        buffer = .allocate(capacity: InputReader.chunkSize)
    }

    deinit {
        if descriptor != STDIN_FILENO { close(descriptor) }
        buffer.deallocate()
    }

    /// Whether `path` names an NDJSON file by its extension (`.ndjson`, `.jsonl`).
    static func namesNDJSON(_ path: String?) -> Bool {
        guard let path else { return false }
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".ndjson") || lowercased.hasSuffix(".jsonl")
    }

    /// The next bytes of the input, valid until the next call; empty at its end.
    func next() throws -> UnsafeBufferPointer<UInt8> {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return UnsafeBufferPointer(rebasing: buffer[..<count]) }
            guard errno == EINTR else {
                Output.stderr("cannot read the input: \(String(cString: strerror(errno)))")
                throw ExitCode(2)
            }
        }
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
