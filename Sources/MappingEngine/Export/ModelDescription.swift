/// A resolved model as JSON, in the schema language's own terms: what `GET /schemas/{Schema}`
/// shows next to the model's JSON Schema.
public enum ModelDescription {
    /// The model with inheritance, `include` and `exclude` applied.
    public static func describe(_ model: ResolvedModel) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("name", .string(model.name)),
            .init("file", .string(model.file)),
            .init("version", .string(model.version)),
        ]
        if let parent = model.extends { members.append(.init("extends", .string(parent))) }
        members.append(.init("lineage", .array(model.lineage.map(JSONValue.string))))
        if let text = model.description { members.append(.init("description", .string(text))) }
        members.append(.init("keys", .string(model.keys.rawValue)))
        members.append(.init("unknownKeys", .string(model.unknownKeys.rawValue)))
        if model.requiredAll { members.append(.init("required", .string("all"))) }
        if let discriminator = model.discriminator {
            var picks: [JSONValue.Member] = []
            if discriminator.when.isEmpty {
                if discriminator.style != .internal { picks.append(.init("style", .string(discriminator.style.rawValue))) }
                if let from = discriminator.from { picks.append(.init("from", .string(from.description))) }
                if let content = discriminator.content { picks.append(.init("content", .string(content))) }
                picks.append(.init("mapping", .object(discriminator.mapping.map { .init($0.tag, .string($0.model)) })))
                if discriminator.caseInsensitive { picks.append(.init("caseInsensitive", .bool(true))) }
            } else {
                picks.append(.init("when", .array(discriminator.when.map { ["if": .string($0.condition), "model": .string($0.model)] })))
            }
            if let fallback = discriminator.fallback { picks.append(.init("fallback", .string(fallback))) }
            members.append(.init("discriminator", .object(picks)))
        }
        members.append(.init("properties", .object(model.properties.map { .init($0.name, describe($0, in: model)) })))
        if !model.rules.isEmpty { members.append(.init("rules", .array(model.rules.map(describe)))) }
        return .object(members)
    }

    /// A rule as the schema states it.
    static func describe(_ rule: RuleDefinition) -> JSONValue {
        var members: [JSONValue.Member] = [.init("rule", .string(rule.rule))]
        if let path = rule.path { members.append(.init("path", .string(path))) }
        if let code = rule.code { members.append(.init("code", .string(code))) }
        if let message = rule.message { members.append(.init("message", .string(message))) }
        return .object(members)
    }

    private static func describe(_ property: PropertyDefinition, in model: ResolvedModel) -> JSONValue {
        if let compute = property.compute {
            var members: [JSONValue.Member] = [.init("type", .string(property.type.description)), .init("compute", .string(compute))]
            if let text = property.description { members.append(.init("description", .string(text))) }
            return .object(members)
        }
        var members: [JSONValue.Member] = [
            .init("type", .string(property.type.description)),
            .init("from", .array(model.sources(of: property).map { .string($0.description) })),
            .init("required", .bool(model.isRequired(property))),
        ]
        func add(_ key: String, _ value: JSONValue?) {
            if let value { members.append(.init(key, value)) }
        }
        add("default", property.defaultValue)
        add("enum", property.enumValues.map(JSONValue.array))
        add("values", property.values.map(JSONValue.object))
        add("minimum", property.minimum.map(JSONValue.number))
        add("maximum", property.maximum.map(JSONValue.number))
        add("exclusiveMinimum", property.exclusiveMinimum.map(JSONValue.number))
        add("exclusiveMaximum", property.exclusiveMaximum.map(JSONValue.number))
        add("minLength", property.minLength.map { .number(String($0)) })
        add("maxLength", property.maxLength.map { .number(String($0)) })
        add("pattern", property.pattern.map(JSONValue.string))
        add("minItems", property.minItems.map { .number(String($0)) })
        add("maxItems", property.maxItems.map { .number(String($0)) })
        add("formats", property.formats.map { .array($0.map { .string($0.name) }) })
        add("transform", property.transform.map(JSONValue.string))
        if property.strict { members.append(.init("strict", .bool(true))) }
        if property.wrapSingle { members.append(.init("wrapSingle", .bool(true))) }
        if property.onError != .fail { members.append(.init("onError", .string(property.onError.rawValue))) }
        if property.onItemError != .fail { members.append(.init("onItemError", .string(property.onItemError.rawValue))) }
        add("description", property.description.map(JSONValue.string))
        return .object(members)
    }
}

extension DateFormat {
    /// The `formats` entry that selects this format: its name, or the pattern as written.
    public var name: String {
        if case .pattern(let pattern) = self { return pattern.source }
        return DateFormat.names.first { $0.format == self }?.name ?? "rfc3339"
    }
}
