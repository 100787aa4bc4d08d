import Testing
import MappingEngine

/// `JSONValue(parsing:)` from bytes parses them as they came: the same tree as from text, and
/// bytes that are not UTF-8 refused rather than replaced.
@Suite struct JSONValueParsingTests {
    @Test func bytesGiveTheTreeTextGives() throws {
        let text = #"{"state": "deprecated", "sunset": "2027-01-01T00:00:00Z", "n": [1, 2.50]}"#
        let fromBytes = try Array(text.utf8).withUnsafeBufferPointer { (bytes) throws(JSONSyntaxError) in try JSONValue(parsing: bytes) }
        #expect(fromBytes == (try JSONValue(parsing: text)))
    }

    @Test func bytesThatAreNotUTF8AreBadJSON() {
        let bytes: [UInt8] = Array(#"{"state": "dep"#.utf8) + [0xFF] + Array(#"recated"}"#.utf8)
        #expect(throws: JSONSyntaxError.self) {
            try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in try JSONValue(parsing: buffer) }
        }
        // Decoded as text first, the byte would have become U+FFFD and parsed.
        #expect((try? JSONValue(parsing: String(decoding: bytes, as: UTF8.self))) != nil)
    }
}
