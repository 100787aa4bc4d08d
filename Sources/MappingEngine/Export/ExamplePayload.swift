import Foundation

/// An upstream payload for a model, written from its schema, that converts: what
/// `GET /schemas/{Model}/example` answers and the playground starts from.
///
/// Every property is written at the key it reads first (its first `from` candidate, key paths
/// as nested objects, JSON Pointers' digit tokens as array positions, else its name in the
/// model's `keys` style), with a value of its type that its checks take: the first of its `enum`,
/// its `values` table's first entry, its `default`, else one made for it — a number inside its
/// bounds, a string of its length that its `pattern` matches, a date in one of its `formats`, a
/// nested model's own example, one element in an array or set (as many as `minItems` asks), one
/// entry in a map. A model with a discriminator is written with its first mapped model's tag and
/// that model's properties (the first mapped model that takes the tag's key: one that rejects
/// unknown keys may not). Each scalar is tried through the property's own converter, in strict
/// mode first, so the payload converts in lax mode and, where a value of the natural JSON type
/// will do, in strict mode too.
///
/// A property no value fits (a pattern no simple text matches, a recursion) is left out when it
/// is optional, and written anyway, as null when it may be, when it is required. The output
/// depends on the models alone: the same registry gives the same bytes.
public struct ExamplePayload {
    let registry: SchemaRegistry

    public init(registry: SchemaRegistry) { self.registry = registry }

    /// Nested models deeper than this are not written: a model reached again (a recursion) is
    /// not either, before that.
    static let maxDepth = 16

    /// The most properties written in one example: models that each use the next several times
    /// would otherwise ask for an example that grows with the product of their uses. Past it,
    /// nested models are written only where they are required (and then empty).
    static let maxProperties = 10_000

    /// The longest string an example writes (`minLength`, a pattern's repetitions, base64 bytes):
    /// a property asking for more gets no made-up string, so a schema's `minLength: 4000000000`
    /// or nested `+` cannot make one GET allocate without bound.
    static let maxText = 4_096

    /// The instants dates are written from, in turn: a midnight first, which the date-only
    /// formats hold too (2024-05-17T00:00:00Z), then a time of day (10:30).
    static let instants = [Instant(seconds: 1_715_904_000, nanoseconds: 0), Instant(seconds: 1_715_941_800, nanoseconds: 0)]

    /// The example of `name`, or nil when the model does not exist.
    public func payload(for name: String) -> JSONValue? {
        guard let model = registry.models[name] else { return nil }
        var budget = ExamplePayload.maxProperties
        let example = object(model, stack: [name], budget: &budget)
        // A top-level array is a list of documents: a tuple model's one positional array goes in one.
        return model.tuple ? .array([example]) : example
    }

    /// The object `model` reads; with a discriminator, the first mapped model's tag and the
    /// mapped model's object: in one object for an internal tag, since the tag hands the whole
    /// object to it, and as the tag's member or beside the tag for an external or adjacent one.
    private func object(_ model: ResolvedModel, stack: [String], budget: inout Int) -> JSONValue {
        var object = ExampleObject()
        guard let discriminator = model.discriminator, discriminator.when.isEmpty,
              let entry = discriminator.mapping.first(where: { registry.models[$0.model] != nil && !stack.contains($0.model) }),
              let variant = registry.models[entry.model] else {
            return members(model, stack: stack, budget: &budget, into: &object)
        }
        let stack = stack + [variant.name]
        switch discriminator.style {
        case .internal:
            if let from = discriminator.from { _ = object.place(.string(entry.tag), at: from, rank: -1) { $0 == .string(entry.tag) } }
            return members(variant, stack: stack, budget: &budget, into: &object)
        case .external:
            return .object([.init(entry.tag, members(variant, stack: stack, budget: &budget, into: &object))])
        case .adjacent:
            var wrapper = ExampleObject()
            if let from = discriminator.from { _ = wrapper.place(.string(entry.tag), at: from, rank: -1) { $0 == .string(entry.tag) } }
            let content = members(variant, stack: stack, budget: &budget, into: &object)
            _ = wrapper.place(content, at: .key(discriminator.content ?? ""), rank: 0) { $0 == content }
            return wrapper.value
        }
    }

    /// The members `reader` reads itself, placed in `object`, which is then the value.
    private func members(_ reader: ResolvedModel, stack: [String], budget: inout Int, into object: inout ExampleObject) -> JSONValue {
        if reader.tuple { return tupleExample(reader, stack: stack, budget: &budget) }
        budget -= reader.properties.count
        // Required properties claim their keys first; then shorter key paths before longer ones,
        // so a pointer into an array placed whole reads what is there.
        let order = reader.properties.indices.sorted { a, b in
            let (first, second) = (reader.properties[a], reader.properties[b])
            return (reader.isRequired(first) ? 0 : 1, reader.sources(of: first)[0].components.count, a)
                < (reader.isRequired(second) ? 0 : 1, reader.sources(of: second)[0].components.count, b)
        }
        for index in order where reader.properties[index].compute == nil {
            let property = reader.properties[index]
            guard let value = propertyValue(property, in: reader, stack: stack, budget: &budget) else { continue }
            if reader.sources(of: property)[0].isEnclosing {
                placeFlattened(value, rank: index, into: &object)
                continue
            }
            _ = object.place(value, at: reader.sources(of: property)[0], rank: index) { existing in
                existing == value || takes(existing, property, in: reader)
            }
        }
        return object.value
    }

    /// The value of one property; nil leaves an optional property out.
    func propertyValue(_ property: PropertyDefinition, in model: ResolvedModel, stack: [String], budget: inout Int) -> JSONValue? {
        if let value = value(property.type, property, in: model, stack: stack, budget: &budget, ordinal: 0) { return value }
        guard model.isRequired(property) else { return nil }
        if property.type.nullable { return .null }
        // Nothing fits, yet the key must be there: the first value tried, which the property's
        // error will then point at.
        switch property.type.kind {
        case .array, .set: return .array([])
        case .map, .model, .any, .union: return .object([])
        default: return scalarCandidates(property.type.kind, property, ordinal: 0).first
        }
    }

    /// A value of `type` for `property`; `ordinal` tells the elements of a container apart (a set
    /// drops equal ones). Nil when none fits.
    private func value(_ type: TypeRef, _ property: PropertyDefinition, in model: ResolvedModel, stack: [String],
                       budget: inout Int, ordinal: Int) -> JSONValue? {
        switch type.kind {
        case .any:
            return .object([])
        case .model(let name):
            guard let nested = registry.models[name], !stack.contains(name), stack.count < ExamplePayload.maxDepth, budget > 0 else {
                return type.nullable ? .null : nil
            }
            return object(nested, stack: stack + [name], budget: &budget)
        case .array(let element), .set(let element), .map(let element):
            // Elements count against the budget as properties do: `minItems` applies at every
            // level of `array<array<…>>`, so its product would otherwise have no bound.
            guard let ordinals = elements(property), budget >= ordinals.count else { return nil }
            budget -= ordinals.count
            var items: [JSONValue] = []
            for ordinal in ordinals {
                guard let item = value(element, property, in: model, stack: stack, budget: &budget, ordinal: ordinal)
                    ?? (element.nullable ? .null : nil) else { break }
                items.append(item)
            }
            // Reshaping reads the property's own list, not lists nested in it.
            if type == property.type {
                items = distinctKeys(items, element, property)
                if let list = reshapedList(items, property) { return fitCount(list, items.count, property) }
            }
            guard case .map = type.kind else { return fitCount(.array(items), items.count, property) }
            let members = items.enumerated().map { JSONValue.Member(items.count == 1 ? "key" : "key\($0.offset + 1)", $0.element) }
            return fitCount(.object(members), members.count, property)
        case .union(let branches):
            // The first branch that has an example (a recursion may leave a model without one);
            // a union is nullable as a whole, its branches are not.
            for branch in branches {
                if let value = value(branch, property, in: model, stack: stack, budget: &budget, ordinal: ordinal) { return value }
            }
            return type.nullable ? .null : nil
        default:
            return scalar(type.kind, property, in: model, ordinal: ordinal)
        }
    }

    /// The ordinals of a container's elements: one, or as many as `minItems` asks, at most
    /// `maxItems`; nil when the two cannot both hold.
    private func elements(_ property: PropertyDefinition) -> Range<Int>? {
        let count = max(1, property.minItems ?? 0)
        guard let most = property.maxItems else { return 0..<count }
        return most >= (property.minItems ?? 0) ? 0..<min(count, most) : nil
    }

    /// `container` when its `count` elements meet `minItems`; else empty when none are needed.
    private func fitCount(_ container: JSONValue, _ count: Int, _ property: PropertyDefinition) -> JSONValue? {
        if count >= (property.minItems ?? 0) && (count > 0 || property.maxItems == 0) { return container }
        guard (property.minItems ?? 0) == 0 else { return nil }
        if case .object = container { return .object([]) }
        return .array([])
    }

    /// The first scalar candidate the property's converter takes in strict mode, else the first
    /// it takes in lax mode; nil when it takes none.
    func scalar(_ kind: TypeRef.Kind, _ property: PropertyDefinition, in model: ResolvedModel, ordinal: Int) -> JSONValue? {
        let candidates = scalarCandidates(kind, property, ordinal: ordinal)
        var strict = property
        strict.strict = true
        let strictConverter = converter(kind, strict, in: model)
        if let natural = candidates.first(where: { ExamplePayload.converts($0, strictConverter) }) { return natural }
        let laxConverter = converter(kind, property, in: model)
        return candidates.first { ExamplePayload.converts($0, laxConverter) }
    }

    /// Whether `value`, already at the place `property` reads (another property put it there),
    /// converts for it in lax mode.
    private func takes(_ value: JSONValue, _ property: PropertyDefinition, in model: ResolvedModel) -> Bool {
        if value == .null { return property.type.nullable || !model.isRequired(property) }
        switch property.type.kind {
        case .any: return true
        case .model, .array, .set, .map, .union: return false
        default: return ExamplePayload.converts(value, converter(property.type.kind, property, in: model))
        }
    }

    /// The property's scalar converter with its checks, as the compiler builds it.
    private func converter(_ kind: TypeRef.Kind, _ property: PropertyDefinition, in model: ResolvedModel) -> any ValueConverter {
        var compiler = Compiler(registry: registry)
        return compiler.scalarConverter(kind, property, in: model)
    }

    private static func converts(_ value: JSONValue, _ converter: any ValueConverter) -> Bool {
        if case .success = ConstantConverter.output(of: value, through: converter, nullable: false) { return true }
        return false
    }

    /// The values tried for a scalar, in order: what the schema declares (`enum`, the `values`
    /// table's inputs, `default`), turned by `ordinal` so a set's elements differ, then values
    /// made for the type and its checks.
    private func scalarCandidates(_ kind: TypeRef.Kind, _ property: PropertyDefinition, ordinal: Int) -> [JSONValue] {
        var declared: [JSONValue] = property.enumValues ?? []
        declared += property.values?.map { .string($0.key) } ?? []
        if let value = property.defaultValue { declared.append(value) }
        if !declared.isEmpty {
            let turn = ordinal % declared.count
            declared = Array(declared[turn...] + declared[..<turn])
        }
        let suffix = ordinal == 0 ? "" : String(ordinal + 1)
        let made: [JSONValue]
        switch kind {
        case .bool:
            made = ordinal % 2 == 0 ? [.bool(true), .bool(false)] : [.bool(false), .bool(true)]
        case .integer:
            made = ExamplePayload.numbers(property, integral: true, ordinal: ordinal).map(JSONValue.number)
        case .float, .double, .decimal:
            made = ExamplePayload.numbers(property, integral: false, ordinal: ordinal).map(JSONValue.number)
        case .string:
            made = ExamplePayload.patterned(property, suffix: suffix) + [property.name + suffix, "example" + suffix]
                .map { .string(ExamplePayload.fitLength($0, property)) }
        case .url:
            made = ExamplePayload.patterned(property, suffix: suffix) + [.string("https://example.com/" + property.name + suffix)]
        case .date:
            made = ExamplePayload.instants.compactMap { instant in
                switch DateWriter.upstream(instant, formats: property.formats ?? DateFormat.defaults) {
                case .string(let text)?: .string(text)
                case .number(let text)?: .number(text)
                case nil: nil
                }
            }
        case .data:
            made = [.string(ExamplePayload.base64(property, ordinal: ordinal))]
        case .format(let format):
            made = [.string(format.example(ordinal: ordinal))]
        case .any, .model, .array, .set, .map, .union:
            made = []
        }
        return declared + made
    }

    /// Texts the property's pattern matches, each with `suffix` where the pattern still matches then.
    private static func patterned(_ property: PropertyDefinition, suffix: String) -> [JSONValue] {
        guard let source = property.pattern else { return [] }
        let texts = PatternExample.texts(for: source)
        guard !suffix.isEmpty, let pattern = try? Pattern(source) else { return texts.map(JSONValue.string) }
        return texts.map { pattern.matches($0 + suffix) ? .string($0 + suffix) : .string($0) }
    }

    /// `text` padded with `x` to `minLength` characters, cut to `maxLength`.
    private static func fitLength(_ text: String, _ property: PropertyDefinition) -> String {
        var scalars = Array(text.unicodeScalars)
        // Past `maxText` the text stays short: the converter then refuses it, and the property
        // gets no made-up value.
        if let least = property.minLength, scalars.count < least, least <= ExamplePayload.maxText {
            scalars += [Unicode.Scalar](repeating: "x", count: least - scalars.count)
        }
        if let most = property.maxLength, scalars.count > most { scalars = Array(scalars.prefix(max(0, most))) }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// Base64 of `example`'s bytes, repeated or cut to the property's length in bytes.
    private static func base64(_ property: PropertyDefinition, ordinal: Int) -> String {
        let text = Array(("example" + (ordinal == 0 ? "" : String(ordinal + 1))).utf8)
        var count = max(text.count, min(property.minLength ?? 0, ExamplePayload.maxText))
        if let most = property.maxLength { count = min(count, max(0, most)) }
        return Data((0..<count).map { text[$0 % text.count] }).base64EncodedString()
    }

    /// Number literals to try: `1` (or the element's ordinal past it), then values from the
    /// bounds (each bound, the next whole number inside it, the middle between two), then `0`.
    private static func numbers(_ property: PropertyDefinition, integral: Bool, ordinal: Int) -> [String] {
        var texts = [String(1 + ordinal)]
        let low = (property.minimum ?? property.exclusiveMinimum).flatMap { text in Double(text).map { (text, $0) } }
        let high = (property.maximum ?? property.exclusiveMaximum).flatMap { text in Double(text).map { (text, $0) } }
        let lowOpen = property.minimum == nil, highOpen = property.maximum == nil
        if integral {
            let least = low.map { lowOpen ? ($0.1 + 1).rounded(.down) : $0.1.rounded(.up) }
            let most = high.map { highOpen ? ($0.1 - 1).rounded(.up) : $0.1.rounded(.down) }
            texts += [least.map { $0 + Double(ordinal) }, most.map { $0 - Double(ordinal) }, least, most].compactMap { $0.flatMap(literal) }
            if let least, let most { texts += [((least + most) / 2).rounded(.down)].compactMap(literal) }
        } else {
            if let low, !lowOpen { texts.append(low.0) }
            if let high, !highOpen { texts.append(high.0) }
            if let low, let high { texts += [(low.1 + high.1) / 2].compactMap(literal) }
            texts += [low.map { $0.1 + 1 }, high.map { $0.1 - 1 }].compactMap { $0.flatMap(literal) }
        }
        texts.append("0")
        var seen = Set<String>()
        return texts.filter { seen.insert($0).inserted }
    }

    /// A finite double as a JSON number: whole ones without a fraction.
    private static func literal(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
