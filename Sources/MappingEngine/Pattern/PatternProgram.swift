/// A compiled pattern: the states of a Thompson NFA and the scalar sets they test. Immutable;
/// `PatternProgram+Matching` runs it.
struct PatternProgram: Sendable {
    /// The states; the run starts at state 0.
    let instructions: [PatternInstruction]
    /// The sets `set` states test, by index.
    let sets: [ScalarSet]
    /// Every match starts at the text's start, so the search stops once no state is alive.
    let anchoredAtStart: Bool
    /// For an unanchored search whose first step always takes a scalar: the scalars a match can
    /// start with, so that positions holding none of them are passed over while no state is alive.
    let firstScalars: ScalarSet?

    init(instructions: [PatternInstruction], sets: [ScalarSet], anchoredAtStart: Bool) {
        self.instructions = instructions
        self.sets = sets
        self.anchoredAtStart = anchoredAtStart
        firstScalars = anchoredAtStart ? nil : PatternProgram.firstScalars(instructions, sets)
    }

    /// The union of what the states reached from the start without taking a scalar take; nil
    /// when an assertion or `match` is among them, as the search must then stop at every position.
    private static func firstScalars(_ instructions: [PatternInstruction], _ sets: [ScalarSet]) -> ScalarSet? {
        var ranges: [ClosedRange<UInt32>] = []
        var seen = Set<Int32>()
        var pending: [Int32] = [0]
        while let state = pending.popLast() {
            guard seen.insert(state).inserted else { continue }
            let instruction = instructions[Int(state)]
            switch instruction.opcode {
            case .scalar: ranges.append(UInt32(bitPattern: instruction.x)...UInt32(bitPattern: instruction.x))
            case .set: ranges += sets[Int(instruction.x)].ranges
            case .split: pending += [instruction.x, instruction.y]
            case .jump: pending.append(instruction.x)
            case .assertion, .match: return nil
            }
        }
        return ScalarSet(ranges)
    }
}

/// One NFA state: a consuming state (`scalar`, `set`) goes on to the next state once it takes a
/// scalar; the others move without taking one.
struct PatternInstruction: Sendable, Hashable {
    /// What the state does, with `x` and `y` as its operands.
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
    /// A scalar, a set's index, a state or an assertion, by `opcode`.
    var x: Int32
    /// The second state of a `split`.
    var y: Int32

    init(_ opcode: Opcode, _ x: Int32 = 0, _ y: Int32 = 0) {
        self.opcode = opcode
        self.x = x
        self.y = y
    }
}
