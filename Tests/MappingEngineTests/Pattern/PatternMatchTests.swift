import Testing
@testable import MappingEngine

/// `Pattern`'s answers, construct by construct: an unanchored search for a match, over the
/// Unicode scalars of the text.
@Suite struct PatternMatchTests {
    static let literalsAndEscapes: [(String, String, Bool)] = [
        ("abc", "xxabcxx", true), ("abc", "abx", false), ("", "", true), ("", "abc", true),
        (#"a\.b"#, "a.b", true), (#"a\.b"#, "axb", false), (#"\\"#, #"a\b"#, true), (#"\/"#, "a/b", true),
        (#"a\nb"#, "a\nb", true), (#"\t"#, "\t", true), (#"\r"#, "\r", true), (#"\f"#, "\u{0C}", true),
        (#"\v"#, "\u{0B}", true), (#"\0"#, "\u{0}", true), (#"\0"#, "0", false), (#"\x41"#, "A", true),
        (#"\u00e9"#, "é", true), (#"\u{1F600}"#, "😀", true), (#"\uD83D\uDE00"#, "😀", true), (#"\cJ"#, "\n", true),
        (#"\-\$\^\{\}\(\)\[\]\|\*\+\?"#, "-$^{}()[]|*+?", true), ("a]b}", "a]b}", true),
    ]

    static let dotAndClasses: [(String, String, Bool)] = [
        (".", "a", true), (".", "\n", false), (".", "\r", false), (".", "\u{2028}", false), (".", "\u{2029}", false),
        ("^.$", "é", true), ("^.$", "😀", true), ("^..$", "😀", false), ("^.$", "\u{0B}", true),
        ("[abc]", "b", true), ("^[abc]$", "d", false), ("[a-z]", "m", true), ("^[^a-z]$", "m", false),
        ("^[^a-z]$", "M", true), (#"[\d]"#, "5", true), (#"^[\D]$"#, "5", false), (#"[\w-]"#, "-", true),
        (#"^[\s]$"#, " ", true), (#"^[\S]$"#, " ", false), ("[]", "a", false), ("[]", "", false), ("^[^]$", "\n", true),
        (#"[\]]"#, "]", true), (#"[a\-z]"#, "-", true), (#"^[a\-z]$"#, "m", false), ("[-a]", "-", true),
        ("[a-]", "-", true), ("^[é-ü]$", "ö", true), ("^[é-ü]$", "e", false), ("^[😀-😂]$", "😁", true),
        (#"^[\u{1F600}-\u{1F602}]$"#, "😁", true), (#"^[\u{1F600}-\u{1F602}]$"#, "😃", false), (#"[\b]"#, "\u{8}", true),
        (#"^[\x41-\x43]+$"#, "ABCA", true), (#"^[\x41-\x43]+$"#, "ABD", false), ("[[]", "[", true), ("^[^😀]$", "😀", false),
        (#"^[^\d\s]$"#, "x", true), (#"^[^\d\s]$"#, "7", false),
    ]

    static let classEscapes: [(String, String, Bool)] = [
        (#"^\d+$"#, "0123456789", true), (#"\d"#, "٣", false), (#"^\D$"#, "٣", true),
        (#"^\w+$"#, "abc_XYZ09", true), (#"\w"#, "é", false), (#"^\W$"#, "é", true),
        (#"\s"#, "\u{A0}", true), (#"\s"#, "\u{3000}", true), (#"\s"#, "\u{FEFF}", true), (#"\s"#, "\u{2028}", true),
        (#"\s"#, "\u{200B}", false), (#"\S"#, " \t\n", false), (#"\S"#, " x ", true),
    ]

    static let anchors: [(String, String, Bool)] = [
        ("^abc", "abcd", true), ("^abc", "xabc", false), ("abc$", "xabc", true), ("abc$", "abcx", false),
        // ECMA-262 without the multiline flag: `$` is the end of the text, never before a last newline.
        ("abc$", "abc\n", false), ("^abc", "\nabc", false), ("^$", "", true), ("^$", "a", false), ("a^b", "ab", false),
        ("a$b", "ab", false), ("x|^a", "ba", false), ("x|^a", "ab", true), ("x|^a", "bx", true), ("(^a|b)c", "bc", true),
        ("(^a|b)c", "xac", false), (#"\bcat\b"#, "a cat sat", true), (#"\bcat\b"#, "concat", false),
        (#"\Bcat"#, "concat", true), (#"\Bcat"#, "cat", false), (#"\b"#, "", false), (#"\B"#, "", true),
        (#"\b"#, "é", false), (#"\bx"#, "éx", true), (#"^\b"#, "a", true), (#"\b$"#, "a!", false),
    ]

    static let groupsAndAlternation: [(String, String, Bool)] = [
        ("(ab)+c", "ababc", true), ("^(ab)+$", "aba", false), ("(?:ab){2}", "xabab", true), ("(?:ab){2}", "abxab", false),
        (#"^(?<year>\d{4})-(?<month>\d{2})$"#, "2024-05", true), (#"^(?<year>\d{4})-(?<month>\d{2})$"#, "2024-5", false),
        ("()", "", true), ("^(?:)$", "", true), ("cat|dog", "hotdog", true), ("^(cat|dog)$", "catdog", false),
        ("a|", "zzz", true), ("|", "", true), ("^(a|b|c)+$", "abcab", true), ("^(a|b|c)+$", "abcad", false),
        ("^(?:a|(?:b|(?:c|d)))$", "d", true), ("(?:^)*a", "ba", true), ("^(?:$)+", "", true), (#"(?:\b)?x"#, "xx", true),
    ]

    static let quantifiers: [(String, String, Bool)] = [
        ("^a*$", "", true), ("^a*$", "aaa", true), ("^a*$", "aab", false), ("^a+$", "", false), ("^a+$", "aaa", true),
        ("^a?$", "", true), ("^a?$", "aa", false), ("^a{3}$", "aaa", true), ("^a{3}$", "aa", false), ("^a{3}$", "aaaa", false),
        ("^a{2,}$", "aaaaa", true), ("^a{2,}$", "a", false), ("^a{2,3}$", "aaa", true), ("^a{2,3}$", "aaaa", false),
        ("^a{0}$", "", true), ("^a{0}$", "a", false), ("^a{0,0}b$", "b", true), ("^a{1000}$", String(repeating: "a", count: 1000), true),
        ("^a{1000}$", String(repeating: "a", count: 999), false), ("^a*?$", "aaa", true), ("^a+?b", "aaab", true),
        ("^a??$", "a", true), ("^a{2,3}?$", "aaa", true), ("^a{2,}?$", "a", false),
        ("^(a*)*$", "aaa", true), ("^(a*)*b$", "aaac", false), ("^(a?){3}$", "a", true), ("(|a)+", "", true),
        ("^(a*)+$", "", true), ("^(?:a{0,2}){2}$", "aaaa", true), ("^(?:a{0,2}){2}$", "aaaaa", false),
    ]

    static let unicode: [(String, String, Bool)] = [
        ("é", "café", true), ("^caf.$", "café", true), ("^caf.$", "cafe\u{301}", false), ("😀+", "a😀😀", true),
        ("^[^a]$", "😀", true), ("^😀{2}$", "😀😀", true), ("^😀{2}$", "😀", false), ("^.{3}$", "日本語", true),
        ("語$", "日本語", true), ("ß", "SS", false),
    ]

    @Test(arguments: literalsAndEscapes + dotAndClasses + classEscapes)
    func scalarsEscapesAndClasses(pattern: String, text: String, matches: Bool) throws {
        #expect(try Pattern(pattern).matches(text) == matches)
    }

    @Test(arguments: anchors + groupsAndAlternation)
    func anchorsGroupsAndAlternation(pattern: String, text: String, matches: Bool) throws {
        #expect(try Pattern(pattern).matches(text) == matches)
    }

    @Test(arguments: quantifiers + unicode)
    func quantifiersAndUnicode(pattern: String, text: String, matches: Bool) throws {
        #expect(try Pattern(pattern).matches(text) == matches)
    }

    /// Bytes that are not well-formed UTF-8 each read as U+FFFD; nothing reads past the end.
    static let malformed: [(String, [UInt8], Bool)] = [
        ("^.$", [0xFF], true), (#"^\u{FFFD}$"#, [0xC3], true), (#"^\u{FFFD}{2}$"#, [0xE2, 0x82], true),
        (#"^\u{FFFD}a$"#, [0xED, 0xA0, 0x80, 0x61], false), (#"^\u{FFFD}{3}a$"#, [0xED, 0xA0, 0x80, 0x61], true),
        ("^é$", [0xC3, 0xA9], true), (#"^\u{FFFD}{2}$"#, [0xC0, 0xAF], true), ("^a$", [0x61, 0x80], false),
    ]

    @Test(arguments: malformed)
    func malformedUTF8ReadsAsReplacementCharacters(pattern: String, bytes: [UInt8], matches: Bool) throws {
        let compiled = try Pattern(pattern)
        #expect(bytes.withUnsafeBufferPointer { compiled.matches(utf8: $0) } == matches)
    }

    /// Through a conversion: the check reads the canonical output, escapes and all.
    static let checkedAccepts: [AcceptRow] = [
        .init(#"{ type: string, pattern: '^a"b$' }"#, .lax, #""a\"b""#, #""a\"b""#),
        .init(#"{ type: string, pattern: '^a\\b$' }"#, .lax, #""a\\b""#, #""a\\b""#),
        .init(#"{ type: string, pattern: '^a\nb$' }"#, .lax, #""a\nb""#, #""a\nb""#),
        .init(#"{ type: string, pattern: '^\x01$' }"#, .lax, #""\u0001""#, #""\u0001""#),
        .init(#"{ type: string, pattern: '^é😀$' }"#, .lax, #""\u00e9\ud83d\ude00""#, #""é😀""#),
        .init(#"{ type: string, pattern: '^\d{3}$' }"#, .lax, "123", #""123""#),
        .init(#"{ type: url, pattern: '^https?://' }"#, .lax, #""http://x.org/a""#, #""http://x.org/a""#),
    ]
    static let checkedRejects: [RejectRow] = [
        .init(#"{ type: string, pattern: '^ab$' }"#, .lax, #""a\"b""#, .patternMismatch),
        .init(#"{ type: string, pattern: '^a.b$' }"#, .lax, #""a\nb""#, .patternMismatch),
        .init(#"{ type: string, pattern: '^(a+)+$' }"#, .lax, #""aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!""#, .patternMismatch),
    ]

    @Test(arguments: checkedAccepts) func checkAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: checkedRejects) func checkRejects(_ row: RejectRow) throws { try row.check() }
}
