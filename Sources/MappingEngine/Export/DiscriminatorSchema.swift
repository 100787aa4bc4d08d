/// The JSON Schema pieces of a discriminator, shared by the output and input exporters: which
/// tags a variant carries, as tight as conversion is (SPEC §9; issue 23's fifth bug: an output
/// schema that took any tag described documents convert never writes).
///
/// Variants that a schema can tell apart by their tag are exported as `oneOf` with OpenAPI's
/// `discriminator` object; those it cannot (the tag is not in the output) stay `anyOf`.
struct DiscriminatorSchema {
    let discriminator: DiscriminatorDefinition
    let registry: SchemaRegistry

    /// Tags of `mapping` grouped by the model they pick, in declaration order.
    var tagsByModel: [(model: String, tags: [String])] {
        var order: [(model: String, tags: [String])] = []
        for entry in discriminator.mapping {
            if let index = order.firstIndex(where: { $0.model == entry.model }) { order[index].tags.append(entry.tag) }
            else { order.append((entry.model, [entry.tag])) }
        }
        return order
    }

    /// A string that is one of `tags` (in any case under `caseInsensitive`).
    func matching(_ tags: [String]) -> JSONValue {
        guard discriminator.caseInsensitive else { return ["enum": .array(tags.map(JSONValue.string))] }
        return ["type": "string", "pattern": .string(DiscriminatorSchema.pattern(tags))]
    }

    /// A string that is none of the mapped tags: what the fallback takes.
    var unmapped: JSONValue {
        ["type": "string", "not": matching(discriminator.mapping.map(\.tag))]
    }

    /// OpenAPI's `discriminator` object for a tag at `name`: each tag → its model's schema.
    func openAPIObject(propertyName name: String, reference: (String) -> String) -> JSONValue {
        .object([
            .init("propertyName", .string(name)),
            .init("mapping", .object(discriminator.mapping.map { .init($0.tag, .string(reference($0.model))) })),
        ])
    }

    /// The output property of `model` that writes the tag: the first, non-computed, string
    /// property whose first source is the tag's key. Nil when the output carries no tag.
    func tagProperty(of model: ResolvedModel) -> PropertyDefinition? {
        guard discriminator.style == .internal, let from = discriminator.from else { return nil }
        return model.properties.first { property in
            guard property.compute == nil, case .string = property.type.kind else { return false }
            return model.sources(of: property).first == from
        }
    }

    /// What the declarer's own output holds at its tag property, the tag being absent or null:
    /// nothing (`false`), or null when nullable, or its default.
    static func untagged(_ property: PropertyDefinition) -> JSONValue {
        var allowed: [JSONValue] = []
        if let value = property.defaultValue, case .string = value { allowed.append(value) }
        if property.type.nullable { allowed.append(.null) }
        return allowed.isEmpty ? false : ["enum": .array(allowed)]
    }

    /// An ECMA-262 pattern matching exactly one of `tags`, each letter in either case.
    static func pattern(_ tags: [String]) -> String {
        let alternatives = tags.map { tag in
            tag.map { character -> String in
                let lower = character.lowercased(), upper = character.uppercased()
                if lower != upper, lower.count == 1, upper.count == 1 { return "[\(escaped(lower))\(escaped(upper))]" }
                return escaped(String(character))
            }.joined()
        }
        return "^(?:" + alternatives.joined(separator: "|") + ")$"
    }

    /// `text` with the pattern syntax characters escaped.
    private static func escaped(_ text: String) -> String {
        text.map { "\\^$.|?*+()[]{}/-".contains($0) ? "\\\($0)" : String($0) }.joined()
    }
}
