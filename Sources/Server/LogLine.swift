import Glibc
import Logging
import MappingEngine

/// One log line, built as bytes and written to stderr with one `write(2)` so lines from many
/// threads never interleave: time, level and message, then fields in the order added — a JSON
/// object, or `key=value` text. Built in the engine's `JSONWriter`, as a request's log line is
/// written on every request.
struct LogLine: ~Copyable {
    /// The line format.
    enum Format: String, CaseIterable, Sendable {
        case json
        case text
    }

    private let format: Format
    private var writer = JSONWriter(capacity: 256)

    init(_ format: Format, level: Logger.Level, message: String) {
        self.format = format
        switch format {
        case .json:
            writer.ascii("{\"ts\":\"")
            appendTimestamp()
            writer.ascii("\",\"level\":")
            writer.string(level.rawValue)
            writer.ascii(",\"msg\":")
            writer.string(message)
        case .text:
            appendTimestamp()
            writer.byte(UInt8(ascii: " "))
            append(level.rawValue)
            writer.byte(UInt8(ascii: " "))
            append(message)
        }
    }

    deinit {
        var storage = writer
        storage.deallocate()
    }

    /// A text field: a JSON string, or in text the value as is — quoted like a JSON string when
    /// empty or holding blanks, control characters, quotes or `=`.
    mutating func field(_ key: String, _ value: String) {
        appendKey(key)
        var value = value
        let plain = format == .text && value.withUTF8 { utf8 in
            !utf8.isEmpty && !utf8.contains { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "=") }
        }
        plain ? append(value) : writer.string(value)
    }

    /// A number field.
    mutating func field(_ key: String, _ value: Int) {
        appendKey(key)
        writer.int64(Int64(value))
    }

    /// A number field.
    mutating func field(_ key: String, _ value: UInt64) {
        appendKey(key)
        writer.uint64(value)
    }

    /// A field holding a JSON value.
    mutating func field(_ key: String, json value: JSONValue) {
        appendKey(key)
        value.write(to: &writer)
    }

    /// Ends the line and writes it.
    consuming func write() {
        end()
        writer.withBytes { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// The whole line, newline included.
    consuming func finished() -> [UInt8] {
        end()
        return writer.makeArray()
    }

    private mutating func end() {
        if format == .json { writer.byte(UInt8(ascii: "}")) }
        writer.byte(0x0A)
    }

    private mutating func appendKey(_ key: String) {
        switch format {
        case .json:
            writer.byte(UInt8(ascii: ","))
            writer.string(key)
            writer.byte(UInt8(ascii: ":"))
        case .text:
            writer.byte(UInt8(ascii: " "))
            append(key)
            writer.byte(UInt8(ascii: "="))
        }
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { writer.bytes($0) }
    }

    /// The current UTC time, RFC 3339 with milliseconds.
    private mutating func appendTimestamp() {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        appendDigits(Int(parts.tm_year) + 1900, 4, then: "-")
        appendDigits(Int(parts.tm_mon) + 1, 2, then: "-")
        appendDigits(Int(parts.tm_mday), 2, then: "T")
        appendDigits(Int(parts.tm_hour), 2, then: ":")
        appendDigits(Int(parts.tm_min), 2, then: ":")
        appendDigits(Int(parts.tm_sec), 2, then: ".")
        appendDigits(now.tv_nsec / 1_000_000, 3, then: "Z")
    }

    /// The last `width` decimal digits of `value`, zero-padded, then `separator`.
    private mutating func appendDigits(_ value: Int, _ width: Int, then separator: Unicode.Scalar) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            writer.byte(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
        writer.byte(UInt8(ascii: separator))
    }
}
