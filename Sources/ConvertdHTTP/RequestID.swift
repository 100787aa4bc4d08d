import Synchronization

/// Request ids for logs and the `X-Request-Id` header: the client's when usable, else this
/// process's random prefix and a counter, unique across instances and restarts.
public enum RequestID {
    private static let prefix = String(UInt64.random(in: .min ... .max) | 1 << 63, radix: 16)
    private static let counter = Atomic<UInt64>(0)
    /// Longer ids are replaced, so logs stay readable and headers small.
    public static let maxLength = 128

    /// `header` when it is 1–128 visible ASCII characters, else a new id.
    public static func accept(_ header: String?) -> String {
        if let header, !header.isEmpty, header.utf8.count <= maxLength,
           header.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) {
            return header
        }
        return next()
    }

    /// A new id, built in place with one allocation and the counter's digits written straight
    /// into it: most requests get one.
    static func next() -> String {
        let number = counter.add(1, ordering: .relaxed).newValue
        var digits = 1
        var rest = number
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let start = prefixBytes.count + 1
        return String(unsafeUninitializedCapacity: start + digits) { buffer in
            prefixBytes.withUnsafeBufferPointer { prefix in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(prefix))
            }
            buffer[start - 1] = UInt8(ascii: "-")
            var value = number
            for index in (start..<start + digits).reversed() {
                buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
                value /= 10
            }
            return start + digits
        }
    }

    /// The prefix's bytes, copied into each new id.
    private static let prefixBytes = Array(prefix.utf8)
}
