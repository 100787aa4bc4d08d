/// What a model does with the members no property reads: ignored, reported, refused or kept
/// (`unknownKeys`), decided during the object walks of `ObjectConversion`.
extension ModelMeta {
    /// Writes the members kept under `unknownKeys: keep` after the properties.
    /// The keys no property reads are found by a second walk, so the common path keeps no list
    /// (an array there cost a release per object).
    func writeKept(object: Int, _ keyTable: KeyTable, _ ctx: inout ConversionContext, first: Bool) {
        let doc = ctx.document
        var members: [Int] = []
        var key = object + 1
        for _ in 0..<Int(doc[object].length) {
            let value = key + 1
            if doc.withDecodedString(key, { keyTable.lookup($0) }) == KeyTable.unknown
                && ctx.dispatchedTag?.owns(key: key, of: object, in: doc) != true {
                let name = doc.decodedString(key)
                if !properties.contains(where: { $0.name == name }) { members.append(value) }
            }
            key = Int(doc[value].end)
        }
        var first = first
        for value in ModelMeta.lastOccurrences(members, doc) {
            let key = value - 1
            if !first { ctx.out.byte(UInt8(ascii: ",")) }
            first = false
            ctx.out.string(doc, key)
            ctx.out.byte(UInt8(ascii: ":"))
            ctx.out.value(doc, value)
        }
    }

    /// The kept members whose key does not come again later: duplicate keys keep the last value,
    /// as properties do, so the output has each key once.
    private static func lastOccurrences(_ members: [Int], _ doc: JSONDocument) -> [Int] {
        guard members.count > 1 else { return members }
        var seen = Set<String>()
        return members.reversed().filter { seen.insert(doc.decodedString($0 - 1)).inserted }.reversed()
    }

    /// Applies the unknown-key policy to one member of `object`; false when it is an error.
    /// (Kept members are written by `writeKept`.) `explain` lists it under every policy but
    /// `reject`; a dispatched object's tag is no unknown key.
    func noteUnknown(key: Int, value: Int, object: Int, _ ctx: inout ConversionContext) -> Bool {
        if let tag = ctx.dispatchedTag, tag.owns(key: key, of: object, in: ctx.document) { return true }
        switch unknownKeys {
        case .ignore, .keep:
            if ctx.explain {
                let document = ctx.document
                ctx.unknownKey(document.decodedString(key), node: value)
            }
            return true
        case .report:
            let document = ctx.document
            ctx.unknownKey(document.decodedString(key), node: value)
            return true
        case .reject:
            let mark = ctx.issues.count
            ctx.fail(.unknownKey, "no property reads this key", node: value)
            if ctx.issues.count > mark {
                let name = PathComponent.key(ctx.document.decodedString(key))
                ctx.locate(since: mark, out: name, input: [name])
            }
            return false
        }
    }
}
