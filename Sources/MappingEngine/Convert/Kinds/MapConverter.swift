/// `map<T>`: an object with arbitrary keys whose values convert to T.
struct MapConverter: ValueConverter {
    let element: ElementSpec
    let minItems: Int?
    let maxItems: Int?

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let entry = ctx.document[node]
        guard entry.kind == .object else {
            ctx.typeMismatch(node, expected: "object")
            return false
        }
        ctx.out.byte(UInt8(ascii: "{"))
        var ok = true
        var key = node + 1
        for index in 0..<Int(entry.length) {
            let value = key + 1
            if index > 0 { ctx.out.byte(UInt8(ascii: ",")) }
            ctx.out.string(ctx.document, key)
            ctx.out.byte(UInt8(ascii: ":"))
            let mark = ctx.issues.count
            if !ctx.convertElement(value, element) { ok = false }
            if ctx.issues.count > mark {
                let name = PathComponent.key(ctx.document.decodedString(key))
                ctx.locate(since: mark, out: name, input: [name])
            }
            key = Int(ctx.document[value].end)
        }
        ctx.out.byte(UInt8(ascii: "}"))
        let count = Int(entry.length)
        if let minItems, count < minItems {
            ctx.fail(.tooFewItems, "\(count) entries, fewer than \(minItems)", node: node)
            return false
        }
        if let maxItems, count > maxItems {
            ctx.fail(.tooManyItems, "\(count) entries, more than \(maxItems)", node: node)
            return false
        }
        return ok
    }
}
