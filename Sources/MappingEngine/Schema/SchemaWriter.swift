import Yams

/// Writes a schema file's tree back as text in the syntax its file name says: pretty JSON, or
/// block YAML with lists and objects of plain values in flow style (`{ type: int64, from: [id, ID] }`).
///
/// Members keep their order and every value its exact text, so the file decodes to the same
/// models with the same versions. Comments and the author's layout are lost: a file is rewritten
/// only when a `PUT` or `DELETE` takes a model out of it or merges models into it.
enum SchemaWriter {
    /// The text of `root` for a file named `file`.
    static func text(of root: JSONValue, file: String) -> String {
        if file.hasSuffix(".json") { return jsonText(root) }
        do {
            return try Yams.serialize(node: node(root), width: -1, allowUnicode: true)
        } catch {
            // JSON is YAML too: a tree the emitter refuses is still written, only less readably.
            return jsonText(root)
        }
    }

    private static func jsonText(_ root: JSONValue) -> String {
        let pretty = root.jsonBytes.withUnsafeBufferPointer { JSONPrettyPrinter.format($0) }
        return String(decoding: pretty, as: UTF8.self) + "\n"
    }

    private static func node(_ value: JSONValue) -> Node {
        switch value {
        case .null: return .scalar(.init("null", .implicit, .plain))
        case .bool(let b): return .scalar(.init(b ? "true" : "false", .implicit, .plain))
        case .number(let text): return .scalar(.init(text, .implicit, .plain))
        case .string(let s): return .scalar(.init(s, .implicit, readsAsText(s) ? .any : .doubleQuoted))
        case .array(let items):
            // The container tags must be explicit `seq`/`map` for the emitter to leave them unwritten.
            return .sequence(.init(items.map(node), Tag(.seq), items.allSatisfy(\.isScalar) ? .flow : .block))
        case .object(let members):
            let pairs = members.map { (node(.string($0.key)), node($0.value)) }
            return .mapping(.init(pairs, Tag(.map), members.allSatisfy(\.value.isScalar) ? .flow : .block))
        }
    }

    /// Whether `text`, written unquoted, reads back as this same string, to `YAMLReader` and to
    /// YAML 1.1 tools alike: not empty, no null or boolean word, nothing that starts like a number.
    private static func readsAsText(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        if "0123456789+-.".unicodeScalars.contains(first) { return false }
        return !["null", "~", "true", "false", "yes", "no", "on", "off", "y", "n"].contains(text.lowercased())
    }
}

private extension JSONValue {
    /// Neither an array nor an object.
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
