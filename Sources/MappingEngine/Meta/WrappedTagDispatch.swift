/// The discriminator styles whose tag sits outside the object it picks a model for (SPEC §9):
/// `external` (`{"circle": {"radius": 1}}`) and `adjacent` (`{"kind": "circle", "data": {…}}`).
/// The picked model converts the content, and the output is the content's object, as the
/// internal style's output is the object without its tag.
extension DiscriminatorMeta {
    /// An externally tagged object: its one member's key is the tag, its value the content.
    func dispatchExternal(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let doc = ctx.document
        let members = Int(doc[node].length)
        guard members == 1 else {
            ctx.fail(.typeMismatch, "expected an object of one member whose key is the tag (style: external), got \(members) members", node: node)
            return false
        }
        let key = node + 1
        let step = PathComponent.key(doc.decodedString(key))
        guard let target = doc.withDecodedString(key, { target(tagText: $0) }) ?? fallback?.meta else {
            let mark = ctx.issues.count
            ctx.fail(.unknownDiscriminator, "tag is not one of \(tagList)", node: key)
            if ctx.issues.count > mark { ctx.locate(since: mark, along: [step]) }
            return false
        }
        return convertContent(key + 1, with: target, at: step, &ctx)
    }

    /// An adjacently tagged object: the tag at `lookup`, the content at `content`; a missing or
    /// null tag keeps `model`, as an internal one does. The wrapper's other members are unknown
    /// keys of `model` (refused, reported or listed by its policy; never kept, since the output
    /// is the content's object).
    func dispatchAdjacent(_ node: Int, default model: ModelMeta, _ ctx: inout ConversionContext) -> Bool {
        guard let lookup, let content else { return false }
        let doc = ctx.document
        var ok = true
        if model.unknownKeys != .ignore || ctx.explain { ok = wrapperMembers(of: node, tag: lookup.firstKey, content: content, model, &ctx) }
        let step = PathComponent.key(String(decoding: content, as: UTF8.self))
        guard let contentNode = content.withUnsafeBufferPointer({ doc.lastMember(of: node, named: $0) }) else {
            let mark = ctx.issues.count
            ctx.fail(.missing, "the content beside the tag is missing", node: nil)
            if ctx.issues.count > mark { ctx.locate(since: mark, input: step) }
            return false
        }
        var target = model
        if let tagNode = lookup.resolve(in: doc, from: node), doc[tagNode].kind != .null {
            guard let picked = self.target(tag: tagNode, doc) ?? fallback?.meta else {
                let mark = ctx.issues.count
                ctx.fail(.unknownDiscriminator, "tag is not one of \(tagList)", node: tagNode)
                if ctx.issues.count > mark { ctx.locate(since: mark, along: lookup.inputPath) }
                return false
            }
            target = picked
        }
        return convertContent(contentNode, with: target, at: step, &ctx) && ok
    }

    /// Converts the content with the picked model, without dispatching again; its issues are
    /// found in the input under `step`, while its output is the object itself.
    private func convertContent(_ node: Int, with target: ModelMeta, at step: PathComponent, _ ctx: inout ConversionContext) -> Bool {
        let mark = ctx.issues.count
        let entry = ctx.document[node]
        let ok: Bool
        if entry.kind == .object {
            ok = target.convertObject(node, &ctx)
        } else if entry.kind == .array, entry.length == 0, ctx.lax {
            ctx.coerced("empty_array_to_object", node: node)
            ok = target.convertObject(node, &ctx)
        } else {
            ctx.typeMismatch(node, expected: "object")
            ok = false
        }
        if ctx.issues.count > mark { ctx.locate(since: mark, input: step) }
        return ok
    }

    /// Applies `model`'s unknown-key policy to the wrapper's members other than the tag and the
    /// content; false when it refuses one.
    private func wrapperMembers(of node: Int, tag: [UInt8], content: [UInt8], _ model: ModelMeta, _ ctx: inout ConversionContext) -> Bool {
        let doc = ctx.document
        var ok = true
        var key = node + 1
        for _ in 0..<Int(doc[node].length) {
            let value = key + 1
            let known = doc.withDecodedString(key) { text in
                tag.withUnsafeBufferPointer { ByteText.equal($0, text) } || content.withUnsafeBufferPointer { ByteText.equal($0, text) }
            }
            if !known && !model.noteUnknown(key: key, value: value, object: node, &ctx) { ok = false }
            key = Int(doc[value].end)
        }
        return ok
    }
}

extension ConversionContext {
    /// Adds an input step, and no output step, to every issue recorded since `mark`: the value
    /// was read from under `step`, but its output is not nested there.
    mutating func locate(since mark: Int, input step: PathComponent) {
        for i in mark..<issues.count { issues[i].inPath.append(step) }
    }
}
