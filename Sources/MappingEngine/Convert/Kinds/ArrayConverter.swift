/// `array<T>` and `set<T>` (duplicates dropped, first occurrence kept, compared by their
/// canonical output); `wrapSingle` turns a lone value into a one-element array.
final class ArrayConverter: ValueConverter {
    let element: ElementSpec
    let isSet: Bool
    let wrapSingle: Bool
    /// `minItems`/`maxItems`, counted after duplicates are dropped.
    let items: CountLimits

    init(element: ElementSpec, isSet: Bool, wrapSingle: Bool, items: CountLimits) {
        self.element = element
        self.isSet = isSet
        self.wrapSingle = wrapSingle
        self.items = items
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let entry = ctx.document[node]
        guard entry.kind == .array else {
            guard wrapSingle else {
                ctx.typeMismatch(node, expected: "array")
                return false
            }
            ctx.coerced("single_to_array", node: node)
            ctx.out.byte(UInt8(ascii: "["))
            let mark = ctx.issues.count
            var ok = ctx.convertElement(node, element)
            if ctx.issues.count > mark { ctx.locate(since: mark, out: .index(0), input: []) }
            // Dropped (`onItemError: drop`): the array is empty.
            let dropped = !ok && ctx.leftOut
            if dropped {
                ctx.leftOut = false
                ok = true
            }
            ctx.out.byte(UInt8(ascii: "]"))
            return ok && items.check(dropped ? 0 : 1, unit: "items", node: node, &ctx)
        }
        ctx.out.byte(UInt8(ascii: "["))
        var ok = true
        var written = 0
        var seen = isSet ? SeenElements() : nil
        var child = node + 1
        for index in 0..<Int(entry.length) {
            let start = ctx.out.count
            if written > 0 { ctx.out.byte(UInt8(ascii: ",")) }
            let valueStart = ctx.out.count
            let mark = ctx.issues.count
            if ctx.convertElement(child, element) {
                if seen?.insert(ctx.out, from: valueStart) == false {
                    ctx.out.rewind(to: start)
                } else {
                    written += 1
                }
            } else if ctx.leftOut {
                // Dropped (`onItemError: drop`): its separator goes too.
                ctx.leftOut = false
                ctx.out.rewind(to: start)
            } else {
                ok = false
            }
            if ctx.issues.count > mark { ctx.locate(since: mark, out: .index(index), input: [.index(index)]) }
            child = Int(ctx.document[child].end)
        }
        ctx.out.byte(UInt8(ascii: "]"))
        return ok && items.check(written, unit: "items", node: node, &ctx)
    }
}

/// The output byte ranges of a set's elements so far, to drop repeats.
struct SeenElements {
    private var ranges: [Int: [Range<Int>]] = [:]

    /// Whether the element written from `start` to the end is new (and remembers it).
    mutating func insert(_ out: borrowing JSONWriter, from start: Int) -> Bool {
        out.withBytes { all in
            let element = UnsafeBufferPointer(rebasing: all[start...])
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(element))
            let key = hasher.finalize()
            for range in ranges[key, default: []] where ByteText.equal(UnsafeBufferPointer(rebasing: all[range]), element) {
                return false
            }
            ranges[key, default: []].append(start..<all.count)
            return true
        }
    }
}
