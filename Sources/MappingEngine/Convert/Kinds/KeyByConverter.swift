/// `map<Model>` with `keyBy: id`: an array of objects becomes a map from each object's key to
/// the object, in the array's order; two objects with one key are `duplicate_key`, naming both
/// indexes (SPEC §9, reshaping).
final class KeyByConverter: KeyedList {
    /// The element model's converter.
    let element: ElementSpec
    let key: KeyField
    /// `minItems`/`maxItems`, counted in entries.
    let entries: CountLimits
    /// Whether `element` converts the key's model, so an item's key is read where it was written.
    let direct: Bool

    init(element: ElementSpec, key: KeyField, entries: CountLimits) {
        self.element = element
        self.key = key
        self.entries = entries
        direct = key.converts(element)
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        convertMap(node, of: "objects keyed by '\(key.name)'", entries: entries, &ctx)
    }

    /// Writes `"key":object`. The object is written first and its key, read where the object
    /// wrote it (`WrittenKey`), copied in front of it; only an object that wrote no key has it
    /// found and converted again (`KeyField.write`). A duplicate key is an item's error like any
    /// other: with `onItemError: drop` the later item goes and the first stays.
    func convertItem<Recovery: ItemRecovery>(_ item: Int, index: Int, keys: inout ElementKeys, _ state: inout Void,
                                             _ walk: inout ElementWalk<Recovery>, _ ctx: inout ConversionContext) {
        let step = walk.begin(&ctx)
        let first = KeyErrorsFirst(ctx)
        let (converted, written) = key.convertElement(item, element, direct: direct, &ctx)
        var keyText: Range<Int>?
        if let written {
            keyText = ctx.out.insertKey(copying: written, before: step.value)
        } else {
            // Found again, converted after the element, and moved in front of it.
            let elementEnd = ctx.out.count
            var found = false
            first.report(since: step, &ctx) { found = key.write(of: item, &$0) == .written }
            if found {
                ctx.out.quoteKey(from: elementEnd)
                keyText = step.value..<(step.value &+ ctx.out.count &- elementEnd)
                ctx.out.byte(UInt8(ascii: ":"))
                ctx.out.moveTail(from: elementEnd, before: step.value)
            }
        }
        var keyed = keyText != nil
        var remembered = false
        if let keyText {
            if let earlier = keys.earlierIndex(of: keyText, in: ctx.out, inserting: index) {
                first.report(since: step, &ctx) { key.reportDuplicate(.duplicateKey, "key", at: index, of: earlier, key: keyText, in: item, &$0) }
                keyed = false
            } else {
                remembered = true
            }
        }
        if walk.end(step, converted: keyed && converted, &ctx) && remembered { keys.forgetLast() }
        if ctx.issues.count > step.issues { ctx.locate(since: step.issues, out: .index(index), input: [.index(index)]) }
    }
}
