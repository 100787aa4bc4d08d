/// Resolves every model's `extends`, `include` and `exclude` once, in time linear in what the
/// resolved models hold, and checks the registry limits that only resolving can count.
///
/// Each model is resolved from its parent's resolved properties (memoized), so a chain of a
/// thousand levels costs a thousand merges, not a thousand chains; the walk up a chain is a
/// loop, never a recursion. A chain deeper than `extendsDepth`, a model with more than
/// `propertiesPerModel` properties after inheritance, or a registry past `totalProperties` is
/// refused at the first model over the limit, and what extends a refused model is not resolved
/// (the registry is refused anyway, and one error per cause is what the author needs).
struct LineageResolver {
    let definitions: [String: ModelDefinition]
    let limits: RegistryLimits
    /// The models resolved so far, by name.
    private(set) var models: [String: ResolvedModel] = [:]
    private(set) var errors: [SchemaError] = []
    /// Models that cannot be resolved: their own mistake, or an ancestor's.
    private var failed: Set<String> = []
    /// Resolved properties so far, each model counted with what it inherits.
    private var totalProperties = 0

    init(definitions: [String: ModelDefinition], limits: RegistryLimits) {
        self.definitions = definitions
        self.limits = limits
    }

    /// Resolves every definition, in name order so errors come out in the same order each time.
    mutating func resolveAll() {
        for name in definitions.keys.sorted() {
            resolve(name)
            if totalProperties > limits.totalProperties {
                errors.append(limits.exceeded(.totalProperties, found: totalProperties,
                                              "the models' property count (each with what it inherits) up to model '\(name)'", file: ""))
                return
            }
        }
    }

    /// Resolves `name` and each unresolved ancestor it needs, from the nearest resolved one down.
    private mutating func resolve(_ name: String) {
        guard models[name] == nil, !failed.contains(name), let start = definitions[name] else { return }
        var walk = [start]
        var onWalk: Set<String> = [name]
        var base: ResolvedModel?
        // Up the chain to a resolved ancestor or the root; a missing parent is reported as a
        // missing reference, and the model resolves as a root meanwhile.
        while let parentName = walk[walk.count - 1].extends, let parent = definitions[parentName] {
            if let resolved = models[parentName] {
                base = resolved
                break
            }
            if failed.contains(parentName) {
                failed.formUnion(onWalk)
                return
            }
            if !onWalk.insert(parentName).inserted {
                errors.append(SchemaError(file: start.file, model: name,
                                          message: "extends cycle: \(LineageResolver.chain(walk.map(\.name) + [parentName]))"))
                failed.formUnion(onWalk)
                return
            }
            walk.append(parent)
        }
        var parent = base
        for (index, definition) in walk.enumerated().reversed() {
            guard let resolved = merge(definition, onto: parent) else {
                failed.formUnion(walk[...index].map(\.name))
                return
            }
            models[definition.name] = resolved
            totalProperties += resolved.properties.count
            parent = resolved
        }
    }

    /// `definition` resolved on its parent's resolved model (nil for a root); nil after
    /// recording why it cannot be.
    private mutating func merge(_ definition: ModelDefinition, onto parent: ResolvedModel?) -> ResolvedModel? {
        let lineage = [definition.name] + (parent?.lineage ?? [])
        // A model's depth is its count of `extends` steps: its ancestors.
        guard lineage.count - 1 <= limits.extendsDepth else {
            var error = limits.exceeded(.extendsDepth, found: lineage.count - 1, "the depth of the 'extends' chain \(LineageResolver.chain(lineage))",
                                        file: definition.file, model: definition.name)
            error.message += "; the models extending \(definition.name) are refused with it"
            errors.append(error)
            return nil
        }
        guard checkShapes(of: definition) else { return nil }
        // The parent's properties as its own generation left them, then this generation's
        // additions and overrides (an override keeps its parent's place), include and exclude.
        var properties = parent?.properties ?? []
        var position = Dictionary(uniqueKeysWithValues: properties.enumerated().map { ($1.name, $0) })
        for property in definition.properties {
            if let index = position[property.name] {
                properties[index] = property
            } else {
                position[property.name] = properties.count
                properties.append(property)
            }
        }
        for (option, list) in [("include", definition.include), ("exclude", definition.exclude)] {
            if let unknown = list?.first(where: { position[$0] == nil }) {
                errors.append(SchemaError(file: definition.file, model: definition.name, message: "'\(option)' names unknown property '\(unknown)'"))
                return nil
            }
        }
        if let include = definition.include.map(Set.init) { properties.removeAll { !include.contains($0.name) } }
        if let exclude = definition.exclude.map(Set.init) { properties.removeAll { exclude.contains($0.name) } }
        guard properties.count <= limits.propertiesPerModel else {
            errors.append(limits.exceeded(.propertiesPerModel, found: properties.count, "the model's property count (with what it inherits)",
                                          file: definition.file, model: definition.name))
            return nil
        }
        var resolved = ResolvedModel(
            name: definition.name,
            file: definition.file,
            lineage: lineage,
            keys: definition.keys ?? parent?.keys ?? .asIs,
            unknownKeys: definition.unknownKeys ?? parent?.unknownKeys ?? .ignore,
            requiredAll: definition.requiredAll ?? parent?.requiredAll ?? false,
            discriminator: definition.discriminator,
            description: definition.description,
            properties: properties,
            version: definition.version
        )
        resolved.rules = (parent?.rules ?? []) + definition.rules
        resolved.tuple = definition.tuple ?? parent?.tuple ?? false
        resolved.output = definition.output.laid(over: parent?.output ?? OutputOptions())
        return resolved
    }

    /// Checks the depth of each type and key path the model declares. The decoder refuses a
    /// type string past `typeDepth` as it parses; this covers definitions built in code too, so
    /// no registry ever holds a shape the recursive walks over types and key paths cannot take.
    private mutating func checkShapes(of definition: ModelDefinition) -> Bool {
        let before = errors.count
        for property in definition.properties {
            let depth = property.type.depth
            if depth > limits.typeDepth {
                errors.append(limits.exceeded(.typeDepth, found: depth, "the type's nesting of containers",
                                              file: definition.file, model: definition.name, property: property.name))
            }
            for source in property.from ?? [] where source.components.count > limits.pathDepth {
                errors.append(limits.exceeded(.pathDepth, found: source.components.count, "the steps of 'from' key path",
                                              file: definition.file, model: definition.name, property: property.name))
            }
        }
        if let from = definition.discriminator?.from, from.components.count > limits.pathDepth {
            errors.append(limits.exceeded(.pathDepth, found: from.components.count, "the steps of 'discriminator.from'",
                                          file: definition.file, model: definition.name))
        }
        return errors.count == before
    }

    /// `A → B → C`, its middle left out when it is long: a chain of thousands is said in ten names.
    static func chain(_ names: [String]) -> String {
        guard names.count > 10 else { return names.joined(separator: " → ") }
        return (names.prefix(5) + ["… (\(names.count - 9) more)"] + names.suffix(4)).joined(separator: " → ")
    }
}
