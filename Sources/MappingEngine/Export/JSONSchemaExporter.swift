/// Writes a model's normalized output as JSON Schema (draft 2020-12), nested models in `$defs`.
public struct JSONSchemaExporter {
    let registry: SchemaRegistry

    /// Rewrites each property for its output options (the models' own, and a profile's).
    let forms: OutputSchemaForms

    /// The exporter of what `registry`'s models write under the output profile `profile`
    /// (empty: as the schemas say).
    public init(registry: SchemaRegistry, profile: OutputOptions = OutputOptions()) {
        self.registry = registry
        forms = OutputSchemaForms(profile: profile)
    }

    /// The schema of `name`'s output, or nil when the model does not exist.
    public func schema(for name: String) -> JSONValue? {
        guard let model = registry.models[name] else { return nil }
        let reference = { (model: String) in "#/$defs/\(model)" }
        var defs: [String: JSONValue] = [:]
        var pending = model.properties.flatMap { $0.type.modelNames } + (model.discriminator?.models ?? [])
        var seen: Set<String> = [name]
        while let next = pending.popLast() {
            guard seen.insert(next).inserted, let nested = registry.models[next] else { continue }
            defs[next] = objectSchema(nested, reference)
            pending += nested.properties.flatMap { $0.type.modelNames } + (nested.discriminator?.models ?? [])
        }
        var members: [JSONValue.Member] = [
            .init("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            .init("$id", .string("urn:convertd:schema:\(name)")),
            .init("title", .string(name)),
        ]
        if model.discriminator != nil || registry.models.values.contains(where: { $0.properties.contains { $0.type.modelNames.contains(name) } }) {
            defs[name] = objectSchema(model, reference)
            members.append(.init("$ref", .string(reference(name))))
        } else if case .object(let body) = objectSchema(model, reference) {
            members += body
        }
        if !defs.isEmpty {
            members.append(.init("$defs", .object(defs.keys.sorted().compactMap { key in defs[key].map { .init(key, $0) } })))
        }
        return .object(members)
    }

    /// The schema of `name`'s output on its own, titled, each nested model a `$ref` made by
    /// `reference` from its name: for a document that holds every model side by side, such as
    /// OpenAPI's `#/components/schemas/{name}`. Nil when the model does not exist.
    public func component(for name: String, reference: (String) -> String) -> JSONValue? {
        guard let model = registry.models[name], case .object(let body) = objectSchema(model, reference) else { return nil }
        return .object([.init("title", .string(name))] + body)
    }

    /// A model's object schema; with a discriminator, one of the models it picks
    /// (`JSONSchemaExporter+Discriminator`).
    private func objectSchema(_ model: ResolvedModel, _ reference: (String) -> String) -> JSONValue {
        let own = plainObjectSchema(model, reference)
        guard let discriminator = model.discriminator else { return own }
        return discriminated(own, model, discriminator, reference)
    }

    /// A model's own object schema: its properties, without its discriminator's choices.
    func plainObjectSchema(_ model: ResolvedModel, _ reference: (String) -> String) -> JSONValue {
        var members: [JSONValue.Member] = []
        if let description = model.description { members.append(.init("description", .string(description))) }
        members.append(.init("type", .string("object")))
        members.append(.init("properties", .object(model.properties.map { property in
            .init(forms.name(property, in: model), forms.schema(propertySchema(property, reference), of: property.type, forms.options(property, in: model)))
        })))
        // Under `nulls: omit` a nullable member is left out when null, so it is not always there.
        let alwaysPresent = model.properties.filter {
            (model.isRequired($0) || $0.defaultValue != nil) && !($0.type.nullable && forms.options($0, in: model).nulls == .omit)
        }.map { JSONValue.string(forms.name($0, in: model)) }
        if !alwaysPresent.isEmpty { members.append(.init("required", .array(alwaysPresent))) }
        members.append(.init("additionalProperties", .bool(model.unknownKeys == .keep)))
        // Rules are CEL, which JSON Schema cannot say: carried as an extension, as Kubernetes
        // carries `x-kubernetes-validations`.
        if !model.rules.isEmpty { members.append(.init("x-convertd-rules", .array(model.rules.map(ModelDescription.describe)))) }
        return .object(members)
    }

    private func propertySchema(_ property: PropertyDefinition, _ reference: (String) -> String) -> JSONValue {
        var schema = typeSchema(property.type, leaf: property, reference)
        if let description = property.description, case .object(var members) = schema {
            members.insert(.init("description", .string(description)), at: 0)
            schema = .object(members)
        }
        // A computed member is output only: the server writes it, no client sends it.
        if property.compute != nil, case .object(var members) = schema {
            members.append(.init("readOnly", .bool(true)))
            schema = .object(members)
        }
        return JSONSchemaExporter.reshapingNote(on: schema, property)
    }

    /// The schema of a type; constraints of the property apply to its scalar leaf, counts to its container.
    private func typeSchema(_ type: TypeRef, leaf property: PropertyDefinition, _ reference: (String) -> String) -> JSONValue {
        var members: [JSONValue.Member] = []
        var typeName: String?
        switch type.kind {
        case .bool: typeName = "boolean"
        case .integer(let width):
            typeName = "integer"
            // The width's bounds, unless the property declares its own.
            let (min, max) = IntegerBounds.text(of: width)
            if property.minimum == nil && property.exclusiveMinimum == nil { members.append(.init("minimum", .number(min))) }
            if property.maximum == nil && property.exclusiveMaximum == nil { members.append(.init("maximum", .number(max))) }
        case .float, .double, .decimal: typeName = "number"
        case .string: typeName = "string"
        case .date: typeName = "string"; members.append(.init("format", .string("date-time")))
        case .url: typeName = "string"; members.append(.init("format", .string("uri")))
        case .data: typeName = "string"; members.append(.init("contentEncoding", .string("base64")))
        case .format(let format): typeName = "string"; members += format.schemaKeywords
        case .any: break
        case .union(let branches):
            return unionSchema(type, branches, leaf: property, reference)
        case .model(let name):
            let ref = JSONValue.object([.init("$ref", .string(reference(name)))])
            return type.nullable ? .object([.init("anyOf", .array([ref, .object([.init("type", .string("null"))])]))]) : ref
        case .array(let element), .set(let element):
            typeName = "array"
            members.append(.init("items", typeSchema(element, leaf: property, reference)))
            if case .set = type.kind { members.append(.init("uniqueItems", .bool(true))) }
            if let n = property.minItems { members.append(.init("minItems", .number(String(n)))) }
            if let n = property.maxItems { members.append(.init("maxItems", .number(String(n)))) }
        case .map(let element):
            typeName = "object"
            members.append(.init("additionalProperties", typeSchema(element, leaf: property, reference)))
            if let n = property.minItems { members.append(.init("minProperties", .number(String(n)))) }
            if let n = property.maxItems { members.append(.init("maxProperties", .number(String(n)))) }
        }
        if type.element == nil {
            members += leafConstraints(property)
        }
        if let typeName {
            let typeValue: JSONValue = type.nullable ? .array([.string(typeName), .string("null")]) : .string(typeName)
            members.insert(.init("type", typeValue), at: 0)
        }
        return .object(members)
    }

    /// A union's output: `oneOf` its branches (each writes a JSON type no other does), null
    /// beside them when it is nullable; the property's default belongs to the union, not a branch.
    private func unionSchema(_ type: TypeRef, _ branches: [TypeRef], leaf property: PropertyDefinition, _ reference: (String) -> String) -> JSONValue {
        var bare = property
        bare.defaultValue = nil
        var options = branches.map { typeSchema($0, leaf: bare, reference) }
        if type.nullable { options.append(.object([.init("type", .string("null"))])) }
        var members: [JSONValue.Member] = [.init("oneOf", .array(options))]
        if let value = property.defaultValue { members.append(.init("default", value)) }
        return .object(members)
    }

    private func leafConstraints(_ property: PropertyDefinition) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        for (key, value) in [("minimum", property.minimum), ("maximum", property.maximum),
                             ("exclusiveMinimum", property.exclusiveMinimum), ("exclusiveMaximum", property.exclusiveMaximum)] {
            if let value { members.append(.init(key, .number(value))) }
        }
        if let n = property.minLength { members.append(.init("minLength", .number(String(n)))) }
        if let n = property.maxLength { members.append(.init("maxLength", .number(String(n)))) }
        if let pattern = property.pattern { members.append(.init("pattern", .string(pattern))) }
        if let allowed = property.enumValues { members.append(.init("enum", .array(allowed))) }
        else if let values = property.values {
            var outputs: [JSONValue] = []
            for entry in values where !outputs.contains(entry.value) { outputs.append(entry.value) }
            members.append(.init("enum", .array(outputs)))
        }
        if let value = property.defaultValue { members.append(.init("default", value)) }
        return members
    }
}

/// The bounds of each integer width as exact decimal text.
enum IntegerBounds {
    static func text(of width: IntegerWidth) -> (String, String) {
        switch width {
        case .int8: ("-128", "127")
        case .int16: ("-32768", "32767")
        case .int32: ("-2147483648", "2147483647")
        case .int64: ("-9223372036854775808", "9223372036854775807")
        case .uint8: ("0", "255")
        case .uint16: ("0", "65535")
        case .uint32: ("0", "4294967295")
        case .uint64: ("0", "18446744073709551615")
        }
    }
}
