import CEL
import Foundation

/// A CEL result as JSON text, for the property's converter to read (a `transform` or
/// `compute` value): numbers by their digits, bytes as base64, timestamps and durations as
/// CEL's `string()` writes them (RFC 3339, `1.5s`), map keys as text. Nothing else is JSON:
/// a type value, a NaN or infinite double.
extension JSONWriter {
    /// Writes `value`; false (with something written) when it has no JSON form.
    mutating func celValue(_ value: CELValue) -> Bool {
        switch value {
        case .null: ascii("null")
        case .bool(let b): if b { ascii("true") } else { ascii("false") }
        case .int(let v): int64(v)
        case .uint(let v): uint64(v)
        case .double(let v):
            guard v.isFinite else { return false }
            double(v)
        case .decimal(let v): digits(v.description)
        case .string(let s): string(s)
        case .bytes(let b): string(Data(b).base64EncodedString())
        case .timestamp, .duration:
            guard let text = CELValueJSON.text(of: value) else { return false }
            string(text)
        case .list(let items):
            byte(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { byte(UInt8(ascii: ",")) }
                if !celValue(item) { return false }
            }
            byte(UInt8(ascii: "]"))
        case .map(let map):
            byte(UInt8(ascii: "{"))
            for (i, entry) in map.entries.enumerated() {
                if i > 0 { byte(UInt8(ascii: ",")) }
                switch entry.key {
                case .string(let key): string(key)
                case .int(let key): string(String(key))
                case .uint(let key): string(String(key))
                case .bool(let key): string(key ? "true" : "false")
                default: return false
                }
                byte(UInt8(ascii: ":"))
                if !celValue(entry.value) { return false }
            }
            byte(UInt8(ascii: "}"))
        case .type:
            return false
        }
        return true
    }

    /// A decimal's digits, written as they are.
    private mutating func digits(_ text: String) {
        var text = text
        text.withUTF8 { bytes(UnsafeBufferPointer(start: $0.baseAddress, count: $0.count)) }
    }
}

/// CEL's own text of values, through the library's `string()`.
enum CELValueJSON {
    private static let stringFunction = CELLibrary.standard.function("string", .global, arity: 1)

    /// `string(value)`, or nil when CEL has none.
    static func text(of value: CELValue) -> String? {
        guard case .unary(let body)? = stringFunction?.body, case .string(let text)? = try? body(value) else { return nil }
        return text
    }
}
