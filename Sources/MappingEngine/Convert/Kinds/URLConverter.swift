/// `url`: an absolute URI (RFC 3986, UTF-8 allowed as in IRIs), trimmed; empty text is null.
final class URLConverter: ValueConverter {
    let strict: Bool

    init(strict: Bool) {
        self.strict = strict
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let doc = ctx.document
        guard doc[node].kind == .string else {
            ctx.typeMismatch(node, expected: "URL string")
            return false
        }
        let valid = doc.withDecodedString(node) { (text) -> Bool in
            guard let range = URLText.validate(text) else { return false }
            ctx.out.string(utf8: UnsafeBufferPointer(rebasing: text[range.offset..<(range.offset + range.count)]))
            return true
        }
        if !valid { ctx.fail(.invalidURL, "not an absolute URL", node: node) }
        return valid
    }

    /// Whether the string is empty after trimming, which the property treats as null.
    static func isBlank(_ document: JSONDocument, _ node: Int) -> Bool {
        let entry = document[node]
        guard entry.kind == .string, entry.length < 64 else { return false }
        return document.withDecodedString(node) { text in
            text.allSatisfy { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
        }
    }
}
