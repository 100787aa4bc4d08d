import Glibc
import Logging
import MappingEngine

/// One log line, built as bytes and written whole through `LogOutput`, so lines from many
/// threads never interleave: time, level and message, then fields in the order added — a JSON
/// object, or `key=value` text. Built in the engine's `JSONWriter`, as a request's log line is
/// written on every request.
struct LogLine: ~Copyable {
    /// The line format.
    enum Format: String, CaseIterable, Sendable {
        case json
        case text
    }

    /// A field's name: a literal (the request line's, written as it is) or any text (escaped).
    enum Key: ExpressibleByStringLiteral {
        /// Letters, digits and `_` only.
        case literal(StaticString)
        case text(String)

        init(stringLiteral name: StaticString) {
            self = .literal(name)
        }
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
    mutating func field(_ key: Key, _ value: String) {
        appendKey(key)
        var value = value
        let plain = format == .text && value.withUTF8 { utf8 in
            !utf8.isEmpty && !utf8.contains { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "=") }
        }
        plain ? append(value) : writer.string(value)
    }

    /// A text field of ASCII letters and digits, which need no quoting in text nor escaping in JSON.
    mutating func field(_ key: Key, plain value: UnsafeBufferPointer<UInt8>) {
        appendKey(key)
        if format == .json { writer.byte(UInt8(ascii: "\"")) }
        writer.bytes(value)
        if format == .json { writer.byte(UInt8(ascii: "\"")) }
    }

    /// A number field.
    mutating func field(_ key: Key, _ value: Int) {
        appendKey(key)
        writer.int64(Int64(value))
    }

    /// A number field.
    mutating func field(_ key: Key, _ value: UInt64) {
        appendKey(key)
        writer.uint64(value)
    }

    /// A field holding a JSON value.
    mutating func field(_ key: Key, json value: JSONValue) {
        appendKey(key)
        value.write(to: &writer)
    }

    /// Ends the line and hands it to `LogOutput`; an urgent line is written at once.
    consuming func write(urgent: Bool) {
        end()
        writer.withBytes { LogOutput.write(UnsafeRawBufferPointer($0), urgent: urgent) }
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

    private mutating func appendKey(_ key: Key) {
        switch (format, key) {
        case (.json, .literal(let name)):
            writer.ascii(",\"")
            writer.ascii(name)
            writer.ascii("\":")
        case (.json, .text(let name)):
            writer.byte(UInt8(ascii: ","))
            writer.string(name)
            writer.byte(UInt8(ascii: ":"))
        case (.text, .literal(let name)):
            writer.byte(UInt8(ascii: " "))
            writer.ascii(name)
            writer.byte(UInt8(ascii: "="))
        case (.text, .text(let name)):
            writer.byte(UInt8(ascii: " "))
            append(name)
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
        let (days, second) = Int(now.tv_sec).quotientAndRemainder(dividingBy: 86_400)
        let (year, month, day) = CivilCalendar.civilFromDays(days)
        appendDigits(year / 100)
        appendDigits(year % 100, then: "-")
        appendDigits(month, then: "-")
        appendDigits(day, then: "T")
        appendDigits(second / 3600, then: ":")
        appendDigits(second / 60 % 60, then: ":")
        appendDigits(second % 60, then: ".")
        let millisecond = now.tv_nsec / 1_000_000
        writer.byte(UInt8(ascii: "0") + UInt8(millisecond / 100))
        appendDigits(millisecond % 100, then: "Z")
    }

    /// `value` (0–99) as two digits, then `separator` if given.
    private mutating func appendDigits(_ value: Int, then separator: Unicode.Scalar? = nil) {
        writer.byte(UInt8(ascii: "0") + UInt8(value / 10))
        writer.byte(UInt8(ascii: "0") + UInt8(value % 10))
        if let separator { writer.byte(UInt8(ascii: separator)) }
    }
}
