/// Undoes output options before a reverse mapping (SPEC §10: `/reverse` accepts both forms):
/// one object of a model, its members renamed back from their output keys to the properties'
/// names, numbers written as strings made numbers again, dates in the epoch or HTTP form the
/// options write made RFC 3339, and a nullable property that `nulls: omit` left out made null
/// again where only a null can have been left out (it is required, or has a default).
///
/// Number strings are taken for every integer width and for decimals under any options, so a
/// client can send back what the `js` profile gave it without saying so. Nested models are left to their own turn:
/// `ReverseMapper` calls this once for every object it reverses.
struct ReverseOutputForms {
    let registry: SchemaRegistry
    /// The request's profile, laid over each model's and property's own options.
    let profile: OutputOptions

    /// `value`, an object (or a tuple's array) of `model`, in the form conversion writes
    /// without any output options.
    func normalized(_ value: JSONValue, _ model: ResolvedModel) -> JSONValue {
        if model.tuple, case .array(let items) = value {
            let properties = model.properties.filter { $0.compute == nil }
            return .array(items.enumerated().map { index, item in
                index < properties.count ? scalar(item, properties[index].type, options(properties[index], model)) : item
            })
        }
        guard case .object(let members) = value else { return value }
        var byKey: [String: (property: PropertyDefinition, model: ResolvedModel)] = [:]
        // A discriminated model's variants have their own names: any of them may have written the object.
        let variants = [model] + (model.discriminator?.models ?? []).compactMap { registry.models[$0] }
        for variant in variants.reversed() {
            for property in variant.properties { byKey[OutputNames.name(of: property, in: variant, profile: profile)] = (property, variant) }
        }
        var result: [JSONValue.Member] = members.map { member in
            guard let found = byKey[member.key] else { return member }
            return .init(found.property.name, scalar(member.value, found.property.type, options(found.property, found.model)))
        }
        let present = Set(result.map(\.key))
        // Left out under `nulls: omit`, such a property was null: missing, it would have been
        // written (as its default) or refused (required).
        for property in model.properties where !present.contains(property.name) && property.type.nullable && property.compute == nil
            && (model.isRequired(property) || property.defaultValue != nil) && options(property, model).nulls == .omit {
            result.append(.init(property.name, .null))
        }
        return .object(result)
    }

    /// The options a property was written with, as `Compiler.outputOptions` lays them.
    private func options(_ property: PropertyDefinition, _ model: ResolvedModel) -> OutputOptions {
        profile.laid(over: property, in: model)
    }

    /// A property's value (or an element of it) back in the default form; models are left as they are.
    private func scalar(_ value: JSONValue, _ type: TypeRef, _ options: OutputOptions) -> JSONValue {
        switch (type.kind, value) {
        case (.array(let element), .array(let items)), (.set(let element), .array(let items)):
            return .array(items.map { scalar($0, element, options) })
        case (.map(let element), .object(let members)):
            return .object(members.map { .init($0.key, scalar($0.value, element, options)) })
        case (.integer, .string(let text)), (.decimal, .string(let text)):
            // Only a profile writes int64, uint64 and decimal as strings, but a client may quote
            // any integer it sends back: the digits are the same value. Only a bare number
            // literal counts; other text is left for the reverse to refuse as a string.
            guard case .number(let literal)? = try? JSONValue(parsing: text), literal == text else { return value }
            return .number(text)
        case (.date, .number(let literal)) where options.date == .epochSeconds || options.date == .epochMillis:
            let unit: DateFormat = options.date == .epochMillis ? .epochMillis : .epochSeconds
            return rfc3339(Array(literal.utf8).withUnsafeBufferPointer { DateParser.parseEpoch($0, formats: [unit]) }) ?? value
        case (.date, .string(let text)) where options.date == .http:
            return rfc3339(Array(text.utf8).withUnsafeBufferPointer { DateParser.parse($0, formats: [.rfc1123]) }) ?? value
        default:
            return value
        }
    }

    /// `instant` as the RFC 3339 UTC string conversion writes; nil for no instant.
    private func rfc3339(_ instant: Instant?) -> JSONValue? {
        guard let instant else { return nil }
        var text = [UInt8](repeating: 0, count: DateFormatter3339.maxLength)
        guard let count = text.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { DateFormatter3339.write(instant, to: $0) } }) else { return nil }
        return .string(String(decoding: text.prefix(count), as: UTF8.self))
    }
}
