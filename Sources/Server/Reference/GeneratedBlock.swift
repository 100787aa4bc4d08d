import Foundation

/// A generated block of a Markdown file: the lines between `<!-- BEGIN generated: NAME -->` and
/// `<!-- END generated: NAME -->`, where NAME is the command that prints them. `convertd
/// reference --update` rewrites the blocks; `ReferenceTests` fails while they differ from what
/// the code generates.
struct GeneratedBlock: Equatable {
    /// The command that prints the block's content, e.g. `convertd reference errors`.
    let name: String

    var begin: String { "<!-- BEGIN generated: \(name) -->\n" }
    var end: String { "<!-- END generated: \(name) -->" }

    /// The block's content in `text`: every line between the markers, each with its line break;
    /// nil unless each marker starts a line and is there once, the end after the beginning.
    func content(in text: String) -> String? {
        bounds(in: text).map { String(text[$0]) }
    }

    /// `text` with the block's content replaced by `content`; nil where `content(in:)` is.
    func replacing(in text: String, with content: String) -> String? {
        guard let range = bounds(in: text) else { return nil }
        var replaced = text
        replaced.replaceSubrange(range, with: content.hasSuffix("\n") || content.isEmpty ? content : content + "\n")
        return replaced
    }

    /// Where the content lies: after the beginning's line, up to the line of the end.
    private func bounds(in text: String) -> Range<String.Index>? {
        let begins = GeneratedBlock.lines(starting: begin, in: text), ends = GeneratedBlock.lines(starting: end, in: text)
        guard begins.count == 1, ends.count == 1, let start = begins.first?.upperBound, let stop = ends.first?.lowerBound,
              start <= stop else { return nil }
        return start..<stop
    }

    /// Every occurrence of `marker` at the start of a line.
    private static func lines(starting marker: String, in text: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var searchFrom = text.startIndex
        while let range = text.range(of: marker, range: searchFrom..<text.endIndex) {
            if range.lowerBound == text.startIndex || text[text.index(before: range.lowerBound)] == "\n" { found.append(range) }
            searchFrom = range.upperBound
        }
        return found
    }
}
