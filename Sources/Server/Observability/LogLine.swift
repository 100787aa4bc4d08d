import Glibc
import Logging
import MappingEngine
import Primitives

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
    /// Room for a request line (about 270 bytes) without growing.
    private var writer = JSONWriter(capacity: 512)

    init(_ format: Format, level: Logger.Level, message: String) {
        self.init(format, level: level)
        switch format {
        case .json: writer.string(message)
        case .text: append(message)
        }
    }

    /// A line whose message is a literal of letters, digits and spaces, written as it is: the
    /// request log's `request`.
    init(_ format: Format, level: Logger.Level, literal message: StaticString) {
        self.init(format, level: level)
        if format == .json { writer.byte(UInt8(ascii: "\"")) }
        writer.ascii(message)
        if format == .json { writer.byte(UInt8(ascii: "\"")) }
    }

    /// The time and level, up to where the message goes.
    private init(_ format: Format, level: Logger.Level) {
        self.format = format
        switch format {
        case .json:
            writer.ascii("{\"ts\":\"")
            appendTimestamp()
            writer.ascii("\",\"level\":\"")
            writer.ascii(LogLine.name(of: level))
            writer.ascii("\",\"msg\":")
        case .text:
            appendTimestamp()
            writer.byte(UInt8(ascii: " "))
            writer.ascii(LogLine.name(of: level))
            writer.byte(UInt8(ascii: " "))
        }
    }

    /// The level's name, as swift-log spells it, without making a string.
    private static func name(of level: Logger.Level) -> StaticString {
        switch level {
        case .trace: "trace"
        case .debug: "debug"
        case .info: "info"
        case .notice: "notice"
        case .warning: "warning"
        case .error: "error"
        case .critical: "critical"
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
        value.withUTF8 { utf8 in
            let plain = format == .text && !utf8.isEmpty
                && !utf8.contains { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "=") }
            plain ? writer.bytes(utf8) : writer.string(utf8: utf8)
        }
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

    /// The current UTC time, RFC 3339 with milliseconds (`2026-11-24T04:47:52.123Z`): the
    /// thread's second as last formatted, then the milliseconds.
    private mutating func appendTimestamp() {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let second = SecondStamp.current
        if second.second != now.tv_sec { second.format(now.tv_sec) }
        let millisecond = Int(now.tv_nsec / 1_000_000)
        writer.reserve(SecondStamp.length + 5)
        let out = writer.tail
        second.copy(to: out)
        out[19] = UInt8(ascii: ".")
        out[20] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: millisecond / 100)
        SecondStamp.twoDigits(millisecond % 100, at: out + 21)
        out[23] = UInt8(ascii: "Z")
        writer.advance(by: SecondStamp.length + 5)
    }
}

/// A thread's last second as `2026-11-24T04:47:52`: a thread writing many lines a second works
/// out the calendar date and formats it once per second rather than once per line.
private final class SecondStamp {
    static let length = 19
    private(set) var second = -1
    private let text = UnsafeMutablePointer<UInt8>.allocate(capacity: SecondStamp.length)

    deinit {
        text.deallocate()
    }

    func format(_ second: Int) {
        self.second = second
        let (days, time) = second.quotientAndRemainder(dividingBy: 86_400)
        let (year, month, day) = CivilCalendar.civilFromDays(days)
        SecondStamp.twoDigits(year / 100, at: text)
        SecondStamp.twoDigits(year % 100, at: text + 2)
        text[4] = UInt8(ascii: "-")
        SecondStamp.twoDigits(month, at: text + 5)
        text[7] = UInt8(ascii: "-")
        SecondStamp.twoDigits(day, at: text + 8)
        text[10] = UInt8(ascii: "T")
        SecondStamp.twoDigits(time / 3600, at: text + 11)
        text[13] = UInt8(ascii: ":")
        SecondStamp.twoDigits(time / 60 % 60, at: text + 14)
        text[16] = UInt8(ascii: ":")
        SecondStamp.twoDigits(time % 60, at: text + 17)
    }

    func copy(to out: UnsafeMutablePointer<UInt8>) {
        out.update(from: text, count: SecondStamp.length)
    }

    /// `value` (0–99) as two digits at `out`.
    @inline(__always)
    static func twoDigits(_ value: Int, at out: UnsafeMutablePointer<UInt8>) {
        out[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10)
        out[1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
    }

    private static let perThread = ThreadLocal { SecondStamp() }

    /// The calling thread's stamp.
    static var current: SecondStamp { perThread.current }
}
