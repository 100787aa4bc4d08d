import Logging
import MappingEngine

/// A swift-log handler writing each event as one `LogLine` on stderr: time, level, message and
/// the metadata sorted by key.
struct LineLogHandler: LogHandler {
    let label: String
    let format: LogLine.Format
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    init(label: String, format: LogLine.Format, level: Logger.Level) {
        self.label = label
        self.format = format
        self.logLevel = level
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var fields = metadata
        if let extra = event.metadata { fields.merge(extra) { $1 } }
        if let error = event.error { fields["error"] = .string(String(describing: error)) }
        // Lifecycle messages, reloads and errors are few and awaited (by an operator, a probe, a
        // test): written at once, where the request lines may wait for the flusher.
        LineLogHandler.line(format, level: event.level, message: event.message.description, fields: fields).write(urgent: true)
    }

    /// The line for one event: integers stay numbers, lists and dictionaries are JSON in JSON lines.
    static func line(_ format: LogLine.Format, level: Logger.Level, message: String, fields: Logger.Metadata) -> LogLine {
        var line = LogLine(format, level: level, message: message)
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            switch value {
            case .string(let text):
                line.field(.text(key), text)
            case .stringConvertible(let convertible):
                let text = convertible.description
                if let number = Int(text), String(number) == text {
                    line.field(.text(key), number)
                } else {
                    line.field(.text(key), text)
                }
            case .array, .dictionary:
                if format == .json { line.field(.text(key), json: json(value)) } else { line.field(.text(key), value.description) }
            }
        }
        return line
    }

    private static func json(_ value: Logger.Metadata.Value) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .stringConvertible(let convertible): .string(convertible.description)
        case .array(let values): .array(values.map(json))
        case .dictionary(let entries): .object(entries.keys.sorted().compactMap { key in entries[key].map { .init(key, json($0)) } })
        }
    }
}
