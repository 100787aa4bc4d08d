/// Names the properties of one inferred model after its input keys: camelCase names, the key
/// style that maps most of them back to their keys, and a `from` for each key that does not fit.
struct PropertyNaming {
    /// The model's key style; `as_is` unless another fits more keys.
    let style: KeyStyle
    /// One per key, in the keys' order.
    let properties: [(name: String, from: String?)]

    /// The styles tried, in order of preference when several fit as many keys.
    private static let candidates: [KeyStyle] = [.asIs, .snakeCase, .kebabCase, .pascalCase, .upperSnake]

    init(keys: [String]) {
        let names = keys.map(PropertyNaming.camelCase)
        var best = KeyStyle.asIs
        var bestFits = -1
        for style in PropertyNaming.candidates {
            let fits = zip(names, keys).count { style.key(for: $0) == $1 }
            if fits > bestFits {
                best = style
                bestFits = fits
            }
        }
        var taken = Set<String>()
        var properties: [(name: String, from: String?)] = []
        for (name, key) in zip(names, keys) {
            var unique = name
            var suffix = 2
            while !taken.insert(unique).inserted {
                unique = name + String(suffix)
                suffix += 1
            }
            properties.append((unique, best.key(for: unique) == key ? nil : PropertyNaming.source(of: key)))
        }
        style = best
        self.properties = properties
    }

    /// The camelCase form of a key: `avatar_url` → `avatarUrl`, `filterID` → `filterId`,
    /// `URLString` → `urlString`; a key with no word in it (`_`, `-`) stays as it is, and the
    /// empty key becomes `_`, as a property needs a name. A leading byte order mark is dropped:
    /// YAML readers drop it from the start of any scalar.
    static func camelCase(_ key: String) -> String {
        let trimmed = String(key.unicodeScalars.drop { $0 == PropertyNaming.byteOrderMark })
        let words = KeyStyle.words(trimmed)
        guard let first = words.first else { return trimmed.isEmpty ? "_" : trimmed }
        return first.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    }

    /// The `from` that reads exactly `key`: the key itself, or a JSON Pointer when a dot, a
    /// leading slash or emptiness would make it read as a path, or a leading byte order mark
    /// would be lost to a YAML reader (in a pointer it comes second).
    static func source(of key: String) -> String {
        if key.isEmpty || key.contains(".") || key.hasPrefix("/") || key.unicodeScalars.first == byteOrderMark {
            return PathComponent.pointer([PathComponent.key(key)])
        }
        return key
    }

    /// U+FEFF.
    static let byteOrderMark: Unicode.Scalar = "\u{FEFF}"
}
