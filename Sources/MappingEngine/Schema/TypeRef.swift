/// A property type as the schema language writes it: `int32`, `array<Chapter>`, `url?`.
public struct TypeRef: Sendable, Hashable, CustomStringConvertible {
    /// What the value is.
    public indirect enum Kind: Sendable, Hashable {
        case bool
        case integer(IntegerWidth)
        case float, double, decimal, string, date, url, data, any
        /// A string with a syntax of its own and one canonical text: `uuid`, `duration`, `ipv6`…
        case format(TextFormat)
        case model(String)
        case array(TypeRef)
        case set(TypeRef)
        case map(TypeRef)
        /// `A | B | C`: the input's JSON type picks the branch (`UnionBranches`). Branches are
        /// never nullable themselves: a union is nullable as a whole.
        case union([TypeRef])
    }

    public var kind: Kind
    /// `T?`: null is a value.
    public var nullable: Bool

    public init(_ kind: Kind, nullable: Bool = false) {
        self.kind = kind
        self.nullable = nullable
    }

    /// Parses the type syntax; the message says what is wrong. A type nesting more than
    /// `maxDepth` containers is refused as soon as the parser reaches that depth, before
    /// anything is built that recursive walks would follow (`RegistryLimits.typeDepth`).
    public init(parsing text: String, maxDepth: Int = RegistryLimits.default.typeDepth) throws(SchemaSyntaxError) {
        var parser = Parser(Array(text.utf8)[...])
        self = try parser.type(maxDepth: maxDepth)
        parser.skipSpaces()
        guard parser.rest.isEmpty else {
            throw SchemaSyntaxError("unexpected '\(String(decoding: parser.rest, as: UTF8.self))' in type '\(text)'")
        }
    }

    /// Containers nested in this type: 0 for a scalar or a model, 2 for `array<map<int32>>`;
    /// a union counts its deepest branch.
    public var depth: Int {
        var depth = 0
        var type = self
        while let element = type.element {
            depth += 1
            type = element
        }
        // Recursion only through a union's branches, each a container deeper: the parser bounds it.
        if case .union(let branches) = type.kind { depth += branches.map(\.depth).max() ?? 0 }
        return depth
    }

    /// The element type of an array, set or map.
    public var element: TypeRef? {
        switch kind {
        case .array(let t), .set(let t), .map(let t): t
        default: nil
        }
    }

    /// Names of every model this type refers to, containers included.
    public var modelNames: [String] {
        var leaf = self
        while let element = leaf.element { leaf = element }
        if case .model(let name) = leaf.kind { return [name] }
        if case .union(let branches) = leaf.kind { return branches.flatMap(\.modelNames) }
        return []
    }

    /// The type as the schema language writes it; built from the leaf out, without recursion.
    public var description: String {
        var containers: [TypeRef] = []
        var leaf = self
        while let element = leaf.element {
            containers.append(leaf)
            leaf = element
        }
        var text: String = switch leaf.kind {
        case .bool: "bool"
        case .integer(let width): "\(width)"
        case .float: "float"
        case .double: "double"
        case .decimal: "decimal"
        case .string: "string"
        case .date: "date"
        case .url: "url"
        case .data: "data"
        case .format(let format): format.rawValue
        case .any: "any"
        case .model(let name): name
        case .union(let branches): branches.map(\.description).joined(separator: " | ")
        case .array, .set, .map: ""
        }
        // A union's `?` follows its last branch: `string | Author?` (see `Parser`).
        if leaf.nullable { text += "?" }
        while let container = containers.popLast() {
            let word = switch container.kind {
            case .set: "set"
            case .map: "map"
            default: "array"
            }
            text = word + "<" + text + ">" + (container.nullable ? "?" : "")
        }
        return text
    }

    private static let scalars: [String: Kind] = [
        "bool": .bool, "boolean": .bool,
        "int": .integer(.int64), "int8": .integer(.int8), "int16": .integer(.int16),
        "int32": .integer(.int32), "int64": .integer(.int64),
        "uint8": .integer(.uint8), "uint16": .integer(.uint16), "uint32": .integer(.uint32),
        "uint64": .integer(.uint64),
        "float": .float, "double": .double, "decimal": .decimal, "string": .string,
        "date": .date, "url": .url, "data": .data, "any": .any,
    ].merging(TextFormat.allCases.map { ($0.rawValue, Kind.format($0)) }) { first, _ in first }

    /// The names of built-in types, which models cannot take.
    static var reservedNames: Set<String> { Set(scalars.keys).union(["array", "set", "map"]) }

    /// Reader of `union := branch ('|' branch)* '?'?`, `branch := name ('<' union '>')?`,
    /// iterative: the containers opened are a list, so a type string's depth costs no stack.
    ///
    /// A union is nullable as a whole, so its one `?` follows its last branch: `string | Author?`
    /// takes null, and `string? | Author` is refused rather than read as the same thing.
    private struct Parser {
        var rest: ArraySlice<UInt8>
        init(_ rest: ArraySlice<UInt8>) { self.rest = rest }

        mutating func skipSpaces() {
            while rest.first == UInt8(ascii: " ") { rest.removeFirst() }
        }

        /// One container opened and not closed yet, with the union branches read inside it so far.
        private struct Level {
            /// `array`, `set` or `map`; nil for the type as a whole.
            var container: String?
            var branches: [TypeRef] = []
        }

        mutating func type(maxDepth: Int) throws(SchemaSyntaxError) -> TypeRef {
            var levels = [Level(container: nil)]
            while true {
                var word = try name()
                while rest.first == UInt8(ascii: "<") {
                    guard ["array", "set", "map"].contains(word) else {
                        throw SchemaSyntaxError("'\(word)' takes no type parameter (array<T>, set<T> and map<T> do)")
                    }
                    guard levels.count - 1 < maxDepth else {
                        // Each '<' left opens one more container of a well-formed type.
                        let found = levels.count - 1 + rest.lazy.filter { $0 == UInt8(ascii: "<") }.count
                        throw SchemaSyntaxError(RegistryLimits.overLimit(.typeDepth, maxDepth, found: found, "the type's nesting of containers"),
                                                limit: .typeDepth)
                    }
                    rest.removeFirst()
                    levels.append(Level(container: word))
                    word = try name()
                }
                let kind: Kind
                if let scalar = TypeRef.scalars[word] {
                    kind = scalar
                } else if ["array", "set", "map"].contains(word) {
                    throw SchemaSyntaxError("'\(word)' needs an element type, e.g. \(word)<string>")
                } else if ModelName.isValid(word) {
                    kind = .model(word)
                } else {
                    throw SchemaSyntaxError("'\(word)' is not a type")
                }
                var type = TypeRef(kind)
                // Close what ends after this branch: a '|' starts the next branch of the same level.
                while true {
                    let nullable = nullableMark()
                    skipSpaces()
                    if rest.first == UInt8(ascii: "|") {
                        guard !nullable else {
                            throw SchemaSyntaxError("'?' goes after the last branch of a union, which is nullable as a whole: '\(type) | …?'")
                        }
                        rest.removeFirst()
                        levels[levels.count - 1].branches.append(type)
                        break
                    }
                    let level = levels.removeLast()
                    if level.branches.isEmpty {
                        type.nullable = nullable
                    } else {
                        type = TypeRef(.union(level.branches + [type]), nullable: nullable)
                    }
                    guard let container = level.container else { return type }
                    guard rest.first == UInt8(ascii: ">") else { throw SchemaSyntaxError("expected '>' after '\(container)<\(type)'") }
                    rest.removeFirst()
                    type = switch container {
                    case "array": TypeRef(.array(type))
                    case "set": TypeRef(.set(type))
                    default: TypeRef(.map(type))
                    }
                }
            }
        }

        /// The next word, spaces around it skipped.
        private mutating func name() throws(SchemaSyntaxError) -> String {
            skipSpaces()
            let name = rest.prefix { ModelName.isWordByte($0) }
            rest.removeFirst(name.count)
            guard !name.isEmpty else { throw SchemaSyntaxError("expected a type name") }
            skipSpaces()
            return String(decoding: name, as: UTF8.self)
        }

        /// Reads a trailing `?`, spaces before it skipped.
        private mutating func nullableMark() -> Bool {
            skipSpaces()
            guard rest.first == UInt8(ascii: "?") else { return false }
            rest.removeFirst()
            return true
        }
    }
}

/// A mistake in one schema value, before it is placed in a file, model and property.
public struct SchemaSyntaxError: Error, Sendable {
    public var message: String
    /// The registry limit the value goes over, when that is the mistake.
    public var limit: RegistryLimits.Limit?
    public init(_ message: String, limit: RegistryLimits.Limit? = nil) {
        self.message = message
        self.limit = limit
    }
}

/// The rule for model names: `[A-Za-z_][A-Za-z0-9_]*`.
enum ModelName {
    static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    static func isValid(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(first >= 0x30 && first <= 0x39) else { return false }
        return name.utf8.allSatisfy(isWordByte)
    }
}
