extension DiscriminatorMeta {
    /// Converts with the model the tag selects; a missing tag keeps `model`.
    func dispatch(_ node: Int, default model: ModelMeta, _ ctx: inout ConversionContext) -> Bool {
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
        guard let target else {
            let mark = ctx.issues.count
            ctx.fail(.unknownDiscriminator, "tag is not one of \(tagList)", node: tagNode)
            if ctx.issues.count > mark { ctx.locate(since: mark, along: lookup.inputPath) }
            return false
        }
        return target.convertObject(node, &ctx)
    }

    /// The mapped tags, comma-separated, for the error message.
    private var tagList: String {
        mapping.map { String(decoding: $0.tag, as: UTF8.self) }.joined(separator: ", ")
    }
}
