/// The JSON Schema of what output options write (SPEC §10): a property's schema as
/// `JSONSchemaExporter` writes it for the default form, rewritten for the form its options
/// ask (`type: string, format: int64` for an int64 written as a string, a number for an epoch
/// date, a string described as an HTTP date) under its output name.
struct OutputSchemaForms {
    /// The request's profile, laid over each model's and property's own options.
    let profile: OutputOptions

    /// The output key of `property` in `model`.
    func name(_ property: PropertyDefinition, in model: ResolvedModel) -> String {
        OutputNames.name(of: property, in: model, profile: profile)
    }

    /// The options a property is written with, as `Compiler.outputOptions` lays them.
    func options(_ property: PropertyDefinition, in model: ResolvedModel) -> OutputOptions {
        profile.laid(over: property, in: model)
    }

    /// `schema`, the default form's schema of a value of `type`, in the form `options` write.
    func schema(_ schema: JSONValue, of type: TypeRef, _ options: OutputOptions) -> JSONValue {
        guard case .object(var members) = schema else { return schema }
        switch type.kind {
        case .array(let element), .set(let element):
            return .object(members.map { $0.key == "items" ? .init("items", self.schema($0.value, of: element, options)) : $0 })
        case .map(let element):
            return .object(members.map {
                $0.key == "additionalProperties" ? .init("additionalProperties", self.schema($0.value, of: element, options)) : $0
            })
        case .integer(.int64), .integer(.uint64), .decimal:
            guard options.numberForm(of: type.kind) == .string else { return schema }
            let format = switch type.kind {
            case .integer(.int64): "int64"
            case .integer(.uint64): "uint64"
            default: "decimal"
            }
            // Bounds are numbers' keywords; the string's digits are the same value.
            members.removeAll { ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"].contains($0.key) }
            members = members.map { member in
                switch member.key {
                case "type": .init("type", OutputSchemaForms.retyped(member.value, to: "string"))
                case "enum", "default": .init(member.key, OutputSchemaForms.quoted(member.value))
                default: member
                }
            }
            members.append(.init("format", .string(format)))
            return .object(members)
        case .date:
            guard let form = options.date, form == .epochSeconds || form == .epochMillis || form == .http else { return schema }
            members.removeAll { $0.key == "format" }
            let description = switch form {
            case .epochSeconds: "seconds since 1970-01-01T00:00:00Z (a fraction when the instant has one)"
            case .epochMillis: "milliseconds since 1970-01-01T00:00:00Z (a fraction when the instant has sub-millisecond digits)"
            default: "an HTTP date, IMF-fixdate (RFC 9110 §5.6.7): Mon, 01 Jul 2024 07:30:00 GMT"
            }
            members = members.map { $0.key == "type" ? .init("type", OutputSchemaForms.retyped($0.value, to: form == .http ? "string" : "number")) : $0 }
            members.append(.init("description", .string(description)))
            return .object(members)
        default:
            return schema
        }
    }

    /// A `type` keyword with its JSON type replaced by `name`, null kept beside it.
    private static func retyped(_ value: JSONValue, to name: String) -> JSONValue {
        if case .array(let names) = value { return .array(names.map { $0 == .string("null") ? $0 : .string(name) }) }
        return .string(name)
    }

    /// Numbers (alone or in a list) as the strings of their digits.
    private static func quoted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let text): .string(text)
        case .array(let items): .array(items.map(quoted))
        default: value
        }
    }
}
