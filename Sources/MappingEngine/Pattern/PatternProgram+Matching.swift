/// The search: a Thompson NFA simulation. The live states advance together one scalar at a
/// time, each state at most once per position, so a search costs O(text length × states)
/// whatever the pattern; nothing is ever retried.
extension PatternProgram {
    /// Stands for "no scalar" before the start and past the end: no state takes it.
    private static let outside = UInt32.max

    /// Whether `text` (UTF-8) contains a match.
    ///
    /// Scratch state is this call's own, on the stack when small (about 16 bytes a state), so
    /// threads never share it and a short pattern allocates nothing.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = instructions.count
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4 * count) { scratch in
            instructions.withUnsafeBufferPointer { code in
                sets.withUnsafeBufferPointer { sets in
                    // `count` is at least 1 (the `match` state), so the scratch has an address.
                    guard let base = scratch.baseAddress else { return false }
                    return run(text, code, sets, base)
                }
            }
        }
    }

    /// The search over `scratch`, 4 × states words: for each state the step that last reached
    /// it, then the states alive before this scalar, the states alive after it, and a stack.
    private func run(_ text: UnsafeBufferPointer<UInt8>, _ code: UnsafeBufferPointer<PatternInstruction>,
                     _ sets: UnsafeBufferPointer<ScalarSet>, _ scratch: UnsafeMutablePointer<Int32>) -> Bool {
        let count = code.count
        let reached = scratch
        reached.initialize(repeating: 0, count: count)
        var alive = scratch + count
        var survivors = alive + count
        let stack = survivors + count
        var aliveCount = 0
        var step: Int32 = 0
        var position = 0
        var previous = PatternProgram.outside
        let firstScalars = self.firstScalars
        while true {
            if aliveCount == 0, let firstScalars {
                // No match is under way: a position whose scalar starts none needs no step.
                while position < text.count {
                    let (scalar, width) = PatternProgram.decode(text, at: position)
                    if firstScalars.contains(scalar) { break }
                    previous = scalar
                    position += width
                }
            }
            let (scalar, width) = position < text.count ? PatternProgram.decode(text, at: position) : (PatternProgram.outside, 0)
            if step == .max {
                reached.update(repeating: 0, count: count)
                step = 0
            }
            step += 1
            // Marked when pushed, so each state is pushed once per step and the stack never
            // holds more than `count`.
            var top = 0
            func push(_ state: Int32) {
                if reached[Int(state)] != step {
                    reached[Int(state)] = step
                    stack[top] = state
                    top += 1
                }
            }
            // Unanchored search: a match may also start here.
            if position == 0 || !anchoredAtStart { push(0) }
            for i in 0..<aliveCount { push(alive[i]) }
            var survivorCount = 0
            while top > 0 {
                top -= 1
                let state = Int(stack[top])
                let instruction = code[state]
                switch instruction.opcode {
                case .scalar:
                    if UInt32(bitPattern: instruction.x) == scalar {
                        survivors[survivorCount] = Int32(state + 1)
                        survivorCount += 1
                    }
                case .set:
                    if scalar != PatternProgram.outside && sets[Int(instruction.x)].contains(scalar) {
                        survivors[survivorCount] = Int32(state + 1)
                        survivorCount += 1
                    }
                case .split:
                    push(instruction.x)
                    push(instruction.y)
                case .jump:
                    push(instruction.x)
                case .assertion:
                    if PatternProgram.holds(instruction.x, previous, scalar) { push(Int32(state + 1)) }
                case .match:
                    return true
                }
            }
            if width == 0 || (survivorCount == 0 && anchoredAtStart) { return false }
            swap(&alive, &survivors)
            aliveCount = survivorCount
            previous = scalar
            position += width
        }
    }

    /// Whether assertion `kind` holds between `previous` and `next` (`outside` at either end).
    @inline(__always)
    private static func holds(_ kind: Int32, _ previous: UInt32, _ next: UInt32) -> Bool {
        switch PatternAssertion(rawValue: kind) {
        case .start: previous == outside
        case .end: next == outside
        case .wordBoundary: isWord(previous) != isWord(next)
        case .notWordBoundary: isWord(previous) == isWord(next)
        case nil: false
        }
    }

    /// `\w` for `\b`: ASCII letters, digits and `_`.
    @inline(__always)
    private static func isWord(_ scalar: UInt32) -> Bool {
        // `| 0x20` folds A-Z onto a-z and leaves no other scalar in a-z.
        (scalar | 0x20) &- 0x61 < 26 || scalar &- 0x30 < 10 || scalar == 0x5F
    }

    /// The scalar at `i` and its length in bytes; a byte that does not start well-formed UTF-8
    /// (Unicode Table 3-7) is U+FFFD, one byte long.
    @inline(__always)
    static func decode(_ text: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
        let lead = UInt32(text[i])
        if lead < 0x80 { return (lead, 1) }
        let available = text.count - i
        @inline(__always) func continuation(_ offset: Int) -> UInt32? {
            let byte = UInt32(text[i + offset])
            return byte & 0xC0 == 0x80 ? byte & 0x3F : nil
        }
        switch lead {
        case 0xC2...0xDF where available >= 2:
            if let b1 = continuation(1) { return ((lead & 0x1F) << 6 | b1, 2) }
        case 0xE0...0xEF where available >= 3:
            if let b1 = continuation(1), let b2 = continuation(2) {
                let value = (lead & 0x0F) << 12 | b1 << 6 | b2
                if value >= 0x800 && !(0xD800...0xDFFF).contains(value) { return (value, 3) }
            }
        case 0xF0...0xF4 where available >= 4:
            if let b1 = continuation(1), let b2 = continuation(2), let b3 = continuation(3) {
                let value = (lead & 0x07) << 18 | b1 << 12 | b2 << 6 | b3
                if (0x10000...0x10FFFF).contains(value) { return (value, 4) }
            }
        default:
            break
        }
        return (0xFFFD, 1)
    }
}
