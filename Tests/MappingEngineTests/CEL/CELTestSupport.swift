@testable import CEL

/// How the CEL tests write a value in their tables, one way for the parser's, the evaluator's
/// and the library's: a case states its expected value as one short string.
enum CELTestSupport {
    /// A value as the tables write it: `'text'`, `5`, `5u`, `5.0`, `true`, `null`, `b[1, 2]`,
    /// `[a, b]`, `{k: v}`, `decimal(1.50)`, `type(int)`; timestamps and durations as `string()`
    /// writes them.
    static func render(_ value: CELValue) -> String {
        render(value, quote: "'")
    }

    /// `render`, with strings between `quote`s (the syntax tests write `"text"`).
    static func render(_ value: CELValue, quote: Character) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .int(let number): "\(number)"
        case .uint(let number): "\(number)u"
        case .double(let number): "\(number)"
        case .string(let text): "\(quote)\(text)\(quote)"
        case .bytes(let bytes): "b\(bytes)"
        case .list(let elements): "[\(elements.map { render($0, quote: quote) }.joined(separator: ", "))]"
        case .map(let map): "{\(map.entries.map { "\(render($0.key, quote: quote)): \(render($0.value, quote: quote))" }.joined(separator: ", "))}"
        case .timestamp(let time): CELTimeText.string(time)
        case .duration(let duration): CELTimeText.string(duration)
        case .decimal(let decimal): "decimal(\(decimal))"
        case .type(let name): "type(\(name))"
        }
    }
}
