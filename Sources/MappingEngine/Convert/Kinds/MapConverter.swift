/// `map<T>`: an object with arbitrary keys whose values convert to T.
final class MapConverter: ValueConverter {
    let element: ElementSpec
    /// `minItems`/`maxItems`, counted in entries.
    let entries: CountLimits

    init(element: ElementSpec, entries: CountLimits) {
        self.element = element
        self.entries = entries
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        element.drops ? convert(node, DroppingItems.self, &ctx) : convert(node, FailingItems.self, &ctx)
    }

    private func convert<Recovery: ItemRecovery>(_ node: Int, _: Recovery.Type, _ ctx: inout ConversionContext) -> Bool {
        let entry = ctx.document[node]
        guard entry.kind == .object else {
            ctx.typeMismatch(node, expected: "object")
            return false
        }
        let shadowed = MapConverter.shadowedKeys(of: node, ctx.document)
        ctx.out.byte(UInt8(ascii: "{"))
        var walk = ElementWalk<Recovery>()
        var key = node + 1
        for _ in 0..<Int(entry.length) {
            let value = key + 1
            if !shadowed.isEmpty && shadowed.contains(key) {
                key = Int(ctx.document[value].end)
                continue
            }
            let step = walk.begin(&ctx)
            ctx.out.string(ctx.document, key)
            ctx.out.byte(UInt8(ascii: ":"))
            // Dropped (`onItemError: drop`): its key and separator go too.
            walk.end(step, converted: ctx.convertElement(value, element), &ctx)
            if ctx.issues.count > step.issues {
                let name = PathComponent.key(ctx.document.decodedString(key))
                ctx.locate(since: step.issues, out: name, input: [name])
            }
            key = Int(ctx.document[value].end)
        }
        ctx.out.byte(UInt8(ascii: "}"))
        return entries.check(walk.written, unit: "entries", node: node, &ctx) && walk.ok
    }

    /// Key nodes that a later member with the same key overrides: the last one wins, as in models.
    private static func shadowedKeys(of object: Int, _ document: JSONDocument) -> Set<Int> {
        let count = Int(document[object].length)
        guard count > 1 else { return [] }
        if count <= 16 {
            // Small maps: compare pairwise on the stack, no allocation unless a duplicate exists.
            // Each key is summarized once, so most pairs differ at the first comparison.
            return withUnsafeTemporaryAllocation(of: KeySummary.self, capacity: count) { keys in
                var key = object + 1
                for i in 0..<count {
                    keys[i] = KeySummary(key, document)
                    key = Int(document[key + 1].end)
                }
                var shadowed = Set<Int>()
                for i in 0..<count {
                    for j in (i + 1)..<count where keys[i].mayEqual(keys[j]) && sameKey(keys[i].node, keys[j].node, document) {
                        shadowed.insert(keys[i].node)
                        break
                    }
                }
                return shadowed
            }
        }
        var keys: [Int] = []
        keys.reserveCapacity(count)
        var key = object + 1
        for _ in 0..<count {
            keys.append(key)
            key = Int(document[key + 1].end)
        }
        var seen = Set<[UInt8]>()
        var shadowed = Set<Int>()
        for key in keys.reversed() where !seen.insert(document.withDecodedString(key) { Array($0) }).inserted {
            shadowed.insert(key)
        }
        return shadowed
    }

    /// Whether two key nodes hold the same text: without escapes their raw bytes decide.
    @inline(__always)
    private static func sameKey(_ a: Int, _ b: Int, _ document: JSONDocument) -> Bool {
        let first = document[a], second = document[b]
        guard (first.flags | second.flags) & JSONNode.hasEscapes != 0 else {
            return first.length == second.length
                && ByteText.equal(document.base + Int(first.start), document.base + Int(second.start), count: Int(first.length))
        }
        return document.withDecodedString(a) { document.stringEquals(b, $0) }
    }
}

/// A map key's length and first and last eight bytes (`KeyTable.words`), which decide whether
/// two keys without escapes of up to 16 bytes are equal; anything else needs `sameKey`.
private struct KeySummary {
    let node: Int
    let first: UInt64
    let last: UInt64
    let length: UInt32
    let escaped: Bool

    init(_ node: Int, _ document: JSONDocument) {
        let entry = document[node]
        (first, last) = KeyTable.words(UnsafeBufferPointer(start: document.base + Int(entry.start), count: Int(entry.length)))
        self.node = node
        length = entry.length
        escaped = entry.flags & JSONNode.hasEscapes != 0
    }

    /// False only when the two keys certainly differ.
    func mayEqual(_ other: KeySummary) -> Bool {
        escaped || other.escaped || (length == other.length && first == other.first && last == other.last)
    }
}
