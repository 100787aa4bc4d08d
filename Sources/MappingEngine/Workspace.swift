/// The reusable memory of conversions on one thread: the parse tape, the output buffer, the
/// slot stack, the reshaping lists' key tables and the models' last key orders. Reusing it makes a steady-state conversion
/// allocation-free; `shrink()` gives back what one large document made it grow to. Not thread-safe.
public final class Workspace {
    /// Bytes a buffer may keep past its initial size; beyond this, `shrink()` reallocates it.
    public static let restingLimit = 1 << 20

    // One conversion at a time uses a workspace (it is not thread-safe), so runtime
    // exclusivity checks on these would be pure overhead.
    let tape: JSONTape
    @exclusivity(unchecked) var writer: JSONWriter
    @exclusivity(unchecked) var slots: SlotStack
    let keyOrders = KeyOrders()
    let expressions = ExpressionScratch()
    let elementKeys = ElementKeyStack()
    /// The model this workspace last converted with, served again without a table look-up.
    @exclusivity(unchecked) var lastModel: MetaCache.Memo?
    /// The output buffer's initial size, which `shrink()` returns to.
    private let outputCapacity: Int

    public init(outputCapacity: Int = 64 * 1024) {
        tape = JSONTape(capacity: 1024)
        writer = JSONWriter(capacity: outputCapacity)
        slots = SlotStack()
        self.outputCapacity = outputCapacity
    }

    /// Whether the tape, the output buffer, the slot stack or the key tables have grown past `restingLimit`
    /// bytes, so that `shrink()` would give memory back.
    public var hasGrown: Bool {
        tape.hasGrown(past: Workspace.restingLimit)
            || writer.capacity > max(Workspace.restingLimit, outputCapacity)
            || slots.allocatedBytes > Workspace.restingLimit
            || elementKeys.hasGrown(past: Workspace.restingLimit)
    }

    /// Reallocates at their initial sizes the tape, output buffer, slot stack and key tables that have grown
    /// past `restingLimit` bytes, so a thread's memory returns to its resting size after a large
    /// document.
    ///
    /// Call it only when nothing borrowed from the last conversion is alive: the output of a
    /// `ConversionResult.Success` (and its parsed document) points into the memory given back.
    public func shrink() {
        tape.shrink(above: Workspace.restingLimit)
        writer.reset(shrinkingAbove: max(Workspace.restingLimit, outputCapacity), to: outputCapacity)
        slots.shrink(above: Workspace.restingLimit)
        elementKeys.shrink(above: Workspace.restingLimit)
    }

    /// Bytes held by the tape, the output buffer, the slot stack and the key tables (for tests).
    var allocatedBytes: Int {
        tape.allocatedBytes + writer.capacity + slots.allocatedBytes + elementKeys.allocatedBytes
    }

    deinit {
        writer.deallocate()
        slots.deallocate()
        keyOrders.deallocate()
    }
}
