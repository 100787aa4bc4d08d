/// `map<Model>` with `keyBy: id`: an array of objects becomes a map from each object's key to
/// the object, in the array's order; two objects with one key are `duplicate_key`, naming both
/// indexes (SPEC §9, reshaping).
final class KeyByConverter: ValueConverter {
    /// The element model's converter.
    let element: ElementSpec
    let key: KeyField
    /// `minItems`/`maxItems`, counted in entries.
    let entries: CountLimits

    init(element: ElementSpec, key: KeyField, entries: CountLimits) {
        self.element = element
        self.key = key
        self.entries = entries
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let entry = ctx.document[node]
        guard entry.kind == .array else {
            ctx.typeMismatch(node, expected: "array of objects keyed by '\(key.name)'")
            return false
        }
        var seen = ElementKeys(expected: Int(entry.length))
        ctx.out.byte(UInt8(ascii: "{"))
        var ok = true
        var written = 0
        var child = node + 1
        for index in 0..<Int(entry.length) {
            let start = ctx.out.count
            if written > 0 { ctx.out.byte(UInt8(ascii: ",")) }
            let mark = ctx.issues.count
            let keyStart = ctx.out.count
            var keyed = key.write(of: child, &ctx) == .written
            if keyed {
                ctx.out.quoteKey(from: keyStart)
                let earlier = ctx.out.withBytes { seen.earlierIndex(of: UnsafeBufferPointer(rebasing: $0[keyStart...]), inserting: index) }
                if let earlier {
                    let text = ctx.out.withBytes { String(decoding: $0[keyStart...], as: UTF8.self) }
                    let before = ctx.issues.count
                    ctx.fail(.duplicateKey, "key \(text) at index \(index) duplicates index \(earlier)", node: key.valueNode(in: child, ctx))
                    if ctx.issues.count > before { ctx.locate(since: before, out: .key(key.name), input: key.inputPath) }
                    keyed = false
                }
            }
            ctx.out.byte(UInt8(ascii: ":"))
            let converted = ctx.convertElement(child, element)
            if ctx.issues.count > mark { ctx.locate(since: mark, out: .index(index), input: [.index(index)]) }
            if keyed && converted {
                written += 1
            } else {
                ctx.out.rewind(to: start)
                ok = false
            }
            child = Int(ctx.document[child].end)
        }
        ctx.out.byte(UInt8(ascii: "}"))
        return entries.check(written, unit: "entries", node: node, &ctx) && ok
    }
}
