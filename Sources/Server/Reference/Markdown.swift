import Foundation

/// The Markdown of the reference tables: code spans and table cells.
enum Markdown {
    /// `text` as a code span, fenced with one more backtick than its longest run of them.
    static func code(_ text: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + padding + text + padding + fence
    }

    /// A table: the `header` row, its rule, then one row per entry of `rows`, each cell made a
    /// table cell; ends with a line break.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        let lines = [header, header.map { _ in "---" }] + rows.map { $0.map(cell) }
        return lines.map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n") + "\n"
    }

    /// `text` as a table cell: pipes escaped (inside code spans too, as GitHub's tables need),
    /// line breaks as spaces.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
