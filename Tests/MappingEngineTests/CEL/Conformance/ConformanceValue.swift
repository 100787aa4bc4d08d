@testable import CEL
import Foundation

/// The corpus' VALUE encoding (README) to `CELValue`, and the exact equality the tests compare
/// with: the same kind and the same value, where CEL's own `==` would let `1 == 1u` pass.
enum ConformanceValue {
    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    static func decode(_ json: ConformanceJSON) throws(Unsupported) -> CELValue {
        guard let (kind, payload) = json.onlyMember else { throw Unsupported(description: "not a VALUE: \(json)") }
        switch (kind, payload) {
        case ("null", _): return .null
        case ("bool", .bool(let value)): return .bool(value)
        case ("int", .string(let text)):
            guard let value = Int64(text) else { break }
            return .int(value)
        case ("uint", .string(let text)):
            guard let value = UInt64(text) else { break }
            return .uint(value)
        case ("double", .number(let value)): return .double(value)
        case ("double", .string(let text)):
            switch text {
            case "NaN": return .double(.nan)
            case "Infinity": return .double(.infinity)
            case "-Infinity": return .double(-.infinity)
            case "-0": return .double(-0.0)
            default: break
            }
        case ("string", .string(let text)): return .string(text)
        case ("bytes", .string(let base64)):
            guard let data = Data(base64Encoded: base64) else { break }
            return .bytes(Array(data))
        case ("list", .array(let elements)):
            var values: [CELValue] = []
            for element in elements { values.append(try decode(element)) }
            return .list(values)
        case ("map", .array(let pairs)):
            var entries: [(key: CELValue, value: CELValue)] = []
            for pair in pairs {
                guard case .array(let both) = pair, both.count == 2 else { throw Unsupported(description: "not a map entry: \(pair)") }
                entries.append((try decode(both[0]), try decode(both[1])))
            }
            return .map(CELMap(entries: entries))
        case ("type", .string(let name)): return .type(name)
        case ("timestamp", .string(let text)):
            guard let value = timestamp(text) else { break }
            return .timestamp(value)
        case ("duration", .string(let text)):
            guard let value = duration(text) else { break }
            return .duration(value)
        default: break
        }
        throw Unsupported(description: "unsupported VALUE \(kind): \(payload)")
    }

    /// Equal kinds and values; NaN equals NaN and −0 equals 0 (the corpus' "-0" is only a
    /// double's spelling); maps compared as sets of entries.
    static func same(_ a: CELValue, _ b: CELValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.uint(let x), .uint(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.string(let x), .string(let y)): return x == y
        case (.bytes(let x), .bytes(let y)): return x == y
        case (.list(let x), .list(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.map(let x), .map(let y)):
            let left = x.entries, right = y.entries
            return left.count == right.count
                && left.allSatisfy { entry in right.contains { same($0.key, entry.key) && same($0.value, entry.value) } }
        case (.timestamp(let x), .timestamp(let y)): return x == y
        case (.duration(let x), .duration(let y)): return x == y
        case (.type(let x), .type(let y)): return x == y
        default: return false
        }
    }

    /// A value as a CEL literal would spell it, kind visible (`1u`, `2.0`, `b"…"`), for messages.
    static func text(_ value: CELValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .int(let value): return String(value)
        case .uint(let value): return "\(value)u"
        case .double(let value): return value.isFinite && value == value.rounded() ? String(format: "%.1f", value) : "\(value)"
        case .string(let value): return value.debugDescription
        case .bytes(let value): return "b\"" + value.map { String(format: "\\x%02x", $0) }.joined() + "\""
        case .list(let values): return "[" + values.map(text).joined(separator: ", ") + "]"
        case .map(let map): return "{" + map.entries.map { text($0.key) + ": " + text($0.value) }.joined(separator: ", ") + "}"
        case .timestamp(let value): return "timestamp(\(value.seconds)s+\(value.nanos)ns)"
        case .duration(let value): return "duration(\(value.seconds)s+\(value.nanos)ns)"
        case .decimal: return "decimal"
        case .type(let name): return "type(\(name))"
        }
    }

    /// RFC 3339 in UTC with 0 to 9 fraction digits, as the corpus writes timestamps.
    static func timestamp(_ text: String) -> CELTimestamp? {
        let scalars = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= scalars.count else { return nil }
            return Int64(String(decoding: scalars[range], as: UTF8.self))
        }
        guard scalars.count >= 20, scalars.last == UInt8(ascii: "Z"), let year = number(0..<4), let month = number(5..<7),
              let day = number(8..<10), let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        var nanos: Int32 = 0
        if scalars[19] == UInt8(ascii: ".") {
            let digits = String(decoding: scalars[20..<(scalars.count - 1)], as: UTF8.self)
            guard (1...9).contains(digits.count), let fraction = Int32(digits) else { return nil }
            nanos = fraction * Int32(pow(10, Double(9 - digits.count)))
        }
        return CELTimestamp(seconds: CELCivilTime.days(fromCivil: year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second, nanos: nanos)
    }

    /// protobuf's JSON duration: `[-]seconds[.fraction]s`.
    static func duration(_ text: String) -> CELDuration? {
        guard text.hasSuffix("s") else { return nil }
        let negative = text.hasPrefix("-")
        let body = text.dropFirst(negative ? 1 : 0).dropLast()
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let seconds = Int64(parts[0]) else { return nil }
        var nanos: Int32 = 0
        if parts.count == 2 {
            guard (1...9).contains(parts[1].count), let fraction = Int32(parts[1]) else { return nil }
            nanos = fraction * Int32(pow(10, Double(9 - parts[1].count)))
        }
        return negative ? CELDuration(seconds: -seconds, nanos: -nanos) : CELDuration(seconds: seconds, nanos: nanos)
    }
}
