import Yams

/// Reads YAML text into a `JSONValue` tree, keeping numbers as their literal text and mapping order.
enum YAMLReader {
    /// A YAML document that does not fit JSON's data model.
    struct Failure: Error {
        var message: String
        /// The registry limit the document goes over, when that is the failure.
        var limit: RegistryLimits.Limit?
    }

    /// Parses one YAML document; an empty document is `null`. More than `maxDepth` nested
    /// collections is refused (`RegistryLimits.fileDepth`): libyaml stops a document at 1,000
    /// levels, and composing up to that recursive depth runs on a stack of its own (`LargeStack`),
    /// together with the tree's conversion and release, so only a tree within `maxDepth` leaves it.
    static func read(_ text: String, maxDepth: Int = RegistryLimits.default.fileDepth) throws(Failure) -> JSONValue {
        let result = LargeStack.run { () -> Result<JSONValue, Failure> in
            do throws(Failure) {
                return .success(try compose(text, maxDepth: maxDepth))
            } catch {
                return .failure(error)
            }
        }
        guard let result else { throw Failure(message: "no thread could be started to read the YAML (out of threads)") }
        return try result.get()
    }

    private static func compose(_ text: String, maxDepth: Int) throws(Failure) -> JSONValue {
        let root: Node?
        do {
            // No tag resolution: `value(of:)` reads scalars by their style and text alone, and the
            // default resolver's regular expressions, run on every key Yams hashes to find
            // duplicates, were half of the time a command spent loading the bundled schemas.
            // UTF-8 named, as Swift strings are: the default encoding is looked up in a dictionary
            // of the whole environment, built again for every file. No constructor tables either:
            // nothing here constructs Swift values, and `.default` builds three dictionaries a file.
            root = try Yams.compose(yaml: text, .basic, Constructor([:], [:], [:]), .utf8)
        } catch {
            let message = "\(error)"
            // libyaml's own cap on nesting, far past ours: said as ours.
            if message.contains("Maximum nesting level") {
                throw Failure(message: RegistryLimits.overLimit(.fileDepth, maxDepth, found: 1_000, "the file's nesting (at least)"),
                              limit: .fileDepth)
            }
            throw Failure(message: "invalid YAML: \(message)")
        }
        guard let root else { return .null }
        return try value(of: root, depth: 0, maxDepth: maxDepth)
    }

    /// The tree of `node`, which sits inside `depth` collections.
    private static func value(of node: Node, depth: Int, maxDepth: Int) throws(Failure) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            return scalarValue(scalar)
        case .sequence(let sequence):
            try enter(node, depth: depth, maxDepth: maxDepth)
            var items: [JSONValue] = []
            for item in sequence { items.append(try value(of: item, depth: depth + 1, maxDepth: maxDepth)) }
            return .array(items)
        case .mapping(let mapping):
            try enter(node, depth: depth, maxDepth: maxDepth)
            var members: [JSONValue.Member] = []
            for (key, item) in mapping {
                guard case .scalar(let keyScalar) = key else {
                    throw Failure(message: "mapping keys must be scalars\(where: key.mark)")
                }
                members.append(JSONValue.Member(keyScalar.string, try value(of: item, depth: depth + 1, maxDepth: maxDepth)))
            }
            return .object(members)
        case .alias(let alias):
            throw Failure(message: "aliases are not supported\(where: alias.mark)")
        }
    }

    /// Refuses a collection that would be the `maxDepth + 1`th level.
    private static func enter(_ collection: Node, depth: Int, maxDepth: Int) throws(Failure) {
        guard depth < maxDepth else {
            throw Failure(message: RegistryLimits.overLimit(.fileDepth, maxDepth, found: depth + 1, "the file's nesting (at least)")
                              + "\(where: collection.mark)", limit: .fileDepth)
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
