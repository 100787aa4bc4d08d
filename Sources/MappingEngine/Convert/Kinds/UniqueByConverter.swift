/// `array<Model>` or `set<Model>` with `uniqueBy: sku`: two elements with the same value of
/// that property are `duplicate_item`, naming both indexes (SPEC §9, reshaping). A set drops an
/// element equal to an earlier one first, as it always does; only elements that differ
/// elsewhere and share the key are an error.
final class UniqueByConverter: KeyedList {
    /// The array or set as it converts without `uniqueBy`: its element, set-ness, `wrapSingle` and counts.
    let list: ArrayConverter
    let key: KeyField
    /// Whether the list's element converts the key's model, so an element's key is read where
    /// it was written.
    let direct: Bool

    init(list: ArrayConverter, key: KeyField) {
        self.list = list
        self.key = key
        direct = key.converts(list.element)
    }

    /// The list's element, as `KeyedList` reads it.
    var element: ElementSpec { list.element }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        // A single value (`wrapSingle`) is one element, which repeats nothing.
        guard ctx.document[node].kind == .array else { return list.convert(node, &ctx) }
        let (written, ok) = convertItems(node, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), &ctx)
        return ok && list.items.check(written, unit: "items", node: node, &ctx)
    }

    /// A set's elements so far, to drop one equal to an earlier one before its key is looked up.
    func listState() -> SeenElements? {
        list.isSet ? SeenElements() : nil
    }

    /// Writes the element. A duplicate is an item's error like any other: with
    /// `onItemError: drop` the later element goes and the first stays.
    func convertItem<Recovery: ItemRecovery>(_ item: Int, index: Int, keys: inout ElementKeys, _ seen: inout SeenElements?,
                                             _ walk: inout ElementWalk<Recovery>, _ ctx: inout ConversionContext) {
        let step = walk.begin(&ctx)
        var (kept, written) = key.convertElement(item, list.element, direct: direct, &ctx)
        if kept, seen?.insert(ctx.out, from: step.value) == false {
            // Equal to an earlier element: a set keeps the first.
            walk.skip(step, &ctx)
        } else {
            // The key is read where the element wrote it; else it goes after the element only
            // to be looked up, then it is taken back.
            let keyStart = ctx.out.count
            var remembered = false
            switch written.map({ _ in .written }) ?? key.write(of: item, &ctx) {
            case .written:
                let keyText = written ?? keyStart..<ctx.out.count
                if let earlier = keys.earlierIndex(of: keyText, in: ctx.out, inserting: index) {
                    key.reportDuplicate(.duplicateItem, key.name, at: index, of: earlier, key: keyText, in: item, &ctx)
                    kept = false
                } else {
                    remembered = true
                }
            case .reported:
                kept = false
            case .unreported:
                break
            }
            ctx.out.rewind(to: keyStart)
            if walk.end(step, converted: kept, &ctx) && remembered { keys.forgetLast() }
        }
        if ctx.issues.count > step.issues { ctx.locate(since: step.issues, out: .index(index), input: [.index(index)]) }
    }
}
