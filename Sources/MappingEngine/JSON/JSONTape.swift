/// Reusable tape storage (owns its memory, frees in deinit). Not thread-safe; one per thread/conversion.
///
/// Parsing into the same tape again reuses its memory, so a steady stream of documents of similar
/// size parses without allocating. Every `JSONDocument` produced from a tape is invalidated by the
/// next parse into it.
public final class JSONTape {
    /// The node buffer; `nodeCapacity` nodes long.
    // Only the parser touches these, never concurrently with anything else, so the runtime
    // exclusivity checks that class properties get by default would be pure overhead.
    @exclusivity(unchecked) @usableFromInline var nodes: UnsafeMutablePointer<JSONNode>
    /// Number of nodes `nodes` can hold.
    @exclusivity(unchecked) @usableFromInline var nodeCapacity: Int
    /// Where the value last parsed into the tape, and the white space after it, ended: an
    /// offset into its input.
    var valueEnd = 0
    /// The parser's container stack: the node index of each enclosing open container.
    @exclusivity(unchecked) var stack: UnsafeMutablePointer<UInt64>
    /// Number of entries `stack` can hold.
    @exclusivity(unchecked) var stackCapacity: Int
    /// The node capacity the tape was made with, which `shrink` returns to.
    private let restingNodeCapacity: Int
    /// The container stack's initial capacity.
    private static let restingStackCapacity = 32

    public init(capacity: Int = 256) {
        nodeCapacity = max(capacity, 16)
        restingNodeCapacity = nodeCapacity
        nodes = .allocate(capacity: nodeCapacity)
        stackCapacity = JSONTape.restingStackCapacity
        stack = .allocate(capacity: stackCapacity)
    }

    /// Bytes held by the node buffer and the container stack.
    var allocatedBytes: Int {
        nodeCapacity * MemoryLayout<JSONNode>.stride + stackCapacity * MemoryLayout<UInt64>.stride
    }

    /// Whether the node buffer or the container stack has grown from its initial size to more
    /// than `limit` bytes.
    func hasGrown(past limit: Int) -> Bool {
        nodesGrown(past: limit) || stackGrown(past: limit)
    }

    /// Reallocates the node buffer, and the container stack, at its initial size when it has
    /// grown past `limit` bytes. Invalidates every document parsed into the tape.
    func shrink(above limit: Int) {
        if nodesGrown(past: limit) {
            nodes.deallocate()
            nodeCapacity = restingNodeCapacity
            nodes = .allocate(capacity: nodeCapacity)
        }
        if stackGrown(past: limit) {
            stack.deallocate()
            stackCapacity = JSONTape.restingStackCapacity
            stack = .allocate(capacity: stackCapacity)
        }
    }

    private func nodesGrown(past limit: Int) -> Bool {
        nodeCapacity > restingNodeCapacity && nodeCapacity * MemoryLayout<JSONNode>.stride > limit
    }

    private func stackGrown(past limit: Int) -> Bool {
        stackCapacity > JSONTape.restingStackCapacity && stackCapacity * MemoryLayout<UInt64>.stride > limit
    }

    deinit {
        nodes.deallocate()
        stack.deallocate()
    }

    /// Replaces the node buffer by one twice as large, keeping the first `count` nodes.
    @inline(never)
    func growNodes(keeping count: Int) -> (UnsafeMutablePointer<JSONNode>, Int) {
        (nodes, nodeCapacity) = JSONTape.doubled(nodes, nodeCapacity, keeping: count)
        return (nodes, nodeCapacity)
    }

    /// Replaces the container stack by one twice as large, keeping the first `count` entries.
    @inline(never)
    func growStack(keeping count: Int) -> (UnsafeMutablePointer<UInt64>, Int) {
        (stack, stackCapacity) = JSONTape.doubled(stack, stackCapacity, keeping: count)
        return (stack, stackCapacity)
    }

    private static func doubled<T>(_ buffer: UnsafeMutablePointer<T>, _ capacity: Int, keeping count: Int) -> (UnsafeMutablePointer<T>, Int) {
        let newCapacity = capacity * 2
        let newBuffer = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
        newBuffer.moveInitialize(from: buffer, count: count)
        buffer.deallocate()
        return (newBuffer, newCapacity)
    }
}
