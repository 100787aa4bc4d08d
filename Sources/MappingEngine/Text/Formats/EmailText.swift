/// `email`: an address as RFC 5321 delivers to (`local@domain`), its domain lower-cased.
enum EmailText {
    /// RFC 5321's limit on a path, less its angle brackets.
    static let maxLength = 254
    /// RFC 5321's limit on a local part.
    static let maxLocalLength = 64

    /// Writes the address with its domain lower-cased and its local part as sent (a local part
    /// may be case-sensitive, RFC 5321 §2.4). The local part is a dot-atom: RFC 5322's `atext`
    /// (letters, digits, ``!#$%&'*+-/=?^_`{|}~``) and UTF-8 beyond ASCII (RFC 6531), in dot-separated
    /// runs. Quoted local parts (`"john doe"@…`), comments and address literals (`@[192.0.2.1]`)
    /// are refused: valid, but almost never meant, and often an attack on a parser further on.
    /// The domain is a hostname (`HostnameText`) in its ASCII form.
    static func write(_ text: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        guard text.count <= maxLength, let at = text.lastIndex(of: UInt8(ascii: "@")),
              at > 0, at <= maxLocalLength else { return nil }
        let local = UnsafeBufferPointer(rebasing: text[..<at])
        let domain = UnsafeBufferPointer(rebasing: text[(at + 1)...])
        guard isDotAtom(local), HostnameText.validate(domain) else { return nil }
        var output = FormatOutput(out)
        output.bytes(local)
        output.byte(UInt8(ascii: "@"))
        for byte in domain { output.byte(ScalarASCII.lowercased(byte)) }
        return output.count
    }

    /// Whether `text` is dot-separated non-empty runs of `atext` or non-ASCII UTF-8.
    private static func isDotAtom(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var previousWasDot = true
        for byte in text {
            if byte == UInt8(ascii: ".") {
                guard !previousWasDot else { return false }
                previousWasDot = true
                continue
            }
            guard byte >= 0x80 || isAText(byte) else { return false }
            previousWasDot = false
        }
        return !previousWasDot
    }

    /// RFC 5322 `atext`'s ASCII characters.
    private static func isAText(_ byte: UInt8) -> Bool {
        if ScalarASCII.isDigit(byte) || ScalarASCII.isLetter(byte) { return true }
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "/"),
             UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"),
             UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
