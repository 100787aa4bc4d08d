/// When `convertd infer` proposes `hostname`: only where the key and every value agree.
///
/// The values alone cannot say it: `file.txt`, `John.Smith` and `v1.beta` are hostnames too, and
/// a single word (`localhost`, `blue`) is one as well. So a position becomes a `hostname` only
/// when its key names a host (`host`, `dbHost`, `smtp_hostname`, `host_name`, `fqdn`, `domain`)
/// and every value seen, null aside, is a name of two labels or more.
enum HostnameGuess {
    /// The last words of a key that name a host.
    private static let hostWords: Set<String> = ["host", "hostname", "fqdn", "domain"]

    /// Whether `text` is a hostname of two labels or more, in its strict form (no trailing dot).
    static func isDotted(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.contains(UInt8(ascii: ".")) && HostnameText.validate(text)
    }

    /// Whether `key` names a host: its last word is one of `hostWords`, or its last two are
    /// `host name`.
    static func keyNamesHost(_ key: String) -> Bool {
        let words = KeyStyle.words(key).map { $0.lowercased() }
        guard let last = words.last else { return false }
        return hostWords.contains(last) || (last == "name" && words.dropLast().last == "host")
    }

    /// `resolved` as a `hostname` when `key` names a host and every value `scalars` saw is a
    /// dotted hostname; otherwise `resolved` unchanged. Null words, which a `string` keeps as
    /// text, are null for a `hostname`, so they make it nullable.
    static func refine(_ resolved: ShapeResolver.Resolved, key: String, scalars: ScalarSummary) -> ShapeResolver.Resolved {
        guard case .string = resolved.type.kind, scalars.texts > 0, scalars.hostnameTexts == scalars.texts,
              scalars.valueCount == scalars.texts, keyNamesHost(key) else { return resolved }
        var refined = resolved
        refined.type = TypeRef(.format(.hostname), nullable: resolved.type.nullable || scalars.nullWords > 0)
        refined.enumValues = nil
        refined.note = "guess: hostname, by the key and every value"
        return refined
    }
}
