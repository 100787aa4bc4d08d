/// A small JSON tree for what schema files say and for documents the engine builds (JSON Schema,
/// reverse mappings); payloads never pass through it.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number kept as its literal text, so no digit is lost.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in document order.
    case object([Member])

    /// One object member.
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value of the last member named `key`, when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The JSON type's name, for messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Minified JSON text.
    public var jsonText: String {
        var writer = JSONWriter(capacity: 64)
        defer { writer.deallocate() }
        write(to: &writer)
        return writer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Minified JSON bytes.
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter(capacity: 64)
        defer { writer.deallocate() }
        write(to: &writer)
        return writer.makeArray()
    }

    /// Appends this value as minified JSON.
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.ascii("null")
        case .bool(let b): b ? writer.ascii("true") : writer.ascii("false")
        case .number(let text):
            var text = text
            text.withUTF8 { writer.bytes($0) }
        case .string(let s): writer.string(s)
        case .array(let items):
            writer.byte(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { writer.byte(UInt8(ascii: ",")) }
                item.write(to: &writer)
            }
            writer.byte(UInt8(ascii: "]"))
        case .object(let members):
            writer.byte(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { writer.byte(UInt8(ascii: ",")) }
                writer.string(member.key)
                writer.byte(UInt8(ascii: ":"))
                member.value.write(to: &writer)
            }
            writer.byte(UInt8(ascii: "}"))
        }
    }
}

extension JSONValue {
    /// Builds the tree of a parsed document's node.
    public init(_ document: JSONDocument, _ node: Int = 0) {
        let entry = document[node]
        switch entry.kind {
        case .null: self = .null
        case .false: self = .bool(false)
        case .true: self = .bool(true)
        case .number: self = .number(String(decoding: document.content(node), as: UTF8.self))
        case .string: self = .string(document.decodedString(node))
        case .array:
            var items: [JSONValue] = []
            var child = node + 1
            for _ in 0..<Int(entry.length) {
                items.append(JSONValue(document, child))
                child = Int(document[child].end)
            }
            self = .array(items)
        case .object:
            var members: [Member] = []
            var key = node + 1
            for _ in 0..<Int(entry.length) {
                let value = key + 1
                members.append(Member(document.decodedString(key), JSONValue(document, value)))
                key = Int(document[value].end)
            }
            self = .object(members)
        }
    }

    /// Parses JSON text into a tree; more than `maxDepth` nested containers is the error `too_deep`,
    /// found before any of the tree is built (building it, and every walk over it, recurses).
    public init(parsing text: String, maxDepth: Int = JSONParser().maxDepth) throws(JSONSyntaxError) {
        var text = text
        let result = text.withUTF8 { bytes -> Result<JSONValue, JSONSyntaxError> in
            do throws(JSONSyntaxError) {
                return .success(try JSONValue(parsing: bytes, maxDepth: maxDepth))
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }

    /// Parses JSON bytes into a tree, as `init(parsing:)` parses text: bytes that are not UTF-8
    /// are the parser's `bad_json`, never replaced.
    public init(parsing bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONParser().maxDepth) throws(JSONSyntaxError) {
        // The document points into the tape's nodes: the tape must outlive the tree's building.
        let tape = JSONTape()
        self = try withExtendedLifetime(tape) { () throws(JSONSyntaxError) in
            JSONValue(try JSONParser(maxDepth: maxDepth).parse(bytes, into: tape))
        }
    }
}
