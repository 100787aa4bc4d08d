import CEL
import Foundation

/// How a property's converted output is read back as the CEL value rules and `compute` see
/// (SPEC §8): `int64`→int, `uint64`→uint, `double`, `decimal` by its digits, `date`→timestamp,
/// `data`→bytes, containers as lists and maps, nested models as maps of their fields. Made
/// once per property at load, from its type.
indirect enum OutputReading: Sendable {
    case bool, int, uint, double, decimal, string, timestamp, bytes
    /// A `duration`'s ISO 8601 text read as a CEL duration.
    case duration
    /// A `date` an output profile writes in another form than RFC 3339 (`epoch-s`, `epoch-ms`,
    /// `http`), read back with the format that reads that form.
    case writtenTimestamp(DateFormat)
    /// `any`: the output's JSON as `transform` reads raw input.
    case raw
    case list(OutputReading)
    case map(OutputReading)
    case object(ObjectReading)
}

/// The readings of a model's fields, by output name. A class, so recursive models can point
/// at themselves; filled before it is published.
final class ObjectReading: @unchecked Sendable {
    // Filled while the model compiles, before it is published: no exclusivity checks.
    @exclusivity(unchecked) private(set) var fields: [(name: String, key: String, reading: OutputReading)] = []

    /// Field `name` (what expressions call it), written under `key` (its output name).
    func append(_ name: String, key: String, _ reading: OutputReading) {
        fields.append((name, key, reading))
    }
}

private let timestampFunction = CELLibrary.standard.function("timestamp", .global, arity: 1)

extension JSONDocument {
    /// The output value at `node` read as `reading`; nil for null (which rules see as absent)
    /// or when the budget runs out (`budget` goes below 0).
    func celValue(_ node: Int, as reading: OutputReading, budget: inout Int) -> CELValue? {
        budget -= 1
        guard budget >= 0 else { return nil }
        let entry = self[node]
        if entry.kind == .null { return nil }
        switch reading {
        case .bool: return .bool(entry.kind == .true)
        case .int: return Int64(String(decoding: content(node), as: UTF8.self)).map(CELValue.int)
        case .uint: return UInt64(String(decoding: content(node), as: UTF8.self)).map(CELValue.uint)
        case .double: return Double(String(decoding: content(node), as: UTF8.self)).map(CELValue.double)
        case .decimal: return CELDecimal(String(decoding: content(node), as: UTF8.self)).map(CELValue.decimal)
        case .string: return .string(decodedString(node))
        case .timestamp:
            guard case .unary(let parse)? = timestampFunction?.body else { return nil }
            return try? parse(.string(decodedString(node)))
        case .bytes: return Data(base64Encoded: decodedString(node)).map { .bytes(Array($0)) }
        case .writtenTimestamp(let format):
            let instant = entry.kind == .number ? DateParser.parseEpoch(content(node), formats: [format])
                                                : DateParser.parse(content(node), formats: [format])
            return instant.map { .timestamp(CELTimestamp(seconds: $0.seconds, nanos: $0.nanoseconds)) }
        case .duration:
            return withDecodedString(node) { DurationText.parse($0, lax: false) }.map {
                .duration(CELDuration(seconds: Int64($0.seconds), nanos: Int32($0.nanoseconds)))
            }
        case .raw: return celValue(node, budget: &budget)
        case .list(let element):
            var items: [CELValue] = []
            items.reserveCapacity(Int(entry.length))
            var child = node + 1
            for _ in 0..<Int(entry.length) {
                items.append(celValue(child, as: element, budget: &budget) ?? .null)
                if budget < 0 { return nil }
                child = Int(self[child].end)
            }
            return .list(items)
        case .map(let element):
            var members: [(key: CELValue, value: CELValue)] = []
            var key = node + 1
            for _ in 0..<Int(entry.length) {
                members.append((.string(decodedString(key)), celValue(key + 1, as: element, budget: &budget) ?? .null))
                if budget < 0 { return nil }
                key = Int(self[key + 1].end)
            }
            return .map(CELMap(entries: members))
        case .object(let object):
            // Members are in field order, absent ones skipped; a null one is absent to rules.
            var members: [(key: CELValue, value: CELValue)] = []
            var key = node + 1
            var field = 0
            for _ in 0..<Int(entry.length) {
                let written = decodedString(key)
                while field < object.fields.count && object.fields[field].key != written { field += 1 }
                // A field is named as expressions name it; a kept unknown key as it came.
                let (name, reading) = field < object.fields.count ? (object.fields[field].name, object.fields[field].reading) : (written, .raw)
                if let value = celValue(key + 1, as: reading, budget: &budget) { members.append((.string(name), value)) }
                if budget < 0 { return nil }
                key = Int(self[key + 1].end)
            }
            return .map(CELMap(entries: members))
        }
    }
}

extension OutputReading {
    /// Whether the value read holds no memory worth letting go: a number's, a bool's or a
    /// time's. (A decimal past 38 digits holds its digits until the field is read again.)
    var holdsNoMemory: Bool {
        switch self {
        case .bool, .int, .uint, .double, .decimal, .timestamp, .writtenTimestamp, .duration: true
        case .string, .bytes, .raw, .list, .map, .object: false
        }
    }

    /// Whether the value is a number (which a profile may write in quotes).
    var isNumber: Bool {
        switch self {
        case .int, .uint, .double, .decimal: true
        default: false
        }
    }

    /// Whether the value is read from its text alone, charged 1.
    var isScalar: Bool {
        switch self {
        case .bool, .int, .uint, .double, .decimal, .string, .timestamp, .writtenTimestamp, .bytes, .duration: true
        case .raw, .list, .map, .object: false
        }
    }

    /// The value the writer wrote as `bytes`, read as this; nil for null (which rules see as
    /// absent) or when the budget runs out. Scalars are read from their text directly; a
    /// container is parsed into `level`'s tape first.
    func value(of bytes: UnsafeBufferPointer<UInt8>, level: ExpressionScratch.Level, budget: inout Int) -> CELValue? {
        guard let first = bytes.first, first != UInt8(ascii: "n") else { return nil }
        // A number a profile writes as a string (`int64: string`) is read by its digits.
        if first == UInt8(ascii: "\""), isNumber, bytes.count >= 2 {
            return value(of: UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)]), level: level, budget: &budget)
        }
        switch self {
        case .bool:
            budget -= 1
            return budget >= 0 ? .bool(first == UInt8(ascii: "t")) : nil
        case .int:
            budget -= 1
            return budget >= 0 ? Int64(String(decoding: bytes, as: UTF8.self)).map(CELValue.int) : nil
        case .uint:
            budget -= 1
            return budget >= 0 ? UInt64(String(decoding: bytes, as: UTF8.self)).map(CELValue.uint) : nil
        case .double:
            budget -= 1
            return budget >= 0 ? Double(String(decoding: bytes, as: UTF8.self)).map(CELValue.double) : nil
        case .decimal:
            budget -= 1
            return budget >= 0 ? CELDecimal(utf8: bytes).map(CELValue.decimal) : nil
        case .string where !bytes.contains(UInt8(ascii: "\\")):
            budget -= 1
            return budget >= 0 ? .string(String(decoding: UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)]), as: UTF8.self)) : nil
        default:
            return level.parse(bytes).celValue(0, as: self, budget: &budget)
        }
    }
}
