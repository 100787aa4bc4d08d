import Testing
import MappingEngine

/// Base64 normalization to the standard padded alphabet.
struct ScalarBase64TextTests {
    static let acceptCases: [(String, String)] = [
        ("", ""),
        ("TWFu", "TWFu"),
        ("TWE=", "TWE="),
        ("TQ==", "TQ=="),
        ("TWE", "TWE="),
        ("TQ", "TQ=="),
        ("-_-_", "+/+/"),
        ("+/-_", "+/+/"),
        ("++8", "++8="),
        ("_w", "/w=="),
        (" TWFu\r\nTWFu ", "TWFuTWFu"),
        ("TW Fu", "TWFu"),
        ("TQ=\n=", "TQ=="),
        ("\tTQ==\n", "TQ=="),
        ("SGVsbG8sIFdvcmxkIQ", "SGVsbG8sIFdvcmxkIQ=="),
    ]

    @Test(arguments: acceptCases)
    func canonicalizes(_ text: String, _ expected: String) {
        #expect(ScalarFixture.canonicalBase64(text) == expected)
    }

    @Test(arguments: [
        "TWFuT", "T", "TR==", "TWF=", "TR", "TWF", "TQ=", "TQ===", "=", "==", "TQ==TQ==", "TQ==T", "TW*u", "TWFu!",
        "TWFu=", "TWE==", "\u{E9}\u{E9}\u{E9}\u{E9}", "TW.u", "TWFu%3D",
    ])
    func rejectsInvalid(_ text: String) {
        #expect(ScalarFixture.canonicalBase64(text) == nil)
    }

    @Test(arguments: [("", 0), ("TQ==", 1), ("TWE=", 2), ("TWFu", 3), ("TWFuTQ==", 4), ("TWFuTWE=", 5), ("TWFuTWFu", 6)])
    func measuresDecodedLength(_ text: String, _ expected: Int) {
        #expect(ScalarFixture.bytes(text) { Base64Text.decodedLength(canonical: $0) } == expected)
    }
}
