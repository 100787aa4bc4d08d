import Synchronization

/// Request ids for logs and the `X-Request-Id` header: the client's when usable, else this
/// process's random prefix and a counter, unique across instances and restarts.
enum RequestID {
    private static let prefix = String(UInt64.random(in: .min ... .max) | 1 << 63, radix: 16)
    private static let counter = Atomic<UInt64>(0)
    /// Longer ids are replaced, so logs stay readable and headers small.
    static let maxLength = 128

    /// `header` when it is 1–128 visible ASCII characters, else a new id.
    static func accept(_ header: String?) -> String {
        if let header, !header.isEmpty, header.utf8.count <= maxLength,
           header.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) {
            return header
        }
        return next()
    }

    /// A new id, built in place with one allocation: most requests get one.
    static func next() -> String {
        let number = String(counter.add(1, ordering: .relaxed).newValue)
        let length = prefix.utf8.count + 1 + number.utf8.count
        return String(unsafeUninitializedCapacity: length) { buffer in
            let dash = buffer.initialize(from: prefix.utf8).1
            buffer[dash] = UInt8(ascii: "-")
            _ = UnsafeMutableBufferPointer(rebasing: buffer[(dash + 1)...]).initialize(from: number.utf8)
            return length
        }
    }
}
