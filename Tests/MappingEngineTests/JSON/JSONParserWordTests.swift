@testable import MappingEngine
import Testing

/// The words the parser compares input against are the bytes they are named after, read the
/// way the parser reads input (`JSONStringCodec.load4`: the first byte in the low bits).
@Suite("JSON parser words")
struct JSONParserWordTests {
    static let words: [(text: String, word: UInt32)] = [
        ("true", JSONParser.trueWord),
        ("null", JSONParser.nullWord),
        ("alse", JSONParser.alseWord),
        (" : ", JSONParser.spacedColon),
        (": ", JSONParser.colonSpace),
    ]

    @Test(arguments: words)
    func eachWordIsItsTextAsTheParserLoadsIt(_ entry: (text: String, word: UInt32)) {
        let width = entry.text.utf8.count
        // Bytes past the text stand for whatever follows it in the input; the parser masks them off.
        let bytes = Array(entry.text.utf8) + [UInt8](repeating: 0xFF, count: 4)
        let loaded = bytes.withUnsafeBufferPointer { JSONStringCodec.load4($0.baseAddress!) }
        let mask: UInt32 = width == 4 ? .max : (1 << UInt32(8 * width)) &- 1
        #expect(loaded & mask == entry.word, "\(entry.text.debugDescription)")
    }

    @Test func theWordsAreTheConstantsTheParserUsedToSpellOut() {
        #expect(JSONParser.trueWord == 0x6575_7274)
        #expect(JSONParser.nullWord == 0x6C6C_756E)
        #expect(JSONParser.alseWord == 0x6573_6C61)
        #expect(JSONParser.spacedColon == 0x20_3A20)
        #expect(JSONParser.colonSpace == 0x203A)
    }
}
