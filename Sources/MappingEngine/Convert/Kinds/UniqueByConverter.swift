/// `array<Model>` or `set<Model>` with `uniqueBy: sku`: two elements with the same value of
/// that property are `duplicate_item`, naming both indexes (SPEC §9, reshaping). A set drops an
/// element equal to an earlier one first, as it always does; only elements that differ
/// elsewhere and share the key are an error.
final class UniqueByConverter: ValueConverter {
    /// The array or set as it converts without `uniqueBy`: its element, set-ness, `wrapSingle` and counts.
    let list: ArrayConverter
    let key: KeyField

    init(list: ArrayConverter, key: KeyField) {
        self.list = list
        self.key = key
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let entry = ctx.document[node]
        // A single value (`wrapSingle`) is one element, which repeats nothing.
        guard entry.kind == .array else { return list.convert(node, &ctx) }
        var keys = ElementKeys(expected: Int(entry.length))
        var seen = list.isSet ? SeenElements() : nil
        ctx.out.byte(UInt8(ascii: "["))
        var ok = true
        var written = 0
        var child = node + 1
        for index in 0..<Int(entry.length) {
            let start = ctx.out.count
            if written > 0 { ctx.out.byte(UInt8(ascii: ",")) }
            let valueStart = ctx.out.count
            let mark = ctx.issues.count
            var kept = ctx.convertElement(child, list.element)
            if kept, seen?.insert(ctx.out, from: valueStart) == false {
                // Equal to an earlier element: a set keeps the first.
                ctx.out.rewind(to: start)
            } else {
                // The key goes after the element only to be looked up, then it is taken back.
                let keyStart = ctx.out.count
                switch key.write(of: child, &ctx) {
                case .written:
                    let earlier = ctx.out.withBytes { keys.earlierIndex(of: UnsafeBufferPointer(rebasing: $0[keyStart...]), inserting: index) }
                    if let earlier {
                        let text = ctx.out.withBytes { String(decoding: $0[keyStart...], as: UTF8.self) }
                        let before = ctx.issues.count
                        ctx.fail(.duplicateItem, "\(key.name) \(text) at index \(index) duplicates index \(earlier)", node: key.valueNode(in: child, ctx))
                        if ctx.issues.count > before { ctx.locate(since: before, out: .key(key.name), input: key.inputPath) }
                        kept = false
                    }
                case .reported:
                    kept = false
                case .unreported:
                    break
                }
                ctx.out.rewind(to: keyStart)
                if kept {
                    written += 1
                } else {
                    ctx.out.rewind(to: start)
                    ok = false
                }
            }
            if ctx.issues.count > mark { ctx.locate(since: mark, out: .index(index), input: [.index(index)]) }
            child = Int(ctx.document[child].end)
        }
        ctx.out.byte(UInt8(ascii: "]"))
        return ok && list.items.check(written, unit: "items", node: node, &ctx)
    }
}
