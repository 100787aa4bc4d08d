import CEL

/// A rule's `CELPredicate` laid out in plain memory: a tree of nodes and the bytes of its
/// literals, which deciding the rule reads without retaining anything (an enum of boxes would
/// be retained and released at every node). Owned by its `ModelExpressions.Rule`.
struct TextPredicate: @unchecked Sendable {
    enum Operation: UInt8 {
        case has, flag, and, or, not
        /// Comparisons, by the kind of their operands (`CELComparison.Kind`).
        case numbers, strings, bools, sizes
    }

    /// A field of `self`, or a literal: its bytes at `offset` in `literals`.
    struct Operand {
        /// The field; -1 for a literal.
        let field: Int32
        let offset: Int32
        let count: Int32
    }

    /// One node: an operation on a field (`has`, `flag`), on nodes (`and`, `or`, `not`: the
    /// operands are the nodes `first` and `second`), or a comparison of `left` and `right`.
    struct Node {
        let operation: Operation
        let relation: CELRelation
        let field: Int32
        let first: Int32
        let second: Int32
        /// The steps a comparison's program charges whatever the values.
        let steps: Int32
        let left: Operand
        let right: Operand
    }

    /// The root is node 0.
    let nodes: UnsafeMutablePointer<Node>
    let literals: UnsafeMutablePointer<UInt8>

    init(_ predicate: CELPredicate) {
        var nodes: [Node] = []
        var pool: [UInt8] = []
        Self.lay(predicate, &nodes, &pool)
        self.nodes = .allocate(capacity: nodes.count)
        self.nodes.initialize(from: nodes, count: nodes.count)
        literals = .allocate(capacity: max(pool.count, 1))
        literals.initialize(from: pool, count: pool.count)
    }

    func deallocate() {
        nodes.deallocate()
        literals.deallocate()
    }

    /// Appends `predicate`'s nodes, its root first, and its literals' bytes to `pool`; returns
    /// the root's index.
    @discardableResult
    private static func lay(_ predicate: CELPredicate, _ nodes: inout [Node], _ pool: inout [UInt8]) -> Int32 {
        let index = nodes.count
        let none = Operand(field: -1, offset: 0, count: 0)
        func node(_ operation: Operation, field: Int = -1, _ first: Int32 = -1, _ second: Int32 = -1) -> Node {
            Node(operation: operation, relation: .equal, field: Int32(field), first: first, second: second, steps: 0, left: none, right: none)
        }
        switch predicate {
        case .has(let field):
            nodes.append(node(.has, field: field))
        case .flag(let field):
            nodes.append(node(.flag, field: field))
        case .and(let left, let right), .or(let left, let right):
            // The place first, so that the root stays first; its operands once they are laid.
            nodes.append(node(.and))
            let first = lay(left, &nodes, &pool)
            let second = lay(right, &nodes, &pool)
            if case .or = predicate { nodes[index] = node(.or, first, second) } else { nodes[index] = node(.and, first, second) }
        case .not(let operand):
            nodes.append(node(.not))
            nodes[index] = node(.not, lay(operand, &nodes, &pool))
        case .compare(let comparison):
            func operand(_ operand: CELComparison.Operand) -> Operand {
                switch operand {
                case .field(let field), .size(let field):
                    return Operand(field: Int32(field), offset: 0, count: 0)
                case .literal(let literal):
                    defer { pool.append(contentsOf: literal) }
                    return Operand(field: -1, offset: Int32(pool.count), count: Int32(literal.count))
                }
            }
            let operation: Operation = switch comparison.kind {
            case .number: .numbers
            case .string: .strings
            case .bool: .bools
            case .size: .sizes
            }
            nodes.append(Node(operation: operation, relation: comparison.relation, field: -1, first: -1, second: -1,
                              steps: Int32(comparison.steps), left: operand(comparison.left), right: operand(comparison.right)))
        }
        return Int32(index)
    }
}
