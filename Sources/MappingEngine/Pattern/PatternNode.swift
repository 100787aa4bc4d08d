/// A parsed pattern, before compilation: groups have dissolved into their structure, and every
/// class, escape and `.` has become the set of scalars it matches.
indirect enum PatternNode: Sendable {
    /// Matches the empty string: `()`, an empty alternative.
    case empty
    /// One Unicode scalar, literally.
    case scalar(UInt32)
    /// One scalar of the set.
    case set(ScalarSet)
    /// A zero-width test of the position.
    case assertion(PatternAssertion)
    case concatenation([PatternNode])
    case alternation([PatternNode])
    /// `node{min,max}`, `max` nil for no upper bound; `column` is the quantifier's, for errors.
    case repetition(PatternNode, min: Int, max: Int?, column: Int)

    /// Whether every match must start at the text's start (`^…`, `^a|^b`), so that the search
    /// need not try later starts.
    var isAnchoredAtStart: Bool {
        switch self {
        case .assertion(.start): true
        case .concatenation(let items): items.first?.isAnchoredAtStart ?? false
        case .alternation(let branches): branches.allSatisfy(\.isAnchoredAtStart)
        case .repetition(let node, let min, _, _): min > 0 && node.isAnchoredAtStart
        default: false
        }
    }
}

/// The zero-width tests: `^`, `$`, `\b`, `\B` (no multiline mode: `^` and `$` are the text's ends).
enum PatternAssertion: Int32, Sendable {
    case start, end, wordBoundary, notWordBoundary
}
