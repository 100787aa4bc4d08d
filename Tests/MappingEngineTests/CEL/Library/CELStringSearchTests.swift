import CEL
import Testing
import TestSupport

/// `indexOf`, `lastIndexOf`, `replace` and `split` against a reference written over arrays of
/// code points, on random texts over a small alphabet (so needles repeat and overlap), with
/// needles short enough for the direct search and long enough for Knuth–Morris–Pratt.
@Suite struct CELStringSearchTests {
    /// ASCII, two-, three- and four-byte code points.
    static let alphabet: [Unicode.Scalar] = ["a", "b", "©", "☺", "😀"]

    static func randomText(_ random: inout SeededRandom, length: Int, period: Int) -> [Unicode.Scalar] {
        // A periodic text with rare changes makes long partial matches, the case KMP is for.
        let pattern = (0..<period).map { _ in alphabet[random.below(alphabet.count)] }
        return (0..<length).map { index in
            random.below(20) == 0 ? alphabet[random.below(alphabet.count)] : pattern[index % period]
        }
    }

    static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }

    static func referenceIndex(of needle: [Unicode.Scalar], in text: [Unicode.Scalar], from start: Int) -> Int {
        guard start <= text.count - needle.count else { return -1 }
        for index in start...(text.count - needle.count) where Array(text[index..<index + needle.count]) == needle {
            return index
        }
        return -1
    }

    static func referenceLastIndex(of needle: [Unicode.Scalar], in text: [Unicode.Scalar], atOrBefore last: Int) -> Int {
        guard needle.count <= text.count else { return -1 }
        for index in stride(from: min(last, text.count - needle.count), through: 0, by: -1)
        where Array(text[index..<index + needle.count]) == needle {
            return index
        }
        return -1
    }

    @Test(arguments: [(1, 2), (3, 3), (12, 5), (40, 7), (90, 11)])
    func searchesAgreeWithTheReference(needleLength: Int, period: Int) {
        var random = SeededRandom(seed: UInt64(needleLength * 1_000 + period))
        for _ in 0..<60 {
            let text = Self.randomText(&random, length: needleLength + random.below(300), period: period)
            // Needles cut from the text (so they occur) or made up (so they may not).
            let cut = random.below(text.count - needleLength)
            let needle = random.below(2) == 0
                ? Array(text[cut..<cut + needleLength])
                : Self.randomText(&random, length: needleLength, period: period)
            let start = random.below(text.count)
            let haystack = CELValue.string(Self.string(text)), search = CELValue.string(Self.string(needle))

            let first = LibraryCase.method("indexOf", "indexOf", haystack, search, .int(Int64(start)), is: "")
            #expect(first.outcome() == "\(Self.referenceIndex(of: needle, in: text, from: start))")
            let last = LibraryCase.method("lastIndexOf", "lastIndexOf", haystack, search, .int(Int64(start)), is: "")
            #expect(last.outcome() == "\(Self.referenceLastIndex(of: needle, in: text, atOrBefore: start))")
            let lastOfAll = LibraryCase.method("lastIndexOf", "lastIndexOf", haystack, search, is: "")
            #expect(lastOfAll.outcome() == "\(Self.referenceLastIndex(of: needle, in: text, atOrBefore: text.count))")

            // Split, then join with the separator: the text comes back, and no piece holds it.
            let pieces = LibraryCase.method("split", "split", haystack, search, is: "").value()
            guard case .list(let parts)? = pieces else {
                Issue.record("split gave no list")
                continue
            }
            let joined = LibraryCase.method("join", "join", .list(parts), search, is: "").value()
            #expect(joined.map(CELTestSupport.render) == CELTestSupport.render(haystack))
            let replaced = LibraryCase.method("replace", "replace", haystack, search, .string("|"), is: "").value()
            let expected = parts.compactMap { if case .string(let piece) = $0 { piece } else { nil } }.joined(separator: "|")
            #expect(replaced.map(CELTestSupport.render) == "'\(expected)'")
        }
    }

    /// Inputs on which a quadratic search would take minutes answer correctly.
    @Test func longAdversarialInputsAnswer() {
        let text = String(repeating: "a", count: 200_000)
        let long = String(repeating: "a", count: 5_000) + "b"
        let short = String(repeating: "a", count: 31) + "b"
        for needle in [long, short] {
            #expect(LibraryCase.method("", "indexOf", .string(text), .string(needle), is: "").outcome() == "-1")
            #expect(LibraryCase.method("", "lastIndexOf", .string(text), .string(needle), is: "").outcome() == "-1")
            #expect(LibraryCase.method("", "replace", .string(text), .string(needle), .string(""), is: "").outcome() == "'\(text)'")
        }
        let found = LibraryCase.method("", "indexOf", .string(text + long), .string(long), is: "").outcome()
        #expect(found == "200000")
    }
}
