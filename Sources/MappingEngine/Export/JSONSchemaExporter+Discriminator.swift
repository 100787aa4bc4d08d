/// The output schema of a discriminated model: one variant per model it can write, each as tight
/// as conversion — a mapped model's tag property holds only its tags, the fallback's only the
/// tags outside the mapping, the declarer's own none (SPEC §9).
extension JSONSchemaExporter {
    /// `own` (the declarer's plain object) and the models `discriminator` picks, as `oneOf`
    /// with OpenAPI's `discriminator` object when every variant writes the tag, else `anyOf`.
    func discriminated(_ own: JSONValue, _ model: ResolvedModel, _ discriminator: DiscriminatorDefinition,
                       _ reference: (String) -> String) -> JSONValue {
        let tags = DiscriminatorSchema(discriminator: discriminator, registry: registry)
        var variants: [JSONValue] = []
        var tagNames: Set<String> = []
        var everyVariantTagged = true
        /// Adds `body` held to `constraint` at the variant's tag property, when it writes one.
        func add(_ body: JSONValue, _ variant: ResolvedModel, _ constraint: JSONValue, required: Bool) {
            guard let property = tags.tagProperty(of: variant) else {
                everyVariantTagged = false
                variants.append(body)
                return
            }
            tagNames.insert(property.name)
            var held: [JSONValue.Member] = [.init("properties", .object([.init(property.name, constraint)]))]
            if required { held.append(.init("required", [.string(property.name)])) }
            variants.append(["allOf": [body, .object(held)]])
        }
        // The declarer writes its own object when an internal or adjacent tag is missing or null;
        // predicates and an external tag always pick another model.
        if discriminator.when.isEmpty && discriminator.style != .external {
            if let property = tags.tagProperty(of: model) {
                add(own, model, DiscriminatorSchema.untagged(property), required: false)
            } else {
                add(own, model, true, required: false)
            }
        }
        if discriminator.when.isEmpty {
            for (name, mapped) in tags.tagsByModel {
                guard let variant = registry.models[name] else { continue }
                add(body(of: variant, reference), variant, tags.matching(mapped), required: true)
            }
        } else {
            for name in discriminator.when.map(\.model) {
                guard let variant = registry.models[name] else { continue }
                everyVariantTagged = false
                variants.append(body(of: variant, reference))
            }
        }
        if let name = discriminator.fallback, let variant = registry.models[name] {
            if discriminator.when.isEmpty { add(body(of: variant, reference), variant, tags.unmapped, required: true) }
            else { variants.append(body(of: variant, reference)) }
        }
        guard everyVariantTagged, tagNames.count == 1, let name = tagNames.first else {
            return .object([.init("anyOf", .array(variants))])
        }
        return .object([.init("oneOf", .array(variants)), .init("discriminator", tags.openAPIObject(propertyName: name, reference: reference))])
    }

    /// A picked model's schema: a reference, unless it has a discriminator of its own, which
    /// does not dispatch again, so its plain object.
    private func body(of variant: ResolvedModel, _ reference: (String) -> String) -> JSONValue {
        variant.discriminator == nil ? ["$ref": .string(reference(variant.name))] : plainObjectSchema(variant, reference)
    }
}
