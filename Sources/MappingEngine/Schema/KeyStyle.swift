/// How a property name becomes an input key when the property has no `from`.
public enum KeyStyle: String, Sendable, CaseIterable {
    case asIs = "as_is"
    case snakeCase = "snake_case"
    case kebabCase = "kebab-case"
    case pascalCase = "PascalCase"
    case upperSnake = "UPPER_SNAKE"
    case lower

    /// The input key for `name`: `avatarURL` → `avatar_url` (snake_case), `AvatarURL` (PascalCase).
    public func key(for name: String) -> String {
        switch self {
        case .asIs: return name
        case .lower: return name.lowercased()
        case .snakeCase: return KeyStyle.words(name).map { $0.lowercased() }.joined(separator: "_")
        case .kebabCase: return KeyStyle.words(name).map { $0.lowercased() }.joined(separator: "-")
        case .upperSnake: return KeyStyle.words(name).map { $0.uppercased() }.joined(separator: "_")
        case .pascalCase:
            return KeyStyle.words(name).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
    }

    /// Splits camelCase, PascalCase, acronyms (`URLString` → URL, String) and `_`/`-` separators.
    static func words(_ name: String) -> [String] {
        // Character's case properties are Unicode table look-ups: most of compiling a model's keys.
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(Array(name.utf8)) }
        return unicodeWords(name)
    }

    /// `words` of any name, character by character.
    static func unicodeWords(_ name: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        let chars = Array(name)
        for (i, ch) in chars.enumerated() {
            if ch == "_" || ch == "-" {
                if !current.isEmpty { words.append(String(current)); current = [] }
                continue
            }
            if ch.isUppercase, let last = current.last {
                let nextIsLower = i + 1 < chars.count && chars[i + 1].isLowercase
                if !last.isUppercase || nextIsLower {
                    words.append(String(current))
                    current = []
                }
            }
            current.append(ch)
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// `words` of an ASCII name, byte by byte: the same splits, since the only ASCII upper- and
    /// lowercase characters are A–Z and a–z.
    static func asciiWords(_ bytes: [UInt8]) -> [String] {
        func isUppercase(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        func isLowercase(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        var words: [String] = []
        var current: [UInt8] = []
        for (i, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)); current = [] }
                continue
            }
            if isUppercase(byte), let last = current.last {
                let nextIsLower = i + 1 < bytes.count && isLowercase(bytes[i + 1])
                if !isUppercase(last) || nextIsLower {
                    words.append(String(decoding: current, as: UTF8.self))
                    current = []
                }
            }
            current.append(byte)
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }
}

/// What to do with input keys that no property reads.
public enum UnknownKeyPolicy: String, Sendable, CaseIterable {
    /// Drop them silently (YYModel's behaviour).
    case ignore
    /// Each one is an `unknown_key` error.
    case reject
    /// Listed beside the result; the conversion still succeeds.
    case report
    /// Copied to the output verbatim, after the properties.
    case keep
}
