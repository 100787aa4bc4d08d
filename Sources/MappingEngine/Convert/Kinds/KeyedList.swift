/// A reshaping converter that reads a JSON array item by item, each item with a key that no
/// other may repeat (`keyBy`, `pairs`, `uniqueBy`): the walk over the items, with its key table
/// and its recovery, is written once here, and each converter says how one item converts.
protocol KeyedList: ValueConverter {
    /// What else one list keeps while its items convert (a set's elements so far); none by default.
    associatedtype ListState = Void

    /// The items' spec, whose `drops` picks the recovery.
    var element: ElementSpec { get }

    /// The state of a list about to convert.
    func listState() -> ListState

    /// Converts the item at `item`, the list's `index`th, between `walk.begin` and `walk.end`,
    /// remembering its key in `keys` (and forgetting it when the item is dropped).
    func convertItem<Recovery: ItemRecovery>(_ item: Int, index: Int, keys: inout ElementKeys, _ state: inout ListState,
                                             _ walk: inout ElementWalk<Recovery>, _ ctx: inout ConversionContext)
}

extension KeyedList where ListState == Void {
    func listState() {}
}

extension KeyedList {
    /// Converts the array at `node` into a map of `entries` (`keyBy`, `pairs`), or reports that
    /// it is no array of `items`.
    func convertMap(_ node: Int, of items: @autoclosure () -> String, entries: CountLimits, _ ctx: inout ConversionContext) -> Bool {
        guard ctx.document[node].kind == .array else {
            ctx.typeMismatch(node, expected: "array of \(items())")
            return false
        }
        let (written, ok) = convertItems(node, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), &ctx)
        return entries.check(written, unit: "entries", node: node, &ctx) && ok
    }

    /// Writes the array at `node`'s items between `open` and `close`: how many were written and
    /// whether none failed (dropped ones aside).
    func convertItems(_ node: Int, open: UInt8, close: UInt8, _ ctx: inout ConversionContext) -> (written: Int, ok: Bool) {
        element.drops ? convertItems(node, open: open, close: close, DroppingItems.self, &ctx)
            : convertItems(node, open: open, close: close, FailingItems.self, &ctx)
    }

    private func convertItems<Recovery: ItemRecovery>(_ node: Int, open: UInt8, close: UInt8, _: Recovery.Type,
                                                      _ ctx: inout ConversionContext) -> (written: Int, ok: Bool) {
        let count = Int(ctx.document[node].length)
        var keys = ElementKeys(expected: count, in: ctx.elementKeys)
        var walk = ElementWalk<Recovery>()
        var state = listState()
        ctx.out.byte(open)
        var item = node + 1
        for index in 0..<count {
            convertItem(item, index: index, keys: &keys, &state, &walk, &ctx)
            item = Int(ctx.document[item].end)
        }
        ctx.out.byte(close)
        return (walk.written, walk.ok)
    }
}
