/// The reusable memory of conversions on one thread: the parse tape, the output buffer, the
/// slot stack and the models' last key orders. Reusing it makes a steady-state conversion
/// allocation-free. Not thread-safe.
public final class Workspace {
    // One conversion at a time uses a workspace (it is not thread-safe), so runtime
    // exclusivity checks on these would be pure overhead.
    let tape: JSONTape
    @exclusivity(unchecked) var writer: JSONWriter
    @exclusivity(unchecked) var slots: SlotStack
    let keyOrders = KeyOrders()

    public init(outputCapacity: Int = 64 * 1024) {
        tape = JSONTape(capacity: 1024)
        writer = JSONWriter(capacity: outputCapacity)
        slots = SlotStack()
    }

    deinit {
        writer.deallocate()
        slots.deallocate()
        keyOrders.deallocate()
    }
}
