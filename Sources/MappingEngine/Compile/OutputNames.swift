/// Output keys under a key style, and the load-time check that no two members of a model
/// share one under the model's `output:` or any profile (SPEC §10: `keys`).
enum OutputNames {
    /// The output key of the property `name` under `style` (nil: as it is).
    static func name(of name: String, style: OutputKeyStyle?) -> String {
        guard let style, style != .asIs else { return name }
        return style.key(for: name)
    }

    /// The output key of `property` in `model` under the request's `profile`: the profile's key
    /// style, else the model's.
    static func name(of property: PropertyDefinition, in model: ResolvedModel, profile: OutputOptions) -> String {
        name(of: property.name, style: profile.keys ?? model.output.keys)
    }

    /// The mistakes of `registry`: for every model, each pair of members that one key style
    /// (the model's own, or a profile's over it) writes under the same key; only the models
    /// `among` names, when given.
    static func collisions(in registry: SchemaRegistry, among models: Set<String>? = nil) -> [SchemaError] {
        let styled = registry.profiles.values.filter { $0.options.keys != nil }.sorted { $0.name < $1.name }
        var errors: [SchemaError] = []
        for name in registry.names where models?.contains(name) ?? true {
            guard let model = registry.models[name] else { continue }
            var styles: [(style: OutputKeyStyle, under: String)] = []
            if let own = model.output.keys { styles.append((own, "its 'output: { keys: \(own.rawValue) }'")) }
            for profile in styled {
                if let style = profile.options.keys { styles.append((style, "profile '\(profile.name)'")) }
            }
            for (style, under) in styles where style != .asIs {
                var seen: [String: String] = [:]
                for property in model.properties {
                    let key = style.key(for: property.name)
                    if let other = seen[key] {
                        errors.append(SchemaError(file: model.file, model: model.name, property: property.name,
                                                  message: "under \(under) properties '\(other)' and '\(property.name)' are both written as '\(key)'"))
                    } else {
                        seen[key] = property.name
                    }
                }
            }
        }
        return errors
    }
}
