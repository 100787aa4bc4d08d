import Yams

/// Reads YAML text into a `JSONValue` tree, keeping numbers as their literal text and mapping order.
enum YAMLReader {
    /// A YAML document that does not fit JSON's data model.
    struct Failure: Error {
        var message: String
    }

    /// Parses one YAML document; an empty document is `null`.
    static func read(_ text: String) throws(Failure) -> JSONValue {
        let root: Node?
        do {
            // No tag resolution: `value(of:)` reads scalars by their style and text alone, and the
            // default resolver's regular expressions, run on every key Yams hashes to find
            // duplicates, were half of the time a command spent loading the bundled schemas.
            // UTF-8 named, as Swift strings are: the default encoding is looked up in a dictionary
            // of the whole environment, built again for every file.
            root = try Yams.compose(yaml: text, .basic, .default, .utf8)
        } catch {
            throw Failure(message: "invalid YAML: \(error)")
        }
        guard let root else { return .null }
        return try value(of: root)
    }

    private static func value(of node: Node) throws(Failure) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            return scalarValue(scalar)
        case .sequence(let sequence):
            var items: [JSONValue] = []
            for item in sequence { items.append(try value(of: item)) }
            return .array(items)
        case .mapping(let mapping):
            var members: [JSONValue.Member] = []
            for (key, item) in mapping {
                guard case .scalar(let keyScalar) = key else {
                    throw Failure(message: "mapping keys must be scalars\(where: key.mark)")
                }
                members.append(JSONValue.Member(keyScalar.string, try value(of: item)))
            }
            return .object(members)
        case .alias(let alias):
            throw Failure(message: "aliases are not supported\(where: alias.mark)")
        }
    }

    /// YAML 1.2 core-schema reading of a scalar: quoted text is always a string, and so is every
    /// plain scalar that is not `null`, `true`/`false` or JSON number text (YAML 1.1's `yes`, `0x1F`,
    /// timestamps stay text, as the author wrote them).
    private static func scalarValue(_ scalar: Node.Scalar) -> JSONValue {
        let text = scalar.string
        guard scalar.style == .plain else { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        return isJSONNumber(text) ? .number(text) : .string(text)
    }

    /// Whether `text` follows the JSON number grammar (RFC 8259 §6).
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        func digits(_ s: inout ArraySlice<UInt8>) -> Int {
            let n = s.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            s = s.dropFirst(n)
            return n
        }
        let first = bytes.first
        let intDigits = digits(&bytes)
        guard intDigits > 0, !(first == UInt8(ascii: "0") && intDigits > 1) else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits(&bytes) > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits(&bytes) > 0 else { return false }
        }
        return bytes.isEmpty
    }
}

private extension DefaultStringInterpolation {
    mutating func appendInterpolation(where mark: Mark?) {
        if let mark { appendLiteral(" (line \(mark.line), column \(mark.column))") }
    }
}
