/// The models inferred from a set of samples, written as a schema file.
struct InferredSchema: Sendable {
    /// Root first, then each model after the first property that refers to it.
    var models: [InferredModel]
    /// How many samples they were inferred from.
    var samples: Int

    /// The file's text in `format`. YAML carries each property's note as a comment; JSON, which
    /// has no comments, as the property's `description`.
    func text(_ format: SchemaInference.Format) -> String {
        switch format {
        case .json:
            return SchemaWriter.text(of: tree(notesAsDescriptions: true), file: "schema.json")
        case .yaml:
            var comments: [String: [String: String]] = [:]
            for model in models {
                for property in model.body.properties {
                    if let note = property.note { comments[model.name, default: [:]][property.name] = note }
                }
            }
            let plural = samples == 1 ? "" : "s"
            let header = [
                "Inferred by `convertd infer` from \(samples) sample\(plural): review the types, the required properties",
                "and the guesses marked below before serving it.",
            ]
            return SchemaYAMLWriter.text(of: tree(notesAsDescriptions: false), header: header, comments: comments)
        }
    }

    /// The file's tree: model name → model, in order.
    func tree(notesAsDescriptions: Bool) -> JSONValue {
        .object(models.map { model in
            var options: [JSONValue.Member] = []
            if model.body.keys != .asIs { options.append(.init("keys", .string(model.body.keys.rawValue))) }
            let properties = model.body.properties.map { JSONValue.Member($0.name, spec(of: $0, notesAsDescriptions: notesAsDescriptions)) }
            options.append(.init("properties", .object(properties)))
            return JSONValue.Member(model.name, .object(options))
        })
    }

    /// A property's options, or just its type when it has no other.
    private func spec(of property: InferredProperty, notesAsDescriptions: Bool) -> JSONValue {
        var options: [JSONValue.Member] = [.init("type", .string(property.type.description))]
        if let from = property.from { options.append(.init("from", .string(from))) }
        if property.required { options.append(.init("required", .bool(true))) }
        if let values = property.enumValues { options.append(.init("enum", .array(values.map(JSONValue.string)))) }
        if let formats = property.formats { options.append(.init("formats", .array(formats.map { .string($0.name) }))) }
        if let pairs = property.pairs {
            options.append(.init("pairs", ["key": .string(pairs.key.description), "value": .string(pairs.value.description)]))
        }
        if notesAsDescriptions, let note = property.note { options.append(.init("description", .string(note))) }
        return options.count == 1 ? options[0].value : .object(options)
    }
}
