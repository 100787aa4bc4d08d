import Testing
@testable import MappingEngine

/// Patterns that take a backtracking engine exponential (or high polynomial) time answer
/// correctly on 10,000-character texts. The assertions are on the answers, not on time: on a
/// backtracking engine these tests would simply not finish.
@Suite struct PatternLinearTimeTests {
    static let a10k = String(repeating: "a", count: 10_000)
    static let x10k = String(repeating: "x", count: 10_000)

    static let catastrophic: [(pattern: String, text: String, matches: Bool)] = [
        ("^(a+)+$", a10k + "!", false), ("^(a+)+$", a10k, true),
        ("(a|aa)*c", a10k, false), ("(a|aa)*c", a10k + "c", true),
        ("(x+x+)+y", x10k, false), ("(x+x+)+y", x10k + "y", true),
        ("^(a|a?)+$", a10k + "b", false), ("^(a*)*$", a10k + "b", false),
        (#"^(\w+\s?)*$"#, String(repeating: "word ", count: 2_000) + "!", false),
        ("(.*a){12}", String(repeating: "ab", count: 5_000), true), ("(.*a){12}", String(repeating: "b", count: 10_000), false),
        (#"^([a-z0-9]+\.)*[a-z0-9]+@x$"#, String(repeating: "a.", count: 5_000) + "@", false),
    ]

    @Test(arguments: catastrophic)
    func catastrophicPatternsAnswerCorrectly(pattern: String, text: String, matches: Bool) throws {
        #expect(try Pattern(pattern).matches(text) == matches)
    }

    /// A compiled pattern is shared by threads: concurrent searches see no one else's state.
    @Test func concurrentSearchesShareOnePattern() async throws {
        let pattern = try Pattern("^(a+)+b$")
        let answers = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask { pattern.matches(String(repeating: "a", count: 500 + index) + (index.isMultiple(of: 2) ? "b" : "c")) }
            }
            var all: [Bool] = []
            for await answer in group { all.append(answer) }
            return all
        }
        #expect(answers.filter { $0 }.count == 32)
    }
}
