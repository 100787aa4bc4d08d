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
        let valid: Bool
        if doc[node].flags & JSONNode.hasEscapes == 0 {
            // A valid URI holds no quote, backslash or control character: its raw text is
            // already canonical JSON string content.
            let text = doc.content(node)
            if let range = URLText.validate(text) {
                guard range.count < text.count else {
                    // Nothing trimmed: the node's text as it stands, in one copy.
                    ctx.out.string(doc, node)
                    return true
                }
                ctx.out.reserve(range.count + 2)
                ctx.out.byte(UInt8(ascii: "\""))
                ctx.out.bytes(UnsafeBufferPointer(rebasing: text[range.offset..<(range.offset + range.count)]))
                ctx.out.byte(UInt8(ascii: "\""))
                valid = true
            } else {
                valid = false
            }
        } else {
            valid = doc.withDecodedString(node) { (text) -> Bool in
                guard let range = URLText.validate(text) else { return false }
                ctx.out.string(utf8: UnsafeBufferPointer(rebasing: text[range.offset..<(range.offset + range.count)]))
                return true
            }
        }
        if !valid { ctx.fail(.invalidURL, "not an absolute URL", node: node) }
        return valid
    }

    /// Whether the string is empty after trimming, which the property treats as null.
    @inline(__always)
    static func isBlank(_ document: JSONDocument, _ node: Int) -> Bool {
        let entry = document[node]
        guard entry.kind == .string, entry.length < 64 else { return false }
        guard entry.length > 0 else { return true }
        // Most URLs start with a letter: not blank, no decoding needed.
        let first = document.base[Int(entry.start)]
        if first > 0x20 && first != UInt8(ascii: "\\") { return false }
        return isBlankText(document, node)
    }

    @inline(never)
    private static func isBlankText(_ document: JSONDocument, _ node: Int) -> Bool {
        document.withDecodedString(node) { text in
            text.allSatisfy { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
        }
    }
}
