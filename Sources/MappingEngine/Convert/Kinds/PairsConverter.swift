/// `map<T>` with `pairs: {key: name, value: value}`: a list of name/value objects becomes a map
/// from each name to its value converted to T, in the list's order (SPEC §9, reshaping).
///
/// A name is a string; in lax mode a number or boolean is taken as its literal text, as a
/// `string` property takes it. Two items with one name are `duplicate_key`, naming both
/// indexes; an item without a value gives null where T is nullable and is `missing` elsewhere.
final class PairsConverter: ValueConverter {
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
        let entry = ctx.document[node]
        guard entry.kind == .array else {
            ctx.typeMismatch(node, expected: "array of name/value objects")
            return false
        }
        var seen = ElementKeys(expected: Int(entry.length))
        ctx.out.byte(UInt8(ascii: "{"))
        var ok = true
        var written = 0
        var item = node + 1
        for index in 0..<Int(entry.length) {
            let start = ctx.out.count
            if written > 0 { ctx.out.byte(UInt8(ascii: ",")) }
            if convertPair(item, index: index, seen: &seen, &ctx) {
                written += 1
            } else {
                ctx.out.rewind(to: start)
                ok = false
            }
            item = Int(ctx.document[item].end)
        }
        ctx.out.byte(UInt8(ascii: "}"))
        return entries.check(written, unit: "entries", node: node, &ctx) && ok
    }

    /// Writes one item as `"name":value`; false after reporting what is wrong with it. A name's
    /// errors are at the item (`/3/name`); a value's at its entry in the output (`/color`) and
    /// at the item in the input (`/3/value`).
    private func convertPair(_ item: Int, index: Int, seen: inout ElementKeys, _ ctx: inout ConversionContext) -> Bool {
        let mark = ctx.issues.count
        guard ctx.document[item].kind == .object else {
            ctx.typeMismatch(item, expected: "object")
            if ctx.issues.count > mark { ctx.locate(since: mark, out: .index(index), input: [.index(index)]) }
            return false
        }
        let keyStart = ctx.out.count
        var named = false
        if let nameNode = name.resolve(in: ctx.document, from: item) {
            if nameText.convert(nameNode, &ctx) {
                if let earlier = ctx.out.withBytes({ seen.earlierIndex(of: UnsafeBufferPointer(rebasing: $0[keyStart...]), inserting: index) }) {
                    let text = ctx.out.withBytes { String(decoding: $0[keyStart...], as: UTF8.self) }
                    ctx.fail(.duplicateKey, "key \(text) at index \(index) duplicates index \(earlier)", node: nameNode)
                } else {
                    named = true
                }
            }
        } else {
            ctx.fail(.missing, "the pair has no name", node: nil)
        }
        if ctx.issues.count > mark {
            ctx.locate(since: mark, along: name.inputPath)
            ctx.locate(since: mark, out: .index(index), input: [.index(index)])
        }
        guard named else { return false }
        let outKey = PathComponent.key(ctx.out.withBytes { String(decoding: $0[(keyStart + 1)..<($0.count - 1)], as: UTF8.self) })
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
        if ctx.issues.count > valueMark { ctx.locate(since: valueMark, out: outKey, input: [.index(index)] + value.inputPath) }
        return converted
    }
}
