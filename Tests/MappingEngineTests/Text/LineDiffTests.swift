@testable import MappingEngine
import TestSupport
import Testing

/// The line diff: unified hunks as GNU diff writes them, the side-by-side view, and the bound
/// that turns very long inputs into one replacement.
@Suite("Line diff")
struct LineDiffTests {
    /// `new` rebuilt from `old` and a unified diff of them, as `patch` would, or nil when a
    /// hunk does not fit `old`.
    static func apply(_ diff: String, to old: String) -> String? {
        let oldLines = LineDiff.lines(of: old).map(String.init)
        var diffLines = LineDiff.lines(of: diff).map(String.init)
        guard diffLines.count >= 2 else { return diff.isEmpty ? old : nil }
        diffLines.removeFirst(2)
        var result: [String] = []
        var consumed = 0
        var index = 0
        while index < diffLines.count {
            let header = diffLines[index]
            guard header.hasPrefix("@@ -") else { return nil }
            let numbers = header.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            guard numbers.count == 4 else { return nil }
            let oldStart = numbers[1] == 0 ? numbers[0] : numbers[0] - 1
            guard oldStart >= consumed, oldStart <= oldLines.count else { return nil }
            result += oldLines[consumed..<oldStart]
            consumed = oldStart
            index += 1
            while index < diffLines.count && !diffLines[index].hasPrefix("@@") {
                var line = diffLines[index]
                let marker = line.removeFirst()
                index += 1
                if index < diffLines.count && diffLines[index].hasPrefix("\\") {
                    line.removeLast()
                    index += 1
                }
                switch marker {
                case " ":
                    guard consumed < oldLines.count, oldLines[consumed] == line else { return nil }
                    result.append(line); consumed += 1
                case "-":
                    guard consumed < oldLines.count, oldLines[consumed] == line else { return nil }
                    consumed += 1
                case "+": result.append(line)
                default: return nil
                }
            }
        }
        result += oldLines[consumed...]
        return result.joined()
    }

    @Test func equalTextsHaveAnEmptyDiff() {
        #expect(LineDiff.unified(old: "a\nb\n", new: "a\nb\n", oldName: "a", newName: "b") == "")
        #expect(LineDiff.unified(old: "", new: "", oldName: "a", newName: "b") == "")
    }

    @Test func oneChangedLineIsAHunkWithThreeLinesOfContext() {
        let old = (1...10).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        let expected = """
            --- old.yaml
            +++ new.yaml
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8

            """
        #expect(LineDiff.unified(old: old, new: new, oldName: "old.yaml", newName: "new.yaml") == expected)
    }

    @Test func distantChangesMakeTwoHunksAndCloseOnesOne() {
        let old = (1...20).map { "\($0)\n" }.joined()
        let far = old.replacingOccurrences(of: "\n2\n", with: "\nB\n").replacingOccurrences(of: "\n18\n", with: "\nR\n")
        let farDiff = LineDiff.unified(old: old, new: far, oldName: "a", newName: "b")
        #expect(farDiff.components(separatedBy: "\n").filter { $0.hasPrefix("@@") }
            == ["@@ -1,5 +1,5 @@", "@@ -15,6 +15,6 @@"])
        let near = old.replacingOccurrences(of: "\n5\n", with: "\nE\n").replacingOccurrences(of: "\n11\n", with: "\nK\n")
        let nearDiff = LineDiff.unified(old: old, new: near, oldName: "a", newName: "b")
        #expect(nearDiff.components(separatedBy: "\n").filter { $0.hasPrefix("@@") } == ["@@ -2,13 +2,13 @@"])
    }

    @Test func anEmptySideNamesTheLineBeforeIt() {
        #expect(LineDiff.unified(old: "", new: "a\n", oldName: "a", newName: "b") == "--- a\n+++ b\n@@ -0,0 +1,1 @@\n+a\n")
        #expect(LineDiff.unified(old: "a\n", new: "", oldName: "a", newName: "b") == "--- a\n+++ b\n@@ -1,1 +0,0 @@\n-a\n")
        let appended = LineDiff.unified(old: "a\nb\n", new: "a\nb\nc\n", oldName: "a", newName: "b", context: 0)
        #expect(appended == "--- a\n+++ b\n@@ -2,0 +3,1 @@\n+c\n")
    }

    @Test func aMissingFinalNewlineIsMarkedAsGNUDiffDoes() {
        let diff = LineDiff.unified(old: "a\nb", new: "a\nb\n", oldName: "a", newName: "b")
        #expect(diff == "--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n")
    }

    @Test(arguments: 0..<200 as Range<UInt64>)
    func applyingTheDiffGivesTheNewText(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let words = ["a", "b", "c", "d", "", "  x: 1"]
        func text() -> String {
            let lines = (0..<random.below(25)).map { _ in words[random.below(words.count)] }
            let joined = lines.joined(separator: "\n")
            return random.below(4) == 0 ? joined : joined + (lines.isEmpty ? "" : "\n")
        }
        let old = text(), new = text()
        let context = random.below(4)
        let diff = LineDiff.unified(old: old, new: new, oldName: "a", newName: "b", context: context)
        #expect(Self.apply(diff, to: old) == new, "old \(old.debugDescription) new \(new.debugDescription)")
    }

    @Test func theScriptIsTheShortest() {
        // Myers finds a minimal script: here 2 deletions and 2 insertions, where replacing the
        // whole middle would take 6.
        let steps = LineDiff.script(LineDiff.lines(of: "a\nb\nc\n"), LineDiff.lines(of: "b\nc\nd\n")).steps
        #expect(steps.filter { if case .keep = $0 { false } else { true } }.count == 2)
    }

    @Test func textsOverTheBoundAreOneReplacementHunk() {
        let old = (0..<(LineDiff.maxLines + 1)).map { "\($0 % 7)\n" }.joined()
        let new = (0..<(LineDiff.maxLines + 1)).map { "\($0 % 5)\n" }.joined()
        let diff = LineDiff.unified(old: old, new: new, oldName: "a", newName: "b")
        let headers = diff.components(separatedBy: "\n").filter { $0.hasPrefix("@@") }
        #expect(headers.count == 1)
        #expect(Self.apply(diff, to: old) == new)
    }

    @Test func manyDifferencesReplaceOnlyTheChangedMiddle() {
        let middleOld = (0..<3_000).map { "o\($0)\n" }.joined()
        let middleNew = (0..<3_000).map { "n\($0)\n" }.joined()
        let old = "head\n" + middleOld + "tail\n"
        let new = "head\n" + middleNew + "tail\n"
        let diff = LineDiff.unified(old: old, new: new, oldName: "a", newName: "b", context: 1)
        #expect(diff.hasPrefix("--- a\n+++ b\n@@ -1,3002 +1,3002 @@\n head\n-o0\n"))
        #expect(Self.apply(diff, to: old) == new)
    }

    @Test func sideBySideMarksEachRow() {
        let view = LineDiff.sideBySide(old: "same\nold\ngone\n", new: "same\nnew\n", width: 6)
        #expect(view == "same     same\nold    | new\ngone   <\n")
        let added = LineDiff.sideBySide(old: "a\n", new: "a\nlonger than six\n", width: 6)
        #expect(added == "a        a\n       > longe…\n")
    }
}
