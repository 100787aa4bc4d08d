/// An append-only JSON output buffer with manual memory management.
///
/// Non-copyable: the buffer has one owner, which calls `deallocate()` once when done (after
/// that the writer may only be reused after writing reallocates it, or be deallocated again);
/// a workspace lends its writer to a conversion with `take()` and takes it back the same way.
/// Every write checks capacity once per call, never per byte.
///
/// This file manages the buffer; appending bytes, numbers, strings and whole values are in
/// `JSONWriterBytes`, `JSONWriterNumbers`, `JSONWriterStrings` and `JSONWriterValues`.
public struct JSONWriter: ~Copyable {
    /// Start of the buffer; dangling while `capacity` is 0.
    @usableFromInline var storage: UnsafeMutablePointer<UInt8>
    /// Bytes allocated at `storage`.
    @usableFromInline var capacity: Int
    /// Bytes written so far (backing store of `count`).
    @usableFromInline var used: Int

    /// Bytes written so far.
    @inlinable
    public var count: Int { used }

    public init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
        used = 0
    }

    /// Frees the buffer.
    public mutating func deallocate() {
        if capacity > 0 {
            storage.deallocate()
        }
        capacity = 0
        used = 0
    }

    /// Empties the buffer but keeps its memory for reuse.
    @inlinable
    public mutating func reset() {
        used = 0
    }

    /// Empties the buffer and, when it has grown past `limit` bytes, reallocates it at
    /// `capacity` bytes. Bytes borrowed from the old buffer dangle afterwards.
    mutating func reset(shrinkingAbove limit: Int, to capacity: Int) {
        used = 0
        guard self.capacity > limit else { return }
        deallocate()
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    /// Calls `body` with the bytes written so far.
    @inlinable
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: capacity > 0 ? storage : nil, count: used))
    }

    /// A copy of the bytes written so far.
    public func makeArray() -> [UInt8] {
        withBytes { Array($0) }
    }

    /// Ensures room for `n` more bytes.
    @inlinable @inline(__always)
    public mutating func reserve(_ n: Int) {
        if capacity &- used < n {
            grow(n)
        }
    }

    /// Reallocates so that `n` more bytes fit, at least doubling the capacity.
    @usableFromInline @inline(never)
    mutating func grow(_ n: Int) {
        let newCapacity = max(capacity * 2, used + n, 64)
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        if capacity > 0 {
            newStorage.initialize(from: storage, count: used)
            storage.deallocate()
        }
        storage = newStorage
        capacity = newCapacity
    }

    /// Where the next byte goes; write at most the amount passed to the last `reserve`, then `advance`.
    @inlinable
    public var tail: UnsafeMutablePointer<UInt8> {
        storage + used
    }

    /// Commits `n` bytes written at `tail`.
    @inlinable @inline(__always)
    public mutating func advance(by n: Int) {
        used &+= n
    }

    /// Moves the buffer out into a new writer and leaves this one empty, holding no memory,
    /// as `deallocate()` leaves it: how a writer kept in a class is lent and given back.
    @inline(__always)
    mutating func take() -> JSONWriter {
        let taken = JSONWriter(storage: storage, capacity: capacity, used: used)
        capacity = 0
        used = 0
        return taken
    }

    @inline(__always)
    private init(storage: UnsafeMutablePointer<UInt8>, capacity: Int, used: Int) {
        self.storage = storage
        self.capacity = capacity
        self.used = used
    }
}
