/// The shortest edit script between two lists of lines (Myers' O((N+M)D) algorithm), bounded in
/// the number of differences it searches.
struct LineEditScript {
    /// One step of the script, with the 0-based line indices it stands at on each side.
    enum Step: Equatable {
        /// The old line at `old` is kept as the new line at `new`.
        case keep(old: Int, new: Int)
        /// The old line at `old` is removed; `new` is where the new side stands.
        case delete(old: Int, new: Int)
        /// The new line at `new` is inserted; `old` is where the old side stands.
        case insert(old: Int, new: Int)
    }

    /// The steps, in order, covering every line of both sides.
    let steps: [Step]

    /// The script turning `old` into `new`; past `maxDifferences` differences (after the common
    /// head and tail are set aside) the middle is replaced as a whole, which keeps memory at
    /// O(maxDifferences²) and time at O((N+M)·maxDifferences).
    init(old: [Int], new: [Int], maxDifferences: Int) {
        var head = 0
        while head < old.count && head < new.count && old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head && tail < new.count - head
            && old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        let oldMiddle = Array(old[head..<(old.count - tail)])
        let newMiddle = Array(new[head..<(new.count - tail)])
        var steps = (0..<head).map { Step.keep(old: $0, new: $0) }
        let middle = Self.myers(oldMiddle, newMiddle, maxDifferences: maxDifferences)
            ?? Self.replacement(oldCount: oldMiddle.count, newCount: newMiddle.count)
        for step in middle {
            switch step {
            case .keep(let o, let n): steps.append(.keep(old: o + head, new: n + head))
            case .delete(let o, let n): steps.append(.delete(old: o + head, new: n + head))
            case .insert(let o, let n): steps.append(.insert(old: o + head, new: n + head))
            }
        }
        let oldEnd = old.count - tail
        let newEnd = new.count - tail
        steps += (0..<tail).map { Step.keep(old: oldEnd + $0, new: newEnd + $0) }
        self.steps = steps
    }

    /// Every old line deleted, then every new line inserted.
    static func replacement(oldCount: Int, newCount: Int) -> [Step] {
        (0..<oldCount).map { Step.delete(old: $0, new: 0) } + (0..<newCount).map { Step.insert(old: oldCount, new: $0) }
    }

    /// Myers' greedy forward search, then a walk back through the saved frontiers; nil when more
    /// than `maxDifferences` differences would be needed.
    static func myers(_ a: [Int], _ b: [Int], maxDifferences: Int) -> [Step]? {
        let n = a.count, m = b.count
        if n == 0 || m == 0 { return replacement(oldCount: n, newCount: m) }
        let limit = min(n + m, maxDifferences)
        let offset = limit + 1
        // v[offset + k] is the furthest x reached on diagonal k; trace[d] keeps the part of v
        // (diagonals -d-1...d+1) that round d started from, all the walk back needs.
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        var found: Int?
        search: for d in 0...limit {
            trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
                    ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { found = d; break search }
            }
        }
        guard let differences = found else { return nil }
        var reversed: [Step] = []
        var x = n, y = m
        for d in stride(from: differences, through: 0, by: -1) {
            let saved = trace[d]
            // saved[0] is diagonal -d-1.
            func at(_ k: Int) -> Int { saved[k + d + 1] }
            let k = x - y
            let previousK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                reversed.append(.keep(old: x - 1, new: y - 1))
                x -= 1; y -= 1
            }
            if d > 0 {
                if x == previousX { reversed.append(.insert(old: x, new: y - 1)) } else { reversed.append(.delete(old: x - 1, new: y)) }
            }
            x = previousX; y = previousY
        }
        return reversed.reversed()
    }
}
