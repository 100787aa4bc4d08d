/// Where a property reads its input: a key, a dotted key path, or a JSON Pointer.
public enum KeySource: Sendable, Hashable, CustomStringConvertible {
    /// One key of the object itself.
    case key(String)
    /// `a.b.c`: keys through nested objects.
    case path([String])
    /// `/a/0/b` (RFC 6901): keys or array indices, any characters.
    case pointer([String])
    /// `from: "."`: the enclosing object itself, for a model-typed property whose members sit
    /// beside the others (flattened input, SPEC §9).
    case enclosing

    /// Parses the `from` syntax.
    public init(parsing text: String) throws(SchemaSyntaxError) {
        if text.isEmpty { throw SchemaSyntaxError("'from' must not be empty") }
        if text.hasPrefix("/") {
            var tokens: [String] = []
            for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
                tokens.append(try KeySource.unescape(String(raw), in: text))
            }
            self = .pointer(tokens)
        } else if text.contains(".") {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if parts.contains(where: \.isEmpty) {
                throw SchemaSyntaxError("key path '\(text)' has an empty component; use a JSON Pointer (/a.b) for keys containing dots")
            }
            self = .path(parts)
        } else {
            self = .key(text)
        }
    }

    private static func unescape(_ token: String, in text: String) throws(SchemaSyntaxError) -> String {
        guard token.contains("~") else { return token }
        var result = ""
        var iterator = token.makeIterator()
        while let ch = iterator.next() {
            guard ch == "~" else { result.append(ch); continue }
            switch iterator.next() {
            case "0": result.append("~")
            case "1": result.append("/")
            default: throw SchemaSyntaxError("JSON Pointer '\(text)' has '~' not followed by 0 or 1")
            }
        }
        return result
    }

    /// The steps through the input, as keys.
    public var components: [String] {
        switch self {
        case .key(let key): [key]
        case .path(let parts), .pointer(let parts): parts
        case .enclosing: []
        }
    }

    /// Whether this is a JSON Pointer, whose digit tokens index arrays.
    public var isPointer: Bool {
        if case .pointer = self { return true }
        return false
    }

    /// Whether this is `from: "."`, the enclosing object itself.
    public var isEnclosing: Bool {
        if case .enclosing = self { return true }
        return false
    }

    /// The key this source reads at the top level of the object.
    public var firstKey: String? { components.first }

    public var description: String {
        switch self {
        case .key(let key): key
        case .path(let parts): parts.joined(separator: ".")
        case .pointer(let tokens):
            PathComponent.pointer(tokens.map(PathComponent.key))
        case .enclosing: "."
        }
    }
}
