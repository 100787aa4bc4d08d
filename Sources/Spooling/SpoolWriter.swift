import Dispatch

/// Writes a spool's full buffers to its file on a thread of their own, one buffer at a time,
/// while the spool fills the next: on a machine with a core to spare, the cost of the file's
/// writes (a copy into the page cache, about a fifth of converting a large array) overlaps the
/// conversion instead of adding to it.
///
/// For a command converting one large document; a server converting many requests at once has
/// no core to spare and writes its spools as they fill.
final class SpoolWriter: @unchecked Sendable {
    private let file: SpoolFile
    private let queue = DispatchQueue(label: "convertd.spool-writer")
    /// Signalled when no write is under way.
    private let idle = DispatchSemaphore(value: 1)
    /// The buffer being written, or the last one written once `idle` is signalled. Held only
    /// here, so the spool gets it back uniquely referenced and fills it again in place: a
    /// buffer captured by the write's closure was still shared when handed back, and emptying
    /// it allocated a new one, whose pages were all faulted in again.
    private var writing: [UInt8] = []

    init(file: SpoolFile) {
        self.file = file
    }

    /// Hands `full` to the writing thread, once the write before it is done, and returns an
    /// empty buffer (the one that write took, with its capacity) to fill meanwhile.
    func write(_ full: [UInt8]) -> [UInt8] {
        idle.wait()
        var next = writing
        writing = full
        queue.async {
            self.writing.withUnsafeBufferPointer { bytes in
                if let base = bytes.baseAddress { self.file.append(base, bytes.count) }
            }
            self.idle.signal()
        }
        next.removeAll(keepingCapacity: true)
        return next
    }

    /// Waits for the write under way, if any: the file is then the caller's again.
    func wait() {
        idle.wait()
        idle.signal()
    }
}
