/// The container the parser is inside: its node, its elements so far and its kind. The parse
/// loop keeps it in registers, so that ending a value touches no memory; the containers around
/// it wait on a `ContainerStack`.
struct OpenContainer {
    /// Index of the container's node (0 outside any container).
    var index = 0
    /// Elements, or members of an object, completed so far.
    var count: UInt32 = 0
    var isObject = false

    @inline(__always)
    init() {}

    @inline(__always)
    init(index: Int, isObject: Bool) {
        self.index = index
        self.isObject = isObject
    }

    /// The byte that closes the container.
    @inline(__always)
    var closingBracket: UInt8 { isObject ? UInt8(ascii: "}") : UInt8(ascii: "]") }

    /// The container packed into one stack entry: the node index in bits 0–31, the count in
    /// 32–62, the kind in bit 63.
    ///
    /// Both numbers fit in 31 bits: neither exceeds the input length, which is below 4 GiB, and
    /// each element takes at least two bytes (itself and a separator or bracket).
    @inline(__always)
    var packed: UInt64 {
        UInt64(truncatingIfNeeded: index) | UInt64(count) << 32 | (isObject ? 1 << 63 : 0)
    }

    /// Unpacks a stack entry made by `packed`.
    @inline(__always)
    init(packed entry: UInt64) {
        index = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF)
        count = UInt32(truncatingIfNeeded: entry >> 32) & 0x7FFF_FFFF
        isObject = entry >> 63 != 0
    }
}

/// The containers enclosing the open one, innermost last, in the tape's stack memory; a copy
/// of its pointer and capacity in locals, like `TapeNodes`.
struct ContainerStack {
    private var entries: UnsafeMutablePointer<UInt64>
    private var capacity: Int
    /// Containers open around the current one: the nesting depth.
    private(set) var depth = 0

    @inline(__always)
    init(_ tape: JSONTape) {
        entries = tape.stack
        capacity = tape.stackCapacity
    }

    /// Saves `container` while a child of it is open, growing the tape's stack when full.
    @inline(__always)
    mutating func push(_ container: OpenContainer, in tape: JSONTape) {
        if depth == capacity {
            (entries, capacity) = tape.growStack(keeping: depth)
        }
        entries[depth] = container.packed
        depth &+= 1
    }

    /// The container saved last, open again now that its child has closed.
    @inline(__always)
    mutating func pop() -> OpenContainer {
        depth &-= 1
        return OpenContainer(packed: entries[depth])
    }
}
