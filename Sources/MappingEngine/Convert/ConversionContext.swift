/// Per-request conversion options.
public struct ConversionOptions: Sendable {
    /// Lax coerces by SPEC §3.2; strict accepts only each target's natural JSON type.
    public enum Mode: String, Sendable { case lax, strict }

    public var mode: Mode
    /// Record which rule changed which value.
    public var explain: Bool
    /// Deepest nesting the parser accepts.
    public var maxDepth: Int

    public init(mode: Mode = .lax, explain: Bool = false, maxDepth: Int = 256) {
        self.mode = mode
        self.explain = explain
        self.maxDepth = maxDepth
    }
}

/// Something a conversion noticed: an error, a coercion or an unknown key, located by paths
/// that containers extend, innermost first, as the issue bubbles up.
struct Issue {
    enum Kind {
        case error(ErrorCode)
        case coercion(String)
        case unknownKey
    }

    var kind: Kind
    var message: String
    var input: String?
    /// Output path, innermost component first.
    var outPath: [PathComponent] = []
    /// Input path, innermost component first.
    var inPath: [PathComponent] = []
}

/// The state one conversion threads through its converters: the parsed input, the output
/// buffer, the issues found, a stack of per-object slots and the models' last key orders. Passed `inout`, never shared.
struct ConversionContext {
    let document: JSONDocument
    var out: JSONWriter
    var issues: [Issue] = []
    var errorCount = 0
    let lax: Bool
    let explain: Bool
    var slots: SlotStack
    let keyOrders: KeyOrders

    init(document: JSONDocument, out: JSONWriter, slots: SlotStack, keyOrders: KeyOrders, options: ConversionOptions) {
        self.document = document
        self.out = out
        self.slots = slots
        self.keyOrders = keyOrders
        self.lax = options.mode == .lax
        self.explain = options.explain
    }

    /// Records an error about the value at `node` (nil: no input value, e.g. a missing key).
    mutating func fail(_ code: ErrorCode, _ message: String, node: Int?) {
        let input = node.map { document.text($0, limit: 100) }
        issues.append(Issue(kind: .error(code), message: message, input: input))
        errorCount += 1
    }

    /// Records a lax coercion when `explain` is on.
    @inline(__always)
    mutating func coerced(_ rule: StaticString, node: Int) {
        guard explain else { return }
        issues.append(Issue(kind: .coercion(rule.description), message: "", input: document.text(node, limit: 100)))
    }

    /// Records an input key that no property reads (policy `report`).
    mutating func unknownKey(_ key: String, node: Int) {
        issues.append(Issue(kind: .unknownKey, message: "", input: document.text(node, limit: 100), outPath: [.key(key)], inPath: [.key(key)]))
    }

    /// Adds a container's step to every issue recorded since `mark`.
    mutating func locate(since mark: Int, out: PathComponent, input: [PathComponent]) {
        for i in mark..<issues.count {
            issues[i].outPath.append(out)
            issues[i].inPath.append(contentsOf: input.reversed())
        }
    }

    /// Adds the same steps to the output and input paths of every issue recorded since `mark`.
    mutating func locate(since mark: Int, along path: [PathComponent]) {
        for i in mark..<issues.count {
            issues[i].outPath.append(contentsOf: path.reversed())
            issues[i].inPath.append(contentsOf: path.reversed())
        }
    }

    /// Whether the node is null for a target: JSON null, or in lax mode one of the null words
    /// (`nil`, `<null>`…) unless the target keeps them (string, any).
    @inline(__always)
    func isNull(_ node: Int, lax: Bool, keepsNullWords: Bool) -> Bool {
        let entry = document[node]
        if entry.kind == .null { return true }
        guard lax, !keepsNullWords, entry.kind == .string, entry.length >= 3, entry.length <= 6 else { return false }
        // A null word starts with `n`, `<` or `(`, or with whitespace: most text is ruled out here.
        let first = document.base[Int(entry.start)]
        guard first | 0x20 == UInt8(ascii: "n") || first == UInt8(ascii: "<") || first == UInt8(ascii: "(") || first <= 0x20 else {
            return false
        }
        return BoolText.isNullWord(document.content(node))
    }
}

/// A stack of Int32 slots reused across conversions: one frame per object being converted,
/// holding the value node of each property (-1 when absent).
struct SlotStack {
    private(set) var base: UnsafeMutablePointer<Int32>
    private var capacity: Int
    private(set) var top = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// Pushes `count` slots set to -1 and returns the frame's first index.
    @inline(__always)
    mutating func push(_ count: Int) -> Int {
        let frame = top
        if top + count > capacity { grow(to: top + count) }
        (base + frame).initialize(repeating: -1, count: count)
        top += count
        return frame
    }

    @inline(__always)
    mutating func pop(_ count: Int) { top -= count }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<Int32>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: top)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    func deallocate() { base.deallocate() }
}
