/// `map<T>` with `pairs: {key: name, value: value}`: a list of name/value objects becomes a map
/// from each name to its value converted to T, in the list's order (SPEC §9, reshaping).
///
/// A name is a string; in lax mode a number or boolean is taken as its literal text, as a
/// `string` property takes it. Two items with one name are `duplicate_key`, naming both
/// indexes; an item without a value gives null where T is nullable and is `missing` elsewhere.
final class PairsConverter: KeyedList {
    let element: ElementSpec
    /// Where an item holds its name and its value.
    let name: Lookup
    let value: Lookup
    /// Converts a name as a `string` property would (numbers and booleans as text in lax mode).
    let nameText: StringConverter
    /// `minItems`/`maxItems`, counted in entries.
    let entries: CountLimits

    init(element: ElementSpec, name: Lookup, value: Lookup, entries: CountLimits) {
        self.element = element
        self.name = name
        self.value = value
        nameText = StringConverter(strict: element.strict)
        self.entries = entries
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        convertMap(node, of: "name/value objects", entries: entries, &ctx)
    }

    /// Writes one item as `"name":value`, or reports what is wrong with it. A name's errors are
    /// at the item (`/3/name`); a value's at its entry in the output (`/color`) and at the item
    /// in the input (`/3/value`). A dropped item's warning is where its errors would be: at the
    /// item when its name failed (a duplicate name among them: the first item stays), else at
    /// its entry.
    func convertItem<Recovery: ItemRecovery>(_ item: Int, index: Int, keys seen: inout ElementKeys, _ state: inout Void,
                                             _ walk: inout ElementWalk<Recovery>, _ ctx: inout ConversionContext) {
        let step = walk.begin(&ctx)
        let mark = step.issues
        guard let outKey = convertName(item, index: index, seen: &seen, at: step.value, &ctx) else {
            walk.end(step, converted: false, &ctx)
            if ctx.issues.count > mark { ctx.locate(since: mark, out: .index(index), input: [.index(index)]) }
            return
        }
        // The name's own issues (coercions under `explain`) are at the item.
        if ctx.issues.count > mark { ctx.locate(since: mark, out: .index(index), input: [.index(index)]) }
        ctx.out.byte(UInt8(ascii: ":"))
        let valueMark = ctx.issues.count
        let converted: Bool
        if let found = value.resolve(in: ctx.document, from: item) {
            converted = ctx.convertElement(found, element)
        } else if element.nullable {
            ctx.out.ascii("null")
            converted = true
        } else {
            ctx.fail(.missing, "the pair has no value", node: nil)
            converted = false
        }
        let dropped = walk.end(step, converted: converted, &ctx)
        if dropped { seen.forgetLast() }
        let located = dropped ? mark : valueMark
        if ctx.issues.count > located { ctx.locate(since: located, out: outKey, input: [.index(index)] + value.inputPath) }
    }

    /// Writes the item's name at `start` and remembers it; nil after reporting why the item has
    /// none (not an object, no name, a name that does not convert or repeats an earlier one),
    /// along the name's path inside the item.
    private func convertName(_ item: Int, index: Int, seen: inout ElementKeys, at start: Int, _ ctx: inout ConversionContext) -> PathComponent? {
        let mark = ctx.issues.count
        guard ctx.document[item].kind == .object else {
            ctx.typeMismatch(item, expected: "object")
            return nil
        }
        var named = false
        if let nameNode = name.resolve(in: ctx.document, from: item) {
            if nameText.convert(nameNode, &ctx) {
                if let earlier = seen.earlierIndex(of: start..<ctx.out.count, in: ctx.out, inserting: index) {
                    let message = KeyField.duplicate("key", key: start..<ctx.out.count, at: index, of: earlier, ctx.out)
                    ctx.fail(.duplicateKey, message, node: nameNode)
                } else {
                    named = true
                }
            }
        } else {
            ctx.fail(.missing, "the pair has no name", node: nil)
        }
        if ctx.issues.count > mark { ctx.locate(since: mark, along: name.inputPath) }
        guard named else { return nil }
        return .key(ctx.out.withBytes { String(decoding: $0[(start + 1)..<($0.count - 1)], as: UTF8.self) })
    }
}
