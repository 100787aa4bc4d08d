/// Writes the input a model reads as JSON Schema (draft 2020-12): the upstream shape that
/// `convert` takes and `reverse` writes.
///
/// A schema file describes the output; the input is derived from it: every key a property
/// reads (its `from` candidates, key paths and JSON Pointers, else its name in the model's
/// `keys` style), the discriminator's tag, and at each key the JSON types the property's
/// converter takes in lax mode (only its natural types under `strict: true`). The schema states
/// nothing conversion does not enforce, so a payload that breaks it is refused with 422; one
/// that meets it may still fail a value check (`minimum`, `pattern`, a date format…), which the
/// output schema states. Keys past a property's first candidate are listed without a type: they
/// are read only while the earlier ones are missing or null.
public struct InputSchemaExporter {
    let registry: SchemaRegistry

    public init(registry: SchemaRegistry) { self.registry = registry }

    /// The input of `name` on its own, titled, each nested model's input a `$ref` made by
    /// `reference` from the model's name; nil when the model does not exist.
    public func component(for name: String, reference: (String) -> String) -> JSONValue? {
        guard let model = registry.models[name] else { return nil }
        var members: [JSONValue.Member] = [
            .init("title", .string("\(name) (input)")),
            .init("description", .string("The upstream shape `\(name)` reads in lax mode.")),
        ]
        let own = objectSchema(model, reference)
        guard let discriminator = model.discriminator else {
            if case .object(let body) = own { members += body }
            return .object(members)
        }
        // Predicates pick among their models (and the fallback) by what the object holds.
        guard discriminator.when.isEmpty else {
            let variants = discriminator.models.map { JSONValue.object([.init("$ref", .string(reference($0)))]) }
            members.append(.init("anyOf", .array(variants)))
            return .object(members)
        }
        // A tag selects a mapped model (`InputSchemaExporter+Discriminator`).
        return .object(members + tagged(model, discriminator, reference))
    }

    /// The object a model reads: its keys, the ones a required property needs, and, under
    /// `unknownKeys: reject`, no others; with `tag`, also that key, as a picked model reads it.
    func objectSchema(_ model: ResolvedModel, _ reference: (String) -> String,
                      tag: (source: KeySource, schema: JSONValue, required: Bool)? = nil) -> JSONValue {
        if model.tuple {
            return tupleSchema(model, positions: model.properties.filter { $0.compute == nil }.map { propertySchema($0, model, reference) })
        }
        var tree = InputKeyTree()
        // A computed member is not read from the input.
        for property in model.properties where property.compute == nil {
            let sources = model.sources(of: property)
            if sources[0].isEnclosing, case .model(let name) = property.type.kind {
                tree.place(InputSchemaExporter.flattenedSchema(name, reference), at: sources[0], required: false)
                continue
            }
            // A required property with one source is missing without it; with several, any will do.
            tree.place(propertySchema(property, model, reference), at: sources[0], required: model.isRequired(property) && sources.count == 1)
            for later in sources.dropFirst() {
                tree.place(["description": .string("Read into `\(property.name)` when \(sources[0]) is missing or null.")], at: later, required: false)
            }
        }
        if let tag { tree.place(tag.schema, at: tag.source, required: tag.required) }
        else if let discriminator = model.discriminator, discriminator.style == .internal, let from = discriminator.from {
            let tags = discriminator.mapping.map { "`\($0.tag)` (\($0.model))" }.joined(separator: ", ")
            tree.place(["description": .string("The tag that picks the model: \(tags); absent or null keeps \(model.name).")],
                       at: from, required: false)
        }
        guard case .object(let body) = tree.schema() else { return ["type": "object"] }
        var members: [JSONValue.Member] = [.init("type", "object")] + body
        if model.unknownKeys == .reject {
            members.append(.init(InputSchemaExporter.flattens(model) ? "unevaluatedProperties" : "additionalProperties", false))
        }
        return .object(members)
    }

    /// What one property's first key may hold: its type's input, or null.
    private func propertySchema(_ property: PropertyDefinition, _ model: ResolvedModel, _ reference: (String) -> String) -> JSONValue {
        var required = model.isRequired(property) ? "required" : "optional"
        if property.strict { required += ", strict" }
        let note = "Read into `\(property.name)` (\(property.type), \(required))" + (property.description.map { ": \($0)" } ?? ".")
        var schema = InputSchemaExporter.orNull(valueSchema(property.type, property, reference))
        if case .object(let members) = schema { schema = .object([.init("description", .string(note))] + members) }
        return schema
    }

    /// What a value of `type` may come as; null only when the type is nullable.
    private func valueSchema(_ type: TypeRef, _ property: PropertyDefinition, _ reference: (String) -> String) -> JSONValue {
        let lax = !property.strict
        let schema: JSONValue
        switch type.kind {
        case .any:
            return [:]
        case .model(let name):
            // Lax mode takes PHP's empty array for an empty object.
            var options: [JSONValue] = [["$ref": .string(reference(name))]]
            if lax { options.append(["type": "array", "maxItems": 0]) }
            schema = options.count == 1 ? options[0] : ["anyOf": .array(options)]
        case .array(let element), .set(let element):
            let items = valueSchema(element, property, reference)
            let list: JSONValue = ["type": "array", "items": items]
            schema = property.wrapSingle ? ["anyOf": [list, items]] : list
        case .map(let element):
            let elementSchema = valueSchema(element, property, reference)
            // Reshaping reads the property's own map from a list, not maps nested in it.
            let list = type == property.type ? reshapedMapSchema(element, property, elementSchema: elementSchema) : nil
            schema = list ?? ["type": "object", "additionalProperties": elementSchema]
        case .union(let branches):
            schema = ["oneOf": .array(branches.map { branchSchema($0, property, reference) })]
        default:
            schema = ["type": .array(InputSchemaExporter.scalarTypes(type.kind, lax: lax, mapped: property.values != nil).map { .string($0) })]
        }
        return type.nullable ? InputSchemaExporter.orNull(schema) : schema
    }

    /// What a union branch may come as: only the JSON types it takes (`UnionBranches`), since
    /// the input's type picks the branch before the branch's own lax coercions apply.
    private func branchSchema(_ branch: TypeRef, _ property: PropertyDefinition, _ reference: (String) -> String) -> JSONValue {
        switch branch.kind {
        case .model(let name): ["$ref": .string(reference(name))]
        case .array, .set, .map, .any: valueSchema(branch, property, reference)
        default: ["type": .array(UnionBranches.types(of: branch, formats: property.formats).names.map { .string($0) })]
        }
    }

    /// The JSON types a scalar converter takes (SPEC §3.2); a `values` table looks any scalar up.
    private static func scalarTypes(_ kind: TypeRef.Kind, lax: Bool, mapped: Bool) -> [String] {
        if mapped { return ["string", "number", "boolean"] }
        switch kind {
        case .bool: return lax ? ["boolean", "number", "string"] : ["boolean"]
        case .integer: return lax ? ["number", "string", "boolean"] : ["number"]
        case .float, .double: return lax ? ["number", "string"] : ["number"]
        case .decimal: return ["number", "string"]
        case .string: return lax ? ["string", "number", "boolean"] : ["string"]
        // Numbers are epoch times, taken in lax mode and where `formats` names an epoch form.
        case .date: return ["string", "number"]
        case .url, .data: return ["string"]
        // A duration may be a number of seconds in lax mode.
        case .format(let format): return lax && format == .duration ? ["string", "number"] : ["string"]
        case .any, .model, .array, .set, .map, .union: return []
        }
    }

    /// `schema`, or null.
    private static func orNull(_ schema: JSONValue) -> JSONValue {
        guard case .object(var members) = schema else { return schema }
        if let index = members.firstIndex(where: { $0.key == "type" }) {
            switch members[index].value {
            case .string(let type): members[index].value = [.string(type), "null"]
            case .array(let types) where !types.contains("null"): members[index].value = .array(types + ["null"])
            default: break
            }
            return .object(members)
        }
        if let index = members.firstIndex(where: { $0.key == "anyOf" || $0.key == "oneOf" }), case .array(let options) = members[index].value {
            guard !options.contains(["type": "null"]) else { return schema }
            members[index].value = .array(options + [["type": "null"]])
            return .object(members)
        }
        // `{}` (any) already takes null; a `$ref` alone gets null beside it.
        return members.isEmpty ? schema : ["anyOf": [schema, ["type": "null"]]]
    }

    /// The values a tag matches: its text, and the number or boolean literal it spells, which
    /// the dispatch compares by text too.
    static func tagValues(_ tag: String) -> [JSONValue] {
        switch try? JSONValue(parsing: tag) {
        case .number(let text)? where text == tag: [.string(tag), .number(tag)]
        case .bool(let value)? where tag == (value ? "true" : "false"): [.string(tag), .bool(value)]
        default: [.string(tag)]
        }
    }
}
