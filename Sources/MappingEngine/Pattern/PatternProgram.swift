/// A compiled pattern: the states of a Thompson NFA and the scalar sets they test. Immutable;
/// `PatternProgram+Matching` runs it.
struct PatternProgram: Sendable {
    /// The states; the run starts at state 0.
    let instructions: [PatternInstruction]
    /// The sets `set` states test, by index.
    let sets: [ScalarSet]
    /// Every match starts at the text's start, so the search stops once no state is alive.
    let anchoredAtStart: Bool
}

/// One NFA state: a consuming state (`scalar`, `set`) goes on to the next state once it takes a
/// scalar; the others move without taking one.
struct PatternInstruction: Sendable, Hashable {
    enum Opcode: UInt8, Sendable {
        /// Takes the scalar `x`.
        case scalar
        /// Takes a scalar of `sets[x]`.
        case set
        /// Goes on to both `x` and `y`.
        case split
        /// Goes on to `x`.
        case jump
        /// Goes on to the next state when `PatternAssertion(rawValue: x)` holds here.
        case assertion
        /// The pattern has matched.
        case match
    }

    var opcode: Opcode
    var x: Int32
    var y: Int32

    init(_ opcode: Opcode, _ x: Int32 = 0, _ y: Int32 = 0) {
        self.opcode = opcode
        self.x = x
        self.y = y
    }
}
