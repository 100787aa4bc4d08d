import CEL

/// The shape of a generated document, known to the expression generator so that most
/// expressions read fields that are there and compare values of one type: cel-python refuses
/// `1 == 'a'` where CEL says false (heterogeneous equality), so the generator never writes it.
indirect enum DifferentialShape: Equatable {
    case int
    case string
    case bool
    case list(DifferentialShape)
    case object([Field])

    struct Field: Equatable {
        var name: String
        var shape: DifferentialShape
        /// Left out of some documents (`has` is false, reading it an error).
        var optional: Bool
    }

    var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    var isList: Bool {
        if case .list = self { return true }
        return false
    }
}

/// A generated JSON document: ints, strings, bools, lists and objects, written as JSON for
/// cel-python and made into a `CELValue` for convertd, keys in the same order for both.
indirect enum DifferentialValue {
    case int(Int64)
    case string(String)
    case bool(Bool)
    case list([DifferentialValue])
    case object([(key: String, value: DifferentialValue)])

    var json: String {
        switch self {
        case .int(let value): return String(value)
        case .string(let value): return Self.quoted(value)
        case .bool(let value): return String(value)
        case .list(let elements): return "[" + elements.map(\.json).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { Self.quoted($0.key) + ":" + $0.value.json }.joined(separator: ",") + "}"
        }
    }

    var cel: CELValue {
        switch self {
        case .int(let value): return .int(value)
        case .string(let value): return .string(value)
        case .bool(let value): return .bool(value)
        case .list(let elements): return .list(elements.map(\.cel))
        case .object(let members): return .map(CELMap(entries: members.map { (CELValue.string($0.key), $0.value.cel) }))
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped, the rest as is.
    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
