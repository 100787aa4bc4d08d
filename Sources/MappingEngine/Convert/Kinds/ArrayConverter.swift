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
        element.drops ? convert(node, DroppingItems.self, &ctx) : convert(node, FailingItems.self, &ctx)
    }

    private func convert<Recovery: ItemRecovery>(_ node: Int, _: Recovery.Type, _ ctx: inout ConversionContext) -> Bool {
        let entry = ctx.document[node]
        var walk = ElementWalk<Recovery>()
        guard entry.kind == .array else {
            guard wrapSingle else {
                ctx.typeMismatch(node, expected: "array")
                return false
            }
            ctx.coerced("single_to_array", node: node)
            ctx.out.byte(UInt8(ascii: "["))
            let step = walk.begin(&ctx)
            // Dropped (`onItemError: drop`): the array is empty.
            walk.end(step, converted: ctx.convertElement(node, element), &ctx)
            if ctx.issues.count > step.issues { ctx.locate(since: step.issues, out: .index(0), input: []) }
            ctx.out.byte(UInt8(ascii: "]"))
            return walk.ok && items.check(walk.written, unit: "items", node: node, &ctx)
        }
        ctx.out.byte(UInt8(ascii: "["))
        var seen = isSet ? SeenElements() : nil
        var child = node + 1
        for index in 0..<Int(entry.length) {
            let step = walk.begin(&ctx)
            if ctx.convertElement(child, element) {
                if seen?.insert(ctx.out, from: step.value) == false {
                    walk.skip(step, &ctx)
                } else {
                    walk.end(step, converted: true, &ctx)
                }
            } else {
                walk.end(step, converted: false, &ctx)
            }
            if ctx.issues.count > step.issues { ctx.locate(since: step.issues, out: .index(index), input: [.index(index)]) }
            child = Int(ctx.document[child].end)
        }
        ctx.out.byte(UInt8(ascii: "]"))
        return walk.ok && items.check(walk.written, unit: "items", node: node, &ctx)
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
