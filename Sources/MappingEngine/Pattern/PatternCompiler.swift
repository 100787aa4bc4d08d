/// Turns a `PatternNode` into a `PatternProgram` by Thompson's construction; counted repetition
/// is written out copy by copy, so the program's size is measured first and refused past
/// `Pattern.maxStates` before anything is built.
struct PatternCompiler {
    private var instructions: [PatternInstruction] = []
    private var sets: [ScalarSet] = []
    /// Where each set already sits in `sets`: `\d` used ten times is stored once.
    private var setIndexes: [ScalarSet: Int32] = [:]

    static func compile(_ node: PatternNode) throws(PatternError) -> PatternProgram {
        // One more state for `match`.
        let size = try states(of: node) + 1
        guard size <= Pattern.maxStates else {
            throw PatternError(column: 1, reason: "the pattern compiles to \(size) states, above the cap of \(Pattern.maxStates); shorten it")
        }
        var compiler = PatternCompiler()
        compiler.instructions.reserveCapacity(size)
        compiler.emit(node)
        compiler.instructions.append(PatternInstruction(.match))
        return PatternProgram(instructions: compiler.instructions, sets: compiler.sets, anchoredAtStart: node.isAnchoredAtStart)
    }

    /// The states `emit(node)` writes; throws at the first repetition that takes it past the cap.
    private static func states(of node: PatternNode) throws(PatternError) -> Int {
        switch node {
        case .empty:
            return 0
        case .scalar, .set, .assertion:
            return 1
        case .concatenation(let items):
            var total = 0
            for item in items { total += try states(of: item) }
            return total
        case .alternation(let branches):
            var total = 2 * (branches.count - 1)
            for branch in branches { total += try states(of: branch) }
            return total
        case .repetition(let operand, let min, let max, let column):
            let one = try states(of: operand)
            let total = switch max {
            case nil where min == 0: one + 2
            case nil: min * one + 1
            case let max?: min * one + (max - min) * (one + 1)
            }
            guard total < Pattern.maxStates else {
                throw PatternError(column: column, reason: "this repetition expands to \(total) states, past the cap of \(Pattern.maxStates); "
                    + "repeat less, or use * or + for \"any number\"")
            }
            return total
        }
    }

    private mutating func emit(_ node: PatternNode) {
        switch node {
        case .empty:
            break
        case .scalar(let value):
            append(.scalar, Int32(bitPattern: value))
        case .set(let set):
            append(.set, index(of: set))
        case .assertion(let assertion):
            append(.assertion, assertion.rawValue)
        case .concatenation(let items):
            for item in items { emit(item) }
        case .alternation(let branches):
            var exits: [Int] = []
            for branch in branches.dropLast() {
                let split = append(.split)
                emit(branch)
                exits.append(append(.jump))
                instructions[split].x = Int32(split + 1)
                instructions[split].y = here
            }
            emit(branches[branches.count - 1])
            for exit in exits { instructions[exit].x = here }
        case .repetition(let operand, let min, let max, _):
            emit(operand, min: min, max: max)
        }
    }

    /// `operand{min,max}`: `min` copies, then `max - min` optional ones (or a loop when unbounded).
    private mutating func emit(_ operand: PatternNode, min: Int, max: Int?) {
        guard let max else {
            if min == 0 {
                // loop: split(body, exit); body; jump loop
                let loop = append(.split)
                emit(operand)
                append(.jump, Int32(loop))
                instructions[loop].x = Int32(loop + 1)
                instructions[loop].y = here
            } else {
                // `min - 1` copies, then one more that may repeat: body; split(body, exit)
                for _ in 0..<(min - 1) { emit(operand) }
                let body = here
                emit(operand)
                append(.split, body, here + 1)
            }
            return
        }
        for _ in 0..<min { emit(operand) }
        // Each optional copy may be skipped to the end: split(copy, end); copy.
        var skips: [Int] = []
        for _ in 0..<(max - min) {
            let split = append(.split)
            instructions[split].x = Int32(split + 1)
            skips.append(split)
            emit(operand)
        }
        for split in skips { instructions[split].y = here }
    }

    /// The next state's index.
    private var here: Int32 { Int32(instructions.count) }

    @discardableResult
    private mutating func append(_ opcode: PatternInstruction.Opcode, _ x: Int32 = 0, _ y: Int32 = 0) -> Int {
        instructions.append(PatternInstruction(opcode, x, y))
        return instructions.count - 1
    }

    private mutating func index(of set: ScalarSet) -> Int32 {
        if let index = setIndexes[set] { return index }
        let index = Int32(sets.count)
        sets.append(set)
        setIndexes[set] = index
        return index
    }
}
