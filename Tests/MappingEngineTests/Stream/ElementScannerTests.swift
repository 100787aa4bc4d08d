@testable import MappingEngine
import TestSupport
import Testing

/// `ElementScanner`, which reads 64-byte blocks as bit masks (and otherwise skips text 8 bytes at
/// a time), finds the same element ends as a scanner reading one byte at a time, whatever the
/// bytes and however they are cut in pieces.
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
        for piece in [1, 3, 7, 8, 9, 63, 64, 65, 130, length] {
            #expect(Self.scannedEnds(bytes, piece: piece) == expected, "seed \(seed), pieces of \(piece)")
        }
    }

    /// A JSON value drawn at random: strings with every kind of escape (runs of backslashes,
    /// escaped quotes) and text long enough to cross blocks, numbers, literals, and nested
    /// objects and arrays; white space between tokens. Valid JSON, so every backslash is inside
    /// a string and the blocks are read as masks, not by the byte loop.
    private static func value(_ random: inout SeededRandom, depth: Int, into out: inout [UInt8]) {
        let space = [" ", "", "\n  ", ""]
        out += Array(space[random.below(space.count)].utf8)
        switch depth > 4 ? random.below(3) : random.below(6) {
        case 0:
            out.append(UInt8(ascii: "\""))
            let pieces = ["abc", "\\\"", "\\\\", "\\n", "\\u00e9", "é日", ",]}[{", "\\\\\\\"", " ", String(repeating: "x", count: 70)]
            for _ in 0..<random.below(8) { out += Array(pieces[random.below(pieces.count)].utf8) }
            out.append(UInt8(ascii: "\""))
        case 1:
            out += Array(String(random.below(1_000_000)).utf8)
        case 2:
            out += Array(["true", "null", "-1.5e3"][random.below(3)].utf8)
        case 3, 4:
            out.append(UInt8(ascii: "{"))
            for member in 0..<random.below(5) {
                if member > 0 { out.append(UInt8(ascii: ",")) }
                out += Array("\"k\\\"\(member)\": ".utf8)
                value(&random, depth: depth + 1, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        default:
            out.append(UInt8(ascii: "["))
            for element in 0..<random.below(5) {
                if element > 0 { out.append(UInt8(ascii: ",")) }
                value(&random, depth: depth + 1, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
    }

    @Test(arguments: 0..<60)
    func findsTheEndsOfJSONElementsInEveryCut(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &* 0x2545_F491)
        var bytes: [UInt8] = []
        let elements = 1 + random.below(30)
        for element in 0..<elements {
            if element > 0 { bytes.append(UInt8(ascii: ",")) }
            Self.value(&random, depth: 0, into: &bytes)
        }
        bytes += Array(" ]".utf8)
        let expected = Self.referenceEnds(bytes)
        #expect(expected.count == elements, "the reference finds each element's comma and the closing bracket")
        for piece in [1, 5, 16, 63, 64, 65, 100, 128, 129, bytes.count] {
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
