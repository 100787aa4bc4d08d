import CEL

extension DiscriminatorMeta {
    /// Converts with the model the tag or the predicates select; a missing tag keeps `model`,
    /// an unmapped tag or no predicate holding takes the fallback.
    func dispatch(_ node: Int, default model: ModelMeta, _ ctx: inout ConversionContext) -> Bool {
        guard let lookup else { return dispatchByPredicates(node, &ctx) }
        let doc = ctx.document
        guard let tagNode = lookup.resolve(in: doc, from: node), doc[tagNode].kind != .null else {
            return model.convertObject(node, &ctx)
        }
        let kind = doc[tagNode].kind
        let target: ModelMeta? = switch kind {
        case .string: doc.withDecodedString(tagNode) { text in mapping.first { entry in entry.tag.withUnsafeBufferPointer { ByteText.equal($0, text) } }?.model.meta }
        case .number, .true, .false: mapping.first { entry in entry.tag.withUnsafeBufferPointer { ByteText.equal($0, doc.content(tagNode)) } }?.model.meta
        default: nil
        }
        guard let target = target ?? fallback?.meta else {
            let mark = ctx.issues.count
            ctx.fail(.unknownDiscriminator, "tag is not one of \(tagList)", node: tagNode)
            if ctx.issues.count > mark { ctx.locate(since: mark, along: lookup.inputPath) }
            return false
        }
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

    /// The mapped tags, comma-separated, for the error message.
    private var tagList: String {
        mapping.map { String(decoding: $0.tag, as: UTF8.self) }.joined(separator: ", ")
    }
}
