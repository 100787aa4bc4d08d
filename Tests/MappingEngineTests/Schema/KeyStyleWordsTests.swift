import TestSupport
import Testing
@testable import MappingEngine

/// ASCII names are split byte by byte, a shortcut that must split exactly as the general,
/// character-by-character path does.
@Suite struct KeyStyleWordsTests {
    @Test(arguments: ["URLString", "avatar_url", "htmlURL", "userID2Name", "HTTPServer-Port", "__x__", "A", "", "aB-C_dE9F", "ABCdef"])
    func knownNamesSplitAsTheGeneralPathSplitsThem(name: String) {
        #expect(KeyStyle.words(name) == KeyStyle.unicodeWords(name))
    }

    @Test func randomASCIINamesSplitAsTheGeneralPathSplitsThem() {
        var random = SeededRandom(seed: 42)
        let alphabet = Array("aZbY_-09XyUrlID.\r\n ".utf8)
        for _ in 0..<2_000 {
            let length = Int(random.next() % 12)
            let name = String(decoding: (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }, as: UTF8.self)
            #expect(KeyStyle.asciiWords(Array(name.utf8)) == KeyStyle.unicodeWords(name), "\(name.debugDescription)")
        }
    }

    @Test func nonASCIINamesTakeTheGeneralPath() {
        #expect(KeyStyle.words("ÉtéÀVenir") == ["Été", "À", "Venir"])
    }
}
