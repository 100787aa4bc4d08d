/// Texts a `pattern` matches, written from its parse: each repetition taken a few times (its
/// least count first), the first alternative, and from each class a plain character (`a`, `A`,
/// `0`… before anything else). For `ExamplePayload`, which needs a value a property's pattern
/// accepts without searching for one.
///
/// Every text returned has been matched by the compiled pattern, so assertions (`^`, `$`, `\b`)
/// the writing ignores cannot let a wrong text through; a pattern no simple text meets gives none.
enum PatternExample {
    /// How many times past its least count each repetition is taken, one text per entry.
    private static let stretches = [0, 1, 2, 3, 5, 8, 16]

    /// The characters a class is written as, when it holds one of them: letters and digits first.
    private static let preferred = Array("aA0x1_-. ".unicodeScalars.map(\.value))

    /// Distinct texts `source` matches, shortest stretch first; empty when the pattern is refused
    /// or none of the written texts matches.
    static func texts(for source: String) -> [String] {
        guard let node = try? PatternParser.parse(source), let pattern = try? Pattern(source) else { return [] }
        var texts: [String] = []
        for stretch in stretches {
            guard let scalars = write(node, stretch: stretch, limit: ExamplePayload.maxText) else { continue }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars.compactMap(Unicode.Scalar.init))
            let text = String(view)
            if !texts.contains(text), pattern.matches(text) { texts.append(text) }
        }
        return texts
    }

    /// The scalars of one text `node` matches, each repetition taken `stretch` times past its
    /// least count (never past its most); nil when a part matches nothing writable, or the text
    /// would pass `limit` scalars (nested repetitions multiply: `((a+)+)+` taken 17 times a level).
    private static func write(_ node: PatternNode, stretch: Int, limit: Int) -> [UInt32]? {
        switch node {
        case .empty, .assertion:
            return []
        case .scalar(let scalar):
            return limit > 0 ? [scalar] : nil
        case .set(let set):
            return limit > 0 ? character(in: set).map { [$0] } : nil
        case .concatenation(let items):
            var scalars: [UInt32] = []
            for item in items {
                guard let part = write(item, stretch: stretch, limit: limit - scalars.count) else { return nil }
                scalars += part
            }
            return scalars
        case .alternation(let branches):
            for branch in branches {
                if let written = write(branch, stretch: stretch, limit: limit) { return written }
            }
            return nil
        case .repetition(let inner, let min, let max, _):
            let count = Swift.min(min + stretch, max ?? Int.max)
            guard count > 0 else { return [] }
            guard let once = write(inner, stretch: stretch, limit: limit) else { return nil }
            guard once.isEmpty || count <= limit / once.count else { return nil }
            return Array([[UInt32]](repeating: once, count: once.isEmpty ? 1 : count).joined())
        }
    }

    /// A printable character of `set`: a preferred one, else the lowest printable one.
    private static func character(in set: ScalarSet) -> UInt32? {
        if let plain = preferred.first(where: set.contains) { return plain }
        for range in set.ranges {
            // Control characters and surrogates are not written; the first printable one is.
            for candidate in [range.lowerBound, 0x21, 0xA1, 0xE000] where range.contains(candidate) {
                if candidate >= 0x20 && candidate != 0x7F && !(0x80...0x9F).contains(candidate) && !(0xD800...0xDFFF).contains(candidate) {
                    return candidate
                }
            }
        }
        return nil
    }
}
