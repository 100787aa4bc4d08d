/// Differences between two texts, line by line: a unified diff for files and a two-column view
/// for short documents.
public enum LineDiff {
    /// Past this many lines on either side, the texts are shown as one whole replacement.
    public static let maxLines = 10_000
    /// Past this many differences between the sides, the changed middle is one replacement.
    static let maxDifferences = 1_000

    /// A unified diff ("--- old", "+++ new", "@@ -l,n +l,n @@" hunks with `context` lines
    /// around each change) of `old` into `new`; empty when the texts are equal.
    public static func unified(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let oldLines = lines(of: old)
        let newLines = lines(of: new)
        let steps = script(oldLines, newLines).steps
        var out = "--- \(oldName)\n+++ \(newName)\n"
        for hunk in hunks(of: steps, context: max(0, context)) {
            out += header(steps[hunk])
            for step in steps[hunk] {
                switch step {
                case .keep(let o, _): out += line(" ", oldLines[o])
                case .delete(let o, _): out += line("-", oldLines[o])
                case .insert(_, let n): out += line("+", newLines[n])
                }
            }
        }
        return out
    }

    /// Both texts in two columns of `width` characters, each row marked " " (same), "|"
    /// (changed), "<" (only in old) or ">" (only in new); lines longer than a column are cut
    /// with "…".
    public static func sideBySide(old: String, new: String, width: Int = 60) -> String {
        let width = max(width, 4)
        let oldLines = lines(of: old)
        let newLines = lines(of: new)
        let steps = script(oldLines, newLines).steps
        var out = ""
        var deleted: [Int] = []
        var inserted: [Int] = []
        /// Writes the pending run of deletions and insertions, paired as changes first.
        func flush() {
            for index in 0..<max(deleted.count, inserted.count) {
                let left = index < deleted.count ? bare(oldLines[deleted[index]]) : ""
                let right = index < inserted.count ? bare(newLines[inserted[index]]) : ""
                let marker = index >= deleted.count ? ">" : index >= inserted.count ? "<" : "|"
                out += row(left, marker, right, width)
            }
            deleted.removeAll(keepingCapacity: true)
            inserted.removeAll(keepingCapacity: true)
        }
        for step in steps {
            switch step {
            case .keep(let o, let n):
                flush()
                // Lines equal but for a final newline still read as the same row.
                out += row(bare(oldLines[o]), " ", bare(newLines[n]), width)
            case .delete(let o, _): deleted.append(o)
            case .insert(_, let n): inserted.append(n)
            }
        }
        flush()
        return out
    }

    /// The lines of `text`, each with its "\n" when it has one, so a missing final newline counts
    /// as a difference.
    static func lines(of text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        var index = start
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "\n" {
                result.append(text[start..<next])
                start = next
            }
            index = next
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result
    }

    /// The edit script between two line lists, each line numbered by its text so the search
    /// compares integers; a whole replacement when either side is over `maxLines`.
    static func script(_ old: [Substring], _ new: [Substring]) -> LineEditScript {
        var numbers: [Substring: Int] = [:]
        func number(_ line: Substring) -> Int {
            if let known = numbers[line] { return known }
            numbers[line] = numbers.count
            return numbers.count - 1
        }
        let a = old.map(number)
        let b = new.map(number)
        let bound = (old.count > maxLines || new.count > maxLines) ? 0 : maxDifferences
        return LineEditScript(old: a, new: b, maxDifferences: bound)
    }

    /// The ranges of steps making each hunk: changes closer than 2·context kept lines share one.
    static func hunks(of steps: [LineEditScript.Step], context: Int) -> [Range<Int>] {
        let changes = steps.indices.filter { if case .keep = steps[$0] { false } else { true } }
        var result: [Range<Int>] = []
        var index = 0
        while index < changes.count {
            let start = max(0, changes[index] - context)
            var last = changes[index]
            index += 1
            while index < changes.count && changes[index] - last - 1 <= 2 * context {
                last = changes[index]
                index += 1
            }
            result.append(start..<min(steps.count, last + 1 + context))
        }
        return result
    }

    /// "@@ -l,n +l,n @@" for the steps of one hunk; an empty side names the line before it.
    static func header(_ steps: ArraySlice<LineEditScript.Step>) -> String {
        // Every step carries where both sides stand, so the first one gives both starts.
        var oldAt = 0, newAt = 0
        switch steps.first {
        case .keep(let o, let n), .delete(let o, let n), .insert(let o, let n): oldAt = o; newAt = n
        case nil: break
        }
        var oldCount = 0, newCount = 0
        for step in steps {
            switch step {
            case .keep: oldCount += 1; newCount += 1
            case .delete: oldCount += 1
            case .insert: newCount += 1
            }
        }
        let oldFirst = oldCount == 0 ? oldAt : oldAt + 1
        let newFirst = newCount == 0 ? newAt : newAt + 1
        return "@@ -\(oldFirst),\(oldCount) +\(newFirst),\(newCount) @@\n"
    }

    /// One diff line: the marker, the text, and GNU diff's note when the text has no final newline.
    static func line(_ marker: String, _ text: Substring) -> String {
        text.hasSuffix("\n") ? marker + text : marker + text + "\n\\ No newline at end of file\n"
    }

    /// A line without its final newline.
    static func bare(_ text: Substring) -> Substring {
        text.hasSuffix("\n") ? text.dropLast() : text
    }

    /// One side-by-side row: the left column padded or cut to `width`, the marker, the right.
    static func row(_ left: Substring, _ marker: String, _ right: Substring, _ width: Int) -> String {
        let cutLeft = cut(left, width)
        let padding = String(repeating: " ", count: width - cutLeft.count)
        let body = cutLeft + padding + " " + marker + " " + cut(right, width)
        // Rows of equal, empty lines would otherwise end in spaces.
        return String(body.reversed().drop(while: { $0 == " " }).reversed()) + "\n"
    }

    /// `text` in at most `width` characters, cut with "…".
    static func cut(_ text: Substring, _ width: Int) -> String {
        text.count <= width ? String(text) : String(text.prefix(width - 1)) + "…"
    }
}
