/// The parser's view of a tape's node buffer while it fills it: the buffer, its capacity and
/// the nodes written, as a value the parse loop keeps in registers instead of class storage.
///
/// Every node is written by `append`, so its layout is decided in one place: `end` is the next
/// node, which is right for every scalar; a container's is set when it closes.
struct TapeNodes {
    private var buffer: UnsafeMutablePointer<JSONNode>
    private var capacity: Int
    /// Nodes written so far; the next one's index.
    private(set) var count = 0

    @inline(__always)
    init(_ tape: JSONTape) {
        buffer = tape.nodes
        capacity = tape.nodeCapacity
    }

    /// Makes room for `n` more nodes (1 or 2: a value, or a key and its value) by growing
    /// the tape's buffer.
    @inline(__always)
    mutating func reserve(_ n: Int, in tape: JSONTape) {
        if capacity &- count < n {
            (buffer, capacity) = tape.growNodes(keeping: count)
        }
    }

    /// Writes the next node: a value whose text (a string's content, a number's or a literal's
    /// characters, a container's opening bracket) starts at offset `start`; `length` is that
    /// text's length, 0 for a container until `close` sets its element count.
    @inline(__always)
    mutating func append(_ kind: JSONKind, flags: UInt8 = 0, start: Int, length: Int) {
        // Offsets and lengths fit: the parser refuses inputs of 4 GiB or more.
        buffer[count] = JSONNode(
            kind: kind, flags: flags, start: UInt32(truncatingIfNeeded: start),
            length: UInt32(truncatingIfNeeded: length), end: UInt32(truncatingIfNeeded: count &+ 1))
        count &+= 1
    }

    /// Completes the node of `container`, which has just closed: its element count, and the
    /// node after its subtree.
    @inline(__always)
    mutating func close(_ container: OpenContainer) {
        buffer[container.index].length = container.count
        buffer[container.index].end = UInt32(truncatingIfNeeded: count)
    }
}
