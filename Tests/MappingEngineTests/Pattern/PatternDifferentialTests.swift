import Foundation
import TestSupport
import Testing
@testable import MappingEngine

/// `Pattern` against ICU (`NSRegularExpression`) on random patterns of the supported subset
/// and random short texts over a small alphabet, so that matches happen. Each pattern is written
/// twice: in our syntax, and in ICU's with ECMA-262's meanings spelled out (`\d` is ASCII
/// digits, `$` the very end, `.` any scalar but LF, CR, LS and PS, `\b` at ASCII word edges).
@Suite struct PatternDifferentialTests {
    @Test func randomPatternsAgreeWithICU() throws {
        var random = SeededRandom(seed: 0x5EED_0F_9A77)
        var compared = 0
        for _ in 0..<400 {
            var generator = RandomPattern(random: random)
            let (ours, icu) = generator.alternation(depth: 3)
            random = generator.random
            let compiled = try Pattern(ours)
            let oracle = try NSRegularExpression(pattern: icu)
            for _ in 0..<10 {
                let text = String((0..<random.below(13)).map { _ in RandomPattern.textAlphabet[random.below(RandomPattern.textAlphabet.count)] })
                let expected = oracle.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                #expect(compiled.matches(text) == expected, "/\(ours)/ (ICU /\(icu)/) on \(text.debugDescription)")
                compared += 1
            }
        }
        #expect(compared == 4_000)
    }
}

/// A random pattern of the supported subset, in our syntax and in ICU's.
private struct RandomPattern {
    var random: SeededRandom

    static let textAlphabet: [Character] = ["a", "b", "c", "é", "😀", " ", "-", ".", "1", "_", "\n"]
    /// ASCII word characters, spelled for ICU (whose `\w` is Unicode's).
    static let word = "A-Za-z0-9_"
    /// ECMA-262's `\s`, spelled for ICU.
    static let space = #"\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}"#

    mutating func pick<T>(_ choices: [T]) -> T { choices[random.below(choices.count)] }

    mutating func alternation(depth: Int) -> (String, String) {
        let branches = (0..<(random.below(4) == 0 ? 2 : 1)).map { _ in concatenation(depth: depth) }
        return (branches.map(\.0).joined(separator: "|"), branches.map(\.1).joined(separator: "|"))
    }

    mutating func concatenation(depth: Int) -> (String, String) {
        let items = (0..<(1 + random.below(3))).map { _ in term(depth: depth) }
        return (items.map(\.0).joined(), items.map(\.1).joined())
    }

    mutating func term(depth: Int) -> (String, String) {
        switch random.below(depth > 0 ? 10 : 7) {
        case 0...2: return literal()
        case 3: return pick([(".", #"[^\n\r\x{2028}\x{2029}]"#), (#"\d"#, "[0-9]"), (#"\D"#, "[^0-9]"), (#"\w"#, "[\(Self.word)]"),
                             (#"\W"#, "[^\(Self.word)]"), (#"\s"#, "[\(Self.space)]"), (#"\S"#, "[^\(Self.space)]")])
        case 4: return characterClass()
        case 5: return pick([("^", "^"), ("$", #"\z"#),
                             (#"\b"#, "(?:(?<=[\(Self.word)])(?![\(Self.word)])|(?<![\(Self.word)])(?=[\(Self.word)]))"),
                             (#"\B"#, "(?:(?<=[\(Self.word)])(?=[\(Self.word)])|(?<![\(Self.word)])(?![\(Self.word)]))")])
        case 6: return literal()
        case 7:
            let (ours, icu) = alternation(depth: depth - 1)
            return (pick(["(", "(?:", "(?<g>"]) + ours + ")", "(?:" + icu + ")")
        default:
            let (ours, icu) = alternation(depth: depth - 1)
            let quantifier = pick(["*", "+", "?", "{2}", "{0,2}", "{1,}", "{2,3}", "{0}"])
            // Laziness cannot change whether there is a match, so ICU is given the greedy form:
            // its lazy loops over a body that can match empty miss matches (ICU finds none
            // for /[a-z](?:(?:-|d)?|e)*?_/ in "xc_"; V8 and the greedy form find "c_").
            let lazy = random.below(3) == 0 ? "?" : ""
            return ("(?:" + ours + ")" + quantifier + lazy, "(?:" + icu + ")" + quantifier)
        }
    }

    mutating func literal() -> (String, String) {
        pick([("a", "a"), ("b", "b"), ("c", "c"), ("é", "é"), (#"\u00e9"#, #"\x{e9}"#), ("😀", "😀"), (#"\u{1F600}"#, #"\x{1F600}"#),
              (" ", " "), ("-", "-"), (#"\."#, #"\."#), ("1", "1"), ("_", "_"), (#"\n"#, #"\n"#)])
    }

    mutating func characterClass() -> (String, String) {
        let members = (0..<(1 + random.below(3))).map { _ in
            pick([("a", "a"), ("b", "b"), ("a-c", "a-c"), ("é", "é"), ("😀", "😀"), (#"\u{E0}-\u{FF}"#, #"\x{E0}-\x{FF}"#),
                  (#"\-"#, #"\-"#), (".", #"\."#), (#"\d"#, "0-9"), (#"\w"#, Self.word), (#"\s"#, Self.space), (#"\n"#, #"\n"#)])
        }
        let negated = random.below(3) == 0 ? "^" : ""
        return ("[" + negated + members.map(\.0).joined() + "]", "[" + negated + members.map(\.1).joined() + "]")
    }
}
