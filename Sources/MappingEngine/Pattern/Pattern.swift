/// A regular expression of convertd's documented subset (the ECMA-262 syntax JSON Schema's
/// `pattern` uses, less what needs backtracking), compiled once and matched in time linear in
/// the text: a Thompson NFA run over sets of states, never backtracking.
///
/// Immutable and `Sendable`; each `matches` call keeps its own scratch state, so one pattern
/// serves any number of threads at once. `PatternCheck` uses it for `pattern`; rules can reuse it.
public struct Pattern: Sendable {
    /// The most states (NFA instructions) a compiled pattern may have: counted repetition writes
    /// its operand out once per count, and a schema is untrusted input.
    public static let maxStates = 10_000
    /// The largest count `{n}`, `{n,}` or `{n,m}` may name.
    public static let maxRepetition = 1_000
    /// The deepest nesting of groups: the parser and the compiler recurse once per level.
    public static let maxNesting = 100

    /// The pattern as written.
    public let source: String
    let program: PatternProgram

    /// Compiles `source`; throws the first construct refused, with its column.
    public init(_ source: String) throws(PatternError) {
        self.source = source
        program = try PatternCompiler.compile(PatternParser.parse(source))
    }

    /// Whether the UTF-8 `text` contains a match (anywhere, unless the pattern anchors itself).
    /// A byte that is not part of well-formed UTF-8 reads as U+FFFD.
    public func matches(utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        program.matches(text)
    }

    /// `matches(utf8:)` for a string.
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { program.matches($0) }
    }

    /// The number of states the pattern compiled to (at most `maxStates`).
    public var stateCount: Int { program.instructions.count }
}
