/// How the walk pairs a branch no other branch takes whole with the branch it most likely
/// became, so the changes listed are the ones inside it (a narrowed property of a variant)
/// rather than the variant as a whole.
extension SchemaSubset {
    /// The model a branch stands for: its `$ref`, or that of the first part of its `allOf`
    /// (the output schema's variant held to its tags).
    static func anchor(_ schema: JSONValue) -> String? {
        if let reference = reference(schema) { return reference }
        if case .array(let parts)? = schema["allOf"], let first = parts.first { return reference(first) }
        return nil
    }

    /// The properties an object schema lists, through its `$ref` and the parts of its `allOf`
    /// (a few levels: enough for the exporters' variants).
    static func properties(of schema: JSONValue, in document: SchemaDocument, depth: Int = 0) -> [String: JSONValue] {
        guard depth < 4 else { return [:] }
        var found = entries(schema["properties"])
        if let reference = reference(schema), let target = document.resolve(reference) {
            found.merge(properties(of: target, in: document, depth: depth + 1)) { own, _ in own }
        }
        if case .array(let parts)? = schema["allOf"] {
            for part in parts { found.merge(properties(of: part, in: document, depth: depth + 1)) { own, _ in own } }
        }
        return found
    }

    /// Whether every tag of `mine` (a property of `enum` or `const` values) takes values
    /// `theirs` takes at that key: a variant of another tag is another variant.
    static func tagsFit(_ mine: [String: JSONValue], _ theirs: [String: JSONValue]) -> Bool {
        for (key, schema) in mine {
            guard let values = enumValues(of: schema), let other = theirs[key] else { continue }
            if other == .bool(false) { return false }
            if let allowed = enumValues(of: other) {
                guard values.allSatisfy({ value in allowed.contains { same(value, $0) } }) else { return false }
            } else if let types = declaredTypes(of: other) {
                guard values.allSatisfy({ covers(types, jsonType($0), lax: false) }) else { return false }
            }
        }
        return true
    }

    /// How alike two property lists are: the properties with the same schema, less those only one has.
    static func likeness(_ mine: [String: JSONValue], _ theirs: [String: JSONValue]) -> Int {
        var score = 0
        for (key, schema) in mine {
            guard let other = theirs[key] else {
                score -= 1
                continue
            }
            if CanonicalSchema.canonical(schema) == CanonicalSchema.canonical(other) { score += 1 }
        }
        return score - theirs.keys.filter { mine[$0] == nil }.count
    }

    /// A branch as shown in a change: the model it stands for, else its tags
    /// (`kind = "cat"`), else its JSON types, else its canonical JSON.
    func branchText(_ schema: JSONValue, in document: SchemaDocument) -> String {
        if let anchor = SchemaSubset.anchor(schema) {
            return anchor.hasPrefix(SchemaDocument.prefix) ? String(anchor.dropFirst(SchemaDocument.prefix.count)) : anchor
        }
        let tags = SchemaSubset.properties(of: schema, in: document).compactMap { key, value in
            SchemaSubset.enumValues(of: value).map { "\(key) = " + $0.map(\.jsonText).joined(separator: " or ") }
        }
        if !tags.isEmpty { return tags.sorted().joined(separator: ", ") }
        if let types = SchemaSubset.types(of: schema, in: document) { return SchemaSubset.typeText(types) }
        return CanonicalSchema.short(CanonicalSchema.canonical(schema))
    }
}
