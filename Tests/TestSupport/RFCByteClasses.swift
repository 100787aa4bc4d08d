/// The byte classes of the RFCs convertd reads, written once, as the RFCs list them.
///
/// The engine and the transport keep each class in the fast form its hot loop needs (bit sets,
/// a look-up string, vector ranges, word masks), in its own file and its own target; the tests
/// beside each target rebuild every such table from the classes here and compare all 256 byte
/// values. A class is a set of byte values; a character list is its ASCII bytes.
public enum RFCByteClasses {
    /// The bytes of `characters` (ASCII text) and of `ranges`.
    public static func bytes(_ characters: String, _ ranges: ClosedRange<UInt8>...) -> Set<UInt8> {
        Set(characters.utf8).union(ranges.flatMap { $0 })
    }

    // RFC 5234, appendix B.1: the core rules.
    public static let alpha = bytes("", 0x41...0x5A, 0x61...0x7A)
    public static let digit = bytes("0123456789")
    /// `VCHAR`: visible (printing) characters.
    public static let vchar = bytes("", 0x21...0x7E)

    // RFC 3986, sections 2.2, 2.3 and 3.2–3.5 (`pct-encoded` is a sequence, not a byte class,
    // and is left out of every class below).
    public static let unreserved = alpha.union(digit).union(bytes("-._~"))
    public static let subDelims = bytes("!$&'()*+,;=")
    public static let userinfo = unreserved.union(subDelims).union(bytes(":"))
    /// `reg-name`, the host that is not an IP literal.
    public static let regName = unreserved.union(subDelims)
    public static let pchar = unreserved.union(subDelims).union(bytes(":@"))
    /// A path's bytes: its segments' `pchar` and the `/` between them.
    public static let path = pchar.union(bytes("/"))
    public static let query = pchar.union(bytes("/?"))
    public static let fragment = query

    /// RFC 1123 section 2.1 host names (letters, digits, hyphens) and the dots between labels:
    /// the hosts URL validation's fast path takes, a subset of `regName`.
    public static let plainHost = alpha.union(digit).union(bytes("-."))

    // RFC 9110, sections 5.6.2 and 5.5.
    public static let tchar = bytes("!#$%&'*+-.^_`|~").union(digit).union(alpha)
    /// A field value's bytes: `field-vchar` (`VCHAR` and `obs-text`), space and tab.
    public static let fieldValue = vchar.union(bytes("", 0x80...0xFF)).union(bytes(" \t"))

    // RFC 8259, sections 2 and 7.
    public static let jsonWhitespace = bytes(" \t\n\r")
    /// `unescaped`: the bytes a string holds as they are (0x80 and above as parts of UTF-8
    /// sequences); every other byte is written as an escape.
    public static let jsonUnescaped = bytes("", 0x20...0x21, 0x23...0x5B, 0x5D...0xFF)
}
