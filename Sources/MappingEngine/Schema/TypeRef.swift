/// A property type as the schema language writes it: `int32`, `array<Chapter>`, `url?`.
public struct TypeRef: Sendable, Hashable, CustomStringConvertible {
    /// What the value is.
    public indirect enum Kind: Sendable, Hashable {
        case bool
        case integer(IntegerWidth)
        case float, double, decimal, string, date, url, data, any
        case model(String)
        case array(TypeRef)
        case set(TypeRef)
        case map(TypeRef)
    }

    public var kind: Kind
    /// `T?`: null is a value.
    public var nullable: Bool

    public init(_ kind: Kind, nullable: Bool = false) {
        self.kind = kind
        self.nullable = nullable
    }

    /// Parses the type syntax; the message says what is wrong.
    public init(parsing text: String) throws(SchemaSyntaxError) {
        var parser = Parser(Array(text.utf8)[...])
        self = try parser.type()
        parser.skipSpaces()
        guard parser.rest.isEmpty else {
            throw SchemaSyntaxError("unexpected '\(String(decoding: parser.rest, as: UTF8.self))' in type '\(text)'")
        }
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
        switch kind {
        case .model(let name): [name]
        case .array(let t), .set(let t), .map(let t): t.modelNames
        default: []
        }
    }

    public var description: String {
        let base: String = switch kind {
        case .bool: "bool"
        case .integer(let width): "\(width)"
        case .float: "float"
        case .double: "double"
        case .decimal: "decimal"
        case .string: "string"
        case .date: "date"
        case .url: "url"
        case .data: "data"
        case .any: "any"
        case .model(let name): name
        case .array(let t): "array<\(t)>"
        case .set(let t): "set<\(t)>"
        case .map(let t): "map<\(t)>"
        }
        return nullable ? base + "?" : base
    }

    private static let scalars: [String: Kind] = [
        "bool": .bool, "boolean": .bool,
        "int": .integer(.int64), "int8": .integer(.int8), "int16": .integer(.int16),
        "int32": .integer(.int32), "int64": .integer(.int64),
        "uint8": .integer(.uint8), "uint16": .integer(.uint16), "uint32": .integer(.uint32),
        "uint64": .integer(.uint64),
        "float": .float, "double": .double, "decimal": .decimal, "string": .string,
        "date": .date, "url": .url, "data": .data, "any": .any,
    ]

    /// The names of built-in types, which models cannot take.
    static var reservedNames: Set<String> { Set(scalars.keys).union(["array", "set", "map"]) }

    /// Recursive-descent reader of `name ('<' type '>')? '?'?`.
    private struct Parser {
        var rest: ArraySlice<UInt8>
        init(_ rest: ArraySlice<UInt8>) { self.rest = rest }

        mutating func skipSpaces() {
            while rest.first == UInt8(ascii: " ") { rest.removeFirst() }
        }

        mutating func type() throws(SchemaSyntaxError) -> TypeRef {
            skipSpaces()
            let name = rest.prefix { ModelName.isWordByte($0) }
            rest.removeFirst(name.count)
            let word = String(decoding: name, as: UTF8.self)
            guard !word.isEmpty else { throw SchemaSyntaxError("expected a type name") }
            skipSpaces()
            var kind: Kind
            if rest.first == UInt8(ascii: "<") {
                rest.removeFirst()
                let element = try type()
                skipSpaces()
                guard rest.first == UInt8(ascii: ">") else { throw SchemaSyntaxError("expected '>' after '\(word)<\(element)'") }
                rest.removeFirst()
                switch word {
                case "array": kind = .array(element)
                case "set": kind = .set(element)
                case "map": kind = .map(element)
                default: throw SchemaSyntaxError("'\(word)' takes no type parameter (array<T>, set<T> and map<T> do)")
                }
            } else if let scalar = TypeRef.scalars[word] {
                kind = scalar
            } else if ["array", "set", "map"].contains(word) {
                throw SchemaSyntaxError("'\(word)' needs an element type, e.g. \(word)<string>")
            } else if ModelName.isValid(word) {
                kind = .model(word)
            } else {
                throw SchemaSyntaxError("'\(word)' is not a type")
            }
            skipSpaces()
            var nullable = false
            if rest.first == UInt8(ascii: "?") {
                rest.removeFirst()
                nullable = true
            }
            return TypeRef(kind, nullable: nullable)
        }
    }
}

/// A mistake in one schema value, before it is placed in a file, model and property.
public struct SchemaSyntaxError: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
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
