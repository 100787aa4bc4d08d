import Glibc
import Logging
import MappingEngine

/// A swift-log handler writing one line per event to stderr, as JSON or as `key=value` text,
/// with one `write(2)` per line so lines from many threads never interleave.
struct LineLogHandler: LogHandler {
    /// The line format.
    enum Format: String, CaseIterable, Sendable {
        case json
        case text
    }

    let label: String
    let format: Format
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    init(label: String, format: Format, level: Logger.Level) {
        self.label = label
        self.format = format
        self.logLevel = level
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let level = event.level, message = event.message
        var fields = metadata
        if let extra = event.metadata { fields.merge(extra) { $1 } }
        if let error = event.error { fields["error"] = .string(String(describing: error)) }
        let keys = fields.keys.sorted()
        let time = LineLogHandler.timestamp()
        var text: [UInt8]
        switch format {
        case .json:
            var members: [JSONValue.Member] = [
                .init("ts", .string(time)), .init("level", .string(level.rawValue)), .init("msg", .string(message.description)),
            ]
            for key in keys {
                if let value = fields[key] { members.append(.init(key, LineLogHandler.json(value))) }
            }
            text = JSONValue.object(members).jsonBytes
        case .text:
            var line = "\(time) \(level.rawValue) \(message.description)"
            for key in keys {
                if let value = fields[key] { line += " \(key)=\(LineLogHandler.quoted(value.description))" }
            }
            text = Array(line.utf8)
        }
        text.append(0x0A)
        text.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    private static func json(_ value: Logger.Metadata.Value) -> JSONValue {
        switch value {
        case .string(let text): return .string(text)
        case .stringConvertible(let convertible):
            let text = convertible.description
            let isInteger = !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && (text.count == 1 || text.first != "0")
            return isInteger ? .number(text) : .string(text)
        case .array(let values): return .array(values.map(json))
        case .dictionary(let entries): return .object(entries.keys.sorted().compactMap { key in entries[key].map { .init(key, json($0)) } })
        }
    }

    /// The value as is, or quoted when it holds spaces, quotes or `=`.
    private static func quoted(_ text: String) -> String {
        guard text.isEmpty || text.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" || $0 == "\n" }) else { return text }
        return JSONValue.string(text).jsonText
    }

    /// The current UTC time, RFC 3339 with milliseconds.
    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(now.tv_nsec / 1_000_000), 3))Z"
    }
}
