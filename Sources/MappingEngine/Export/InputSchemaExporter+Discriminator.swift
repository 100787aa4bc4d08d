/// The input of a model with a tag: one variant per model the tag can pick, each taking only
/// the tags that pick it, the fallback only the others, the declarer only a missing or null
/// tag — disjoint, so `oneOf` (SPEC §9). A picked model reads its tag's key whatever its
/// `unknownKeys`, so an internal tag is placed in the variant's own object.
extension InputSchemaExporter {
    /// `oneOf` the variants, and OpenAPI's `discriminator` object when the tag is one key.
    func tagged(_ model: ResolvedModel, _ discriminator: DiscriminatorDefinition, _ reference: (String) -> String) -> [JSONValue.Member] {
        let tags = DiscriminatorSchema(discriminator: discriminator, registry: registry)
        let allTags = discriminator.mapping.map(\.tag)
        var variants: [JSONValue] = []
        switch discriminator.style {
        case .internal:
            guard let from = discriminator.from else { return [] }
            variants.append(objectSchema(model, reference, tag: (from, untagged, false)))
            for (name, mapped) in tags.tagsByModel {
                guard let variant = registry.models[name] else { continue }
                variants.append(objectSchema(variant, reference, tag: (from, taking(mapped, tags), true)))
            }
            if let name = discriminator.fallback, let variant = registry.models[name] {
                variants.append(objectSchema(variant, reference, tag: (from, ["not": ["anyOf": [untagged, taking(allTags, tags)]]], true)))
            }
        case .external:
            for (name, mapped) in tags.tagsByModel {
                guard let variant = registry.models[name] else { continue }
                variants.append(external(keys: tags.matching(mapped), content: content(variant, reference)))
            }
            if let name = discriminator.fallback, let variant = registry.models[name] {
                variants.append(external(keys: ["not": tags.matching(allTags)], content: content(variant, reference)))
            }
        case .adjacent:
            guard let from = discriminator.from, let key = discriminator.content else { return [] }
            variants.append(adjacent(model, from: from, tag: untagged, tagRequired: false, content: key,
                                     body: objectSchema(model, reference)))
            for (name, mapped) in tags.tagsByModel {
                guard let variant = registry.models[name] else { continue }
                variants.append(adjacent(model, from: from, tag: taking(mapped, tags), tagRequired: true, content: key,
                                         body: content(variant, reference)))
            }
            if let name = discriminator.fallback, let variant = registry.models[name] {
                variants.append(adjacent(model, from: from, tag: ["not": ["anyOf": [untagged, taking(allTags, tags)]]], tagRequired: true,
                                         content: key, body: content(variant, reference)))
            }
        }
        var members: [JSONValue.Member] = [.init("oneOf", .array(variants))]
        if case .key(let name)? = discriminator.from {
            members.append(.init("discriminator", tags.openAPIObject(propertyName: name, reference: reference)))
        }
        return members
    }

    /// A tag that is missing or null keeps the declarer.
    private var untagged: JSONValue { ["type": "null"] }

    /// A tag that is one of `mapped`: its text, or a number or bool of the same literal text;
    /// under `caseInsensitive`, text in any case.
    private func taking(_ mapped: [String], _ tags: DiscriminatorSchema) -> JSONValue {
        let exact: JSONValue = ["enum": .array(mapped.flatMap(InputSchemaExporter.tagValues))]
        return tags.discriminator.caseInsensitive ? ["anyOf": [exact, tags.matching(mapped)]] : exact
    }

    /// What a picked model reads as content: its input, or, when it has a discriminator of its
    /// own (which does not dispatch again), its own object.
    private func content(_ variant: ResolvedModel, _ reference: (String) -> String) -> JSONValue {
        variant.discriminator == nil ? ["$ref": .string(reference(variant.name))] : objectSchema(variant, reference)
    }

    /// An object of one member whose key `keys` takes and whose value is `content`.
    private func external(keys: JSONValue, content: JSONValue) -> JSONValue {
        .object([
            .init("type", "object"), .init("minProperties", 1), .init("maxProperties", 1),
            .init("propertyNames", keys), .init("additionalProperties", content),
        ])
    }

    /// The wrapper of an adjacent tag: the tag at `from`, the content at `content`; other keys
    /// only as the declarer's `unknownKeys` allows.
    private func adjacent(_ declarer: ResolvedModel, from: KeySource, tag: JSONValue, tagRequired: Bool, content key: String,
                          body: JSONValue) -> JSONValue {
        var tree = InputKeyTree()
        tree.place(tag, at: from, required: tagRequired)
        tree.place(body, at: .key(key), required: true)
        guard case .object(let members) = tree.schema() else { return ["type": "object"] }
        var schema: [JSONValue.Member] = [.init("type", "object")] + members
        if declarer.unknownKeys == .reject { schema.append(.init("additionalProperties", false)) }
        return .object(schema)
    }
}
