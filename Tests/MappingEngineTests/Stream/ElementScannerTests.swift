@testable import MappingEngine
import TestSupport
import Testing

/// `ElementScanner`, which skips text 8 bytes at a time, finds the same element ends as a
/// scanner reading one byte at a time, whatever the bytes and however they are cut in pieces.
@Suite struct ElementScannerTests {

    /// The byte-at-a-time reading the scanner must agree with: the end of the element starting
    /// at `from`, nil when it goes on past the bytes.
    private static func referenceEnd(_ bytes: [UInt8], from: Int) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for i in from..<bytes.count {
            let byte = bytes[i]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return i }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 { return i }
            default: break
            }
        }
        return nil
    }

    /// The ends the scanner finds, element after element, when `bytes` come in pieces of at most `piece`.
    private static func scannedEnds(_ bytes: [UInt8], piece: Int) -> [Int] {
        var ends: [Int] = []
        var scanner = ElementScanner()
        var pieceStart = 0
        var from = 0
        while pieceStart < bytes.count {
            let pieceEnd = min(bytes.count, pieceStart + piece)
            while from < pieceEnd {
                let found = bytes.withUnsafeBufferPointer { all in scanner.end(in: UnsafeBufferPointer(rebasing: all[from..<pieceEnd])) }
                guard let found else {
                    from = pieceEnd
                    break
                }
                ends.append(from + found)
                from += found + 1
                scanner = ElementScanner()
            }
            pieceStart = pieceEnd
        }
        return ends
    }

    private static func referenceEnds(_ bytes: [UInt8]) -> [Int] {
        var ends: [Int] = []
        var from = 0
        while from < bytes.count, let end = referenceEnd(bytes, from: from) {
            ends.append(end)
            from = end + 1
        }
        return ends
    }

    /// Bytes drawn mostly from JSON's structure (quotes, backslashes, brackets, commas) among
    /// letters, spaces, digits and multi-byte UTF-8, so runs of every length fall on both sides
    /// of the 8-byte words.
    @Test(arguments: 0..<40)
    func findsTheEndsAByteAtATimeReadingFinds(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &* 0x9E37_79B9)
        let alphabet = Array("\"\"\\\\{}[],,:  abcdefgh0123456789é日".utf8)
        let length = 1 + random.below(seed < 20 ? 200 : 5_000)
        let bytes = (0..<length).map { _ in alphabet[random.below(alphabet.count)] }
        let expected = Self.referenceEnds(bytes)
        for piece in [1, 3, 7, 8, 9, 64, length] {
            #expect(Self.scannedEnds(bytes, piece: piece) == expected, "seed \(seed), pieces of \(piece)")
        }
    }

    @Test func endsAtTheCommaOrBracketOfItsOwnLevelOutsideStrings() {
        let text = #"{"a": "x,]\"}", "b": [1, 2, {"c": "\\"}]}  , 7]"#
        let bytes = Array(text.utf8)
        // The `,` before ` 7]`, then the closing `]`.
        #expect(Self.scannedEnds(bytes, piece: bytes.count) == [bytes.count - 4, bytes.count - 1])
        #expect(Self.scannedEnds(bytes, piece: bytes.count) == Self.referenceEnds(bytes))
    }
}
