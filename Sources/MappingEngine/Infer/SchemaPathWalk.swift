/// Finds, in a registry, the model or property a conversion's JSON Pointer lands on: the model
/// whose object holds an unknown input key, or the property an output error is about.
///
/// Array, set and map levels each take one step of the pointer (an index or a key); a model
/// with a discriminator is searched after its mapped models' properties too.
struct SchemaPathWalk {
    let registry: SchemaRegistry
    /// The model the document converts to.
    let root: String

    /// The reference tokens of an RFC 6901 pointer (`~1` → `/`, `~0` → `~`); nil for text
    /// that is not a pointer.
    static func tokens(of pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// The model whose object holds the input key at `tokens` (its last token), following each
    /// property by the keys it reads (`from`, or its name in the model's key style).
    func owner(ofInputKey tokens: [String]) -> ResolvedModel? {
        guard var model = registry.models[root], !tokens.isEmpty else { return nil }
        let end = tokens.count - 1
        var index = 0
        while index < end {
            let rest = tokens[index..<end]
            var step: (property: PropertyDefinition, length: Int)?
            search: for candidate in candidates(model) {
                for property in candidate.properties {
                    for source in candidate.sources(of: property) {
                        let components = source.components
                        if !components.isEmpty, rest.starts(with: components) {
                            step = (property, components.count)
                            break search
                        }
                    }
                }
            }
            guard let step else { return nil }
            index += step.length
            var type = step.property.type
            while let element = type.element, index < end {
                index += 1
                type = element
            }
            guard case .model(let name) = type.kind, let next = registry.models[name] else { return nil }
            model = next
        }
        return model
    }

    /// The property the output pointer `tokens` names (or an element of it), and the model
    /// that holds it.
    func property(atOutput tokens: [String]) -> (model: ResolvedModel, property: PropertyDefinition)? {
        guard var model = registry.models[root] else { return nil }
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            var found: (model: ResolvedModel, property: PropertyDefinition)?
            search: for candidate in candidates(model) {
                for property in candidate.properties
                where property.name == token || OutputNames.name(of: property.name, style: candidate.output.keys) == token {
                    found = (candidate, property)
                    break search
                }
            }
            guard let found else { return nil }
            var type = found.property.type
            while let element = type.element, index < tokens.count {
                index += 1
                type = element
            }
            if index == tokens.count { return found }
            guard case .model(let name) = type.kind, let next = registry.models[name] else { return nil }
            model = next
        }
        return nil
    }

    /// The model among `model`'s lineage whose own definition declares `property`: where a
    /// change of it is written.
    func declarer(of property: String, in model: ResolvedModel) -> ModelDefinition? {
        for name in model.lineage {
            if let definition = registry.definitions[name], definition.properties.contains(where: { $0.name == property }) {
                return definition
            }
        }
        return nil
    }

    /// `model`, then the models its discriminator may pick.
    private func candidates(_ model: ResolvedModel) -> [ResolvedModel] {
        [model] + (model.discriminator?.models ?? []).compactMap { registry.models[$0] }
    }
}
