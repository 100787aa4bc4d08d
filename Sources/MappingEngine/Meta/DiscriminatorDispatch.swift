import CEL

extension DiscriminatorMeta {
    /// Converts with the model the tag or the predicates select; a missing tag keeps `model`,
    /// an unmapped tag or no predicate holding takes the fallback. An external or adjacent tag
    /// sits outside the object it picks a model for (`WrappedTagDispatch`).
    func dispatch(_ node: Int, default model: ModelMeta, _ ctx: inout ConversionContext) -> Bool {
        switch style {
        case .internal: break
        case .external: return dispatchExternal(node, &ctx)
        case .adjacent: return dispatchAdjacent(node, default: model, &ctx)
        }
        guard let lookup else { return dispatchByPredicates(node, &ctx) }
        let doc = ctx.document
        guard let tagNode = lookup.resolve(in: doc, from: node), doc[tagNode].kind != .null else {
            return model.convertObject(node, &ctx)
        }
        guard let target = target(tag: tagNode, doc) ?? fallback?.meta else {
            let mark = ctx.issues.count
            ctx.fail(.unknownDiscriminator, "tag is not one of \(tagList)", node: tagNode)
            if ctx.issues.count > mark { ctx.locate(since: mark, along: lookup.inputPath) }
            return false
        }
        // The picked model reads the whole object; the tag's key stays the discriminator's.
        let outer = ctx.dispatchedTag
        ctx.dispatchedTag = DispatchedTag(object: node, key: lookup.firstKey)
        defer { ctx.dispatchedTag = outer }
        return target.convertObject(node, &ctx)
    }

    /// The first model whose predicate holds for the raw object, else the fallback, else
    /// `no_matching_model` naming each branch.
    private func dispatchByPredicates(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let scratch = ctx.expressions
        guard let object = ctx.document.celValue(node, budget: &ctx.ruleBudget) else {
            ctx.budgetSpent(node: nil)
            return false
        }
        // The raw object is let go before anything else runs: a workspace keeps its scratch
        // between documents, and a large object would stay with it.
        for predicate in predicates {
            scratch.activation.variables[0] = object
            scratch.activation.budget = ctx.ruleBudget
            let result: CELValue
            do throws(CELError) {
                result = try predicate.program.evaluate(&scratch.activation)
            } catch {
                ctx.ruleBudget = scratch.activation.budget
                scratch.activation.variables[0] = .null
                ctx.fail(error)
                return false
            }
            ctx.ruleBudget = scratch.activation.budget
            if case .bool(true) = result {
                scratch.activation.variables[0] = .null
                return predicate.model.meta.convertObject(node, &ctx)
            }
        }
        scratch.activation.variables[0] = .null
        if let fallback { return fallback.meta.convertObject(node, &ctx) }
        let branches = predicates.map { "\($0.program.source) → \($0.model.meta.name)" }.joined(separator: "; ")
        ctx.fail(.noMatchingModel, "no predicate holds: \(branches)", node: node)
        return false
    }

    /// The mapped model of the tag at `node` (a string, or a number or bool by its literal text),
    /// or nil for an unmapped tag.
    func target(tag node: Int, _ doc: JSONDocument) -> ModelMeta? {
        switch doc[node].kind {
        case .string: doc.withDecodedString(node) { target(tagText: $0) }
        case .number, .true, .false: target(tagText: doc.content(node))
        default: nil
        }
    }

    /// The mapped model of a tag's text, compared by its folded form under `caseInsensitive`.
    func target(tagText text: UnsafeBufferPointer<UInt8>) -> ModelMeta? {
        guard caseInsensitive else {
            return mapping.first { entry in entry.tag.withUnsafeBufferPointer { ByteText.equal($0, text) } }?.model.meta
        }
        let folded = Array(DiscriminatorTag.folded(String(decoding: text, as: UTF8.self)).utf8)
        return folded.withUnsafeBufferPointer { folded in
            mapping.first { entry in entry.tag.withUnsafeBufferPointer { ByteText.equal($0, folded) } }?.model.meta
        }
    }

    /// The mapped tags, comma-separated, for the error message.
    var tagList: String {
        mapping.map { String(decoding: $0.tag, as: UTF8.self) }.joined(separator: ", ")
    }
}
