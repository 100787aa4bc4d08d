/// Writes a schema file's tree as YAML in the layout of the shipped schemas — one block per
/// model, one line per property in flow style (`id: { type: int64, required: true }`) — with a
/// header and a comment at the end of any property's line.
///
/// `SchemaWriter` goes through Yams's emitter, which writes no comments; this writer produces
/// text `YAMLReader` reads back as the same tree, quoting every string that plain YAML (1.1 or
/// 1.2) could read as anything else. The one exception is a string that starts with U+FEFF,
/// which YAML readers drop there, escaped or not: the inference never writes one.
enum SchemaYAMLWriter {
    /// The YAML text of `root`, an object of model name → model; `comments[model][property]` is
    /// written after that property's line.
    static func text(of root: JSONValue, header: [String], comments: [String: [String: String]]) -> String {
        var out = header.map { "# " + oneLine($0) + "\n" }.joined()
        guard case .object(let models) = root else { return out + flow(root) + "\n" }
        for model in models {
            if !out.isEmpty { out += "\n" }
            guard case .object(let options) = model.value else {
                out += entry(model.key, indent: "") + flow(model.value) + "\n"
                continue
            }
            out += entry(model.key, indent: "").dropLast() + "\n"
            for option in options {
                guard option.key == "properties", case .object(let properties) = option.value, !properties.isEmpty else {
                    out += entry(option.key, indent: "  ") + flow(option.value) + "\n"
                    continue
                }
                out += "  properties:\n"
                for property in properties {
                    out += entry(property.key, indent: "    ") + flow(property.value)
                    if let comment = comments[model.key]?[property.key] { out += "  # " + oneLine(comment) }
                    out += "\n"
                }
            }
        }
        return out
    }

    /// A value on one line: scalars plain or quoted, arrays and objects in flow style.
    static func flow(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let text): text
        case .string(let text): scalar(text)
        case .array(let items): "[" + items.map(flow).joined(separator: ", ") + "]"
        case .object(let members):
            members.isEmpty ? "{}" : "{ " + members.map { flowKey($0.key) + flow($0.value) }.joined(separator: ", ") + " }"
        }
    }

    /// YAML takes a key written as it is (an implicit key) only up to 1024 characters; a longer
    /// one — a payload's key can be any length — is written as an explicit key (`? key`).
    private static let implicitKeyLimit = 1000

    /// The start of a block mapping entry, up to its value: `key: `, or for a long key `? key`
    /// on a line of its own, then `: `.
    private static func entry(_ text: String, indent: String) -> String {
        let key = scalar(text)
        guard key.unicodeScalars.count > implicitKeyLimit else { return indent + key + ": " }
        return indent + "? " + key + "\n" + indent + ": "
    }

    /// A flow mapping's key and its colon, explicit when long.
    private static func flowKey(_ text: String) -> String {
        let key = scalar(text)
        return key.unicodeScalars.count > implicitKeyLimit ? "? " + key + " : " : key + ": "
    }

    /// `text` plain when it is a word YAML cannot take for anything but this string, else in
    /// double quotes.
    static func scalar(_ text: String) -> String {
        isPlain(text) ? text : quoted(text)
    }

    /// Words YAML 1.1 or 1.2 read as null or booleans when plain.
    private static let reservedWords: Set<String> = ["null", "true", "false", "yes", "no", "on", "off", "y", "n"]

    /// A letter or `_`, then letters, digits, `_`, `.` and `-`; not a reserved word in any case.
    private static func isPlain(_ text: String) -> Bool {
        guard let first = text.utf8.first, ScalarASCII.isLetter(first) || first == UInt8(ascii: "_") else { return false }
        let allowed = text.utf8.allSatisfy { ScalarASCII.isLetter($0) || ScalarASCII.isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
        return allowed && !reservedWords.contains(text.lowercased())
    }

    /// A YAML double-quoted scalar: `"` and `\` escaped, and every character YAML does not allow
    /// as it is (controls, DEL, C1 controls, line and paragraph separators, BOM, noncharacters)
    /// written as a `\u` escape.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 || value == 0xFEFF
                    || value == 0xFFFE || value == 0xFFFF {
                    let hex = String(value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A comment's text on one line.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
