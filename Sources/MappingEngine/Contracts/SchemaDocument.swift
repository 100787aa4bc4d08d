/// One side of a model's contract as JSON Schema: the model's schema and every model it reaches
/// through `$ref`, by name, so the compatibility walk can follow references on both versions.
struct SchemaDocument {
    /// The model's own schema, its `$defs` taken out.
    let root: JSONValue
    /// The schemas `"#/$defs/{name}"` refers to.
    let defs: [String: JSONValue]

    /// What every reference in these documents looks like.
    static let prefix = "#/$defs/"

    /// The schema `reference` names; nil for a reference of another form or to no model.
    func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix(SchemaDocument.prefix) else { return nil }
        return defs[String(reference.dropFirst(SchemaDocument.prefix.count))]
    }

    /// The input `model` reads in `registry`, with the input of each model it reaches; nil when
    /// the model does not exist. At most one schema per model of the registry is built.
    static func input(of model: String, in registry: SchemaRegistry) -> SchemaDocument? {
        let exporter = InputSchemaExporter(registry: registry)
        let reference = { (name: String) in SchemaDocument.prefix + name }
        guard let root = exporter.component(for: model, reference: reference) else { return nil }
        var defs: [String: JSONValue] = [:]
        var pending = references(in: root)
        while let name = pending.popLast() {
            guard defs[name] == nil, let schema = exporter.component(for: name, reference: reference) else { continue }
            defs[name] = schema
            pending += references(in: schema)
        }
        return SchemaDocument(root: root, defs: defs)
    }

    /// The output `model` writes in `registry`, its nested models from the schema's `$defs`;
    /// nil when the model does not exist.
    static func output(of model: String, in registry: SchemaRegistry) -> SchemaDocument? {
        guard case .object(let members)? = JSONSchemaExporter(registry: registry).schema(for: model) else { return nil }
        var defs: [String: JSONValue] = [:]
        if case .object(let entries)? = members.last(where: { $0.key == "$defs" })?.value {
            for entry in entries { defs[entry.key] = entry.value }
        }
        return SchemaDocument(root: .object(members.filter { $0.key != "$defs" }), defs: defs)
    }

    /// The model names `schema`'s references name, each once.
    private static func references(in schema: JSONValue) -> [String] {
        var names: Set<String> = []
        collect(schema, into: &names)
        return names.sorted()
    }

    /// Adds the names of the references in `value` to `names`; the exporters' schemas are as
    /// deep as the registry's limits on types and key paths allow.
    private static func collect(_ value: JSONValue, into names: inout Set<String>) {
        switch value {
        case .object(let members):
            for member in members {
                if member.key == "$ref", case .string(let reference) = member.value, reference.hasPrefix(prefix) {
                    names.insert(String(reference.dropFirst(prefix.count)))
                } else {
                    collect(member.value, into: &names)
                }
            }
        case .array(let items):
            for item in items { collect(item, into: &names) }
        default:
            break
        }
    }
}
