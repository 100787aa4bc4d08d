/// A stack of plain values in memory that conversions reuse: frames are pushed and popped in
/// nesting order, and the memory stays allocated between conversions, so a warm conversion
/// allocates nothing. The slot stack and the reshaping lists' key tables (`ElementKeyStack`)
/// are made of it.
///
/// Frames are addressed by offset, not pointer: growing moves the memory. Copies share it;
/// its owner calls `deallocate()` once.
struct ScratchStack<Element: BitwiseCopyable> {
    /// The capacity it is made with, which `shrink` returns to.
    let restingCapacity: Int
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    private(set) var top = 0

    init(capacity: Int) {
        restingCapacity = capacity
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// Reallocates an empty stack that has grown past `limit` bytes at its resting capacity.
    mutating func shrink(above limit: Int) {
        guard top == 0, allocatedBytes > limit else { return }
        base.deallocate()
        capacity = restingCapacity
        base = .allocate(capacity: capacity)
    }

    /// Bytes held.
    var allocatedBytes: Int { capacity * MemoryLayout<Element>.stride }

    /// Pushes `count` values set to `value` and returns the offset of the first.
    @inline(__always)
    mutating func push(_ count: Int, filledWith value: Element) -> Int {
        let frame = reserve(count)
        (base + frame).initialize(repeating: value, count: count)
        return frame
    }

    /// Pushes `count` values left as they are, for the caller to write, and returns the offset
    /// of the first.
    @inline(__always)
    mutating func reserve(_ count: Int) -> Int {
        let frame = top
        if top + count > capacity { grow(to: top + count) }
        top += count
        return frame
    }

    /// Pops the values above `offset`.
    @inline(__always)
    mutating func pop(to offset: Int) { top = offset }

    @inline(__always)
    mutating func pop(_ count: Int) { top -= count }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: top)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    func deallocate() { base.deallocate() }
}

/// A stack of Int32 slots reused across conversions: one frame per object being converted,
/// holding the value node of each property (-1 when absent).
typealias SlotStack = ScratchStack<Int32>

extension ScratchStack where Element == Int32 {
    /// Slots allocated when the stack is made, kept by `shrink`.
    static var restingCapacity: Int { 256 }

    init() { self.init(capacity: SlotStack.restingCapacity) }

    /// Pushes `count` slots set to -1 (absent) and returns the frame's first index.
    @inline(__always)
    mutating func push(_ count: Int) -> Int { push(count, filledWith: -1) }
}
