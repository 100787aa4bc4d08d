/// Maps a normalized document back to the upstream shape: each property goes to its first
/// `from` candidate (key paths and pointers rebuilt as nested objects and arrays), the `keys`
/// style is applied, `values` tables are inverted, nested models are reversed recursively, and
/// dates go out in the first of their `formats` that holds them exactly. What conversion never
/// writes is an error, not copied through: a missing required property, a value of another JSON
/// type than its property's, a null element of a type that is not nullable, a key no property
/// writes (unless the model keeps unknown keys).
struct ReverseMapper {
    let registry: SchemaRegistry
    /// The errors listed: the first `maxErrors`.
    private(set) var errors: [ConversionError] = []
    /// Every error found, listed or not.
    private(set) var errorCount = 0
    let maxErrors: Int
    /// Undoes the output options (a profile's, the models' own) on each object before it is reversed.
    let forms: ReverseOutputForms

    init(registry: SchemaRegistry, maxErrors: Int = 100, profile: OutputOptions = OutputOptions()) {
        self.registry = registry
        self.maxErrors = maxErrors
        forms = ReverseOutputForms(registry: registry, profile: profile)
    }

    /// The upstream shape of one object of `model`, found at `path`.
    mutating func reverseObject(_ value: JSONValue, _ model: ResolvedModel, path: [PathComponent]) -> JSONValue {
        let value = forms.normalized(value, model)
        if model.tuple { return reverseTuple(value, model, path: path) }
        guard case .object(let members) = value else {
            fail(path, .typeMismatch, "expected object, got \(value.typeName)", value)
            return .null
        }
        // A discriminated model: the normalized document carries no tag, so pick the model
        // whose properties cover its keys (a mapped model, a predicate's or the fallback) and,
        // for a tag, write that model's tag back.
        // An external tag always names a mapped model (the declarer itself has no tag to be
        // written with); an external or adjacent tag is written around the object at the end.
        // The fallback's object carries no tag of its own: a property of it that reads the tag's
        // key writes the original tag back where it was, as any property does; else it is
        // written as it is, without a tag (SPEC §9).
        let discriminator = model.discriminator
        var model = model
        var tag: String?
        if let discriminator {
            let keys = Set(members.map(\.key))
            if discriminator.style == .external || !keys.isSubset(of: Set(model.properties.map(\.name))) {
                for name in discriminator.models {
                    guard let variant = registry.models[name], keys.isSubset(of: Set(variant.properties.map(\.name))) else { continue }
                    model = variant
                    tag = discriminator.mapping.first(where: { $0.model == name })?.tag
                    break
                }
            }
        }
        var result = JSONValue.object([])
        if let tag, let discriminator, discriminator.style == .internal, let from = discriminator.from {
            ReverseMapper.place(.string(tag), at: from.components[...], numericIsIndex: from.isPointer, in: &result)
        }
        // A `compute` property is output only: nothing upstream sent it, so it is dropped.
        for property in model.properties where property.compute == nil {
            guard let item = value[property.name] else {
                // Conversion always writes a required property: a document without one is not
                // the model's, and its upstream shape would lack a key conversion needs.
                if model.isRequired(property) { fail(path + [.key(property.name)], .missing, "required property is missing", nil) }
                continue
            }
            var reversed = reverseValue(item, property.type, property, path: path + [.key(property.name)])
            let source = model.sources(of: property)[0]
            if property.wrapSingle, case .array(let items) = reversed, items.count == 1,
               ReverseMapper.sentBare(source, in: model, normalized: value) {
                switch items[0] {
                case .array, .null: break
                default: reversed = items[0]
                }
            }
            if source.isEnclosing {
                ReverseMapper.merge(reversed, into: &result)
                continue
            }
            ReverseMapper.place(reversed, at: source.components[...], numericIsIndex: source.isPointer, in: &result)
        }
        let names = Set(model.properties.map(\.name))
        for member in members where !names.contains(member.key) {
            if model.unknownKeys == .keep {
                ReverseMapper.place(member.value, at: [member.key][...], numericIsIndex: false, in: &result)
            } else {
                // Only `keep` copies unknown keys into the output; dropping this one would lose it silently.
                fail(path + [.key(member.key)], .unknownKey, "no property of \(model.name) writes this key", member.value)
            }
        }
        guard let discriminator, discriminator.style != .internal else { return result }
        return wrap(result, tag: tag, discriminator, fallback: tag == nil && model.name == discriminator.fallback, value: value, path: path)
    }

    /// An object of an external or adjacent discriminator's model, with its tag around it: the
    /// tag's one member, or the tag beside the object at `content` (no tag keeps the declarer).
    /// The `fallback`'s object has no tag to write there, and without one the declarer, not the
    /// fallback, would read it again: that is `unknown_discriminator`.
    private mutating func wrap(_ object: JSONValue, tag: String?, _ discriminator: DiscriminatorDefinition, fallback: Bool,
                               value: JSONValue, path: [PathComponent]) -> JSONValue {
        if fallback {
            fail(path, .unknownDiscriminator,
                 "this object is the fallback's ('\(discriminator.fallback ?? "")'), whose tag the output does not keep, so it cannot be written with an \(discriminator.style.rawValue) tag",
                 value)
            return object
        }
        switch discriminator.style {
        case .internal:
            return object
        case .external:
            guard let tag else {
                fail(path, .unknownDiscriminator, "no mapped model writes every key of this object, and an external tag must name one", value)
                return object
            }
            return .object([.init(tag, object)])
        case .adjacent:
            var wrapper = JSONValue.object([])
            if let tag, let from = discriminator.from {
                ReverseMapper.place(.string(tag), at: from.components[...], numericIsIndex: from.isPointer, in: &wrapper)
            }
            ReverseMapper.place(object, at: [discriminator.content ?? ""][...], numericIsIndex: false, in: &wrapper)
            return wrapper
        }
    }

    mutating func reverseValue(_ value: JSONValue, _ type: TypeRef, _ property: PropertyDefinition, path: [PathComponent]) -> JSONValue {
        if case .null = value { return .null }
        switch type.kind {
        case .model(let name):
            guard let nested = registry.models[name] else { return value }
            return reverseObject(value, nested, path: path)
        case .array(let element), .set(let element):
            guard case .array(let items) = value else {
                fail(path, .typeMismatch, "expected array, got \(value.typeName)", value)
                return value
            }
            return .array(items.enumerated().map { reverseElement($1, element, property, path: path + [.index($0)]) })
        case .map(let element):
            guard case .object(let members) = value else {
                fail(path, .typeMismatch, "expected object, got \(value.typeName)", value)
                return value
            }
            // Reshaping reads the property's own map from a list, not maps nested in it.
            if type == property.type, let list = reverseReshapedMap(members, element: element, property, path: path) { return list }
            return .object(members.map { .init($0.key, reverseElement($0.value, element, property, path: path + [.key($0.key)])) })
        case .union(let branches):
            // Each branch writes a JSON type it takes, and no two take the same one.
            let written = UnionBranches.Types(value)
            guard let branch = branches.first(where: { UnionBranches.types(of: $0, formats: property.formats).contains(written) }) else {
                fail(path, .typeMismatch, "expected \(TypeRef(type.kind)), got \(value.typeName)", value)
                return value
            }
            return reverseValue(value, branch, property, path: path)
        default:
            if let table = property.values {
                guard let entry = table.first(where: { ReverseMapper.sameOutput($0.value, value, type) }) else {
                    fail(path, .enumMismatch, "not an output of the values table", value)
                    return value
                }
                return .string(entry.key)
            }
            if case .date = type.kind { return reverseDate(value, formats: property.formats, timezone: property.timezone, path: path) }
            if let expected = ReverseMapper.naturalTypes(of: type.kind), !expected.contains(value.typeName) {
                fail(path, .typeMismatch, "expected \(expected.joined(separator: " or ")), got \(value.typeName)", value)
            }
            return value
        }
    }

    /// A container's element: null only where the element type is nullable, as conversion writes it.
    mutating func reverseElement(_ value: JSONValue, _ type: TypeRef, _ property: PropertyDefinition, path: [PathComponent]) -> JSONValue {
        if case .null = value, !type.nullable {
            fail(path, .nullNotAllowed, "null is not allowed here", value)
            return value
        }
        return reverseValue(value, type, property, path: path)
    }

    /// The JSON types conversion writes a scalar of `kind` as (a decimal may also come as a
    /// string, as strict mode takes one); nil for `any`. A value of another type would be
    /// copied into the upstream shape as it is, where nothing could convert it back.
    private static func naturalTypes(of kind: TypeRef.Kind) -> [String]? {
        switch kind {
        case .bool: ["boolean"]
        case .integer, .float, .double: ["number"]
        case .decimal: ["number", "string"]
        // A format's canonical text is one of its strict forms: it converts back as it is.
        case .string, .date, .url, .data, .format: ["string"]
        case .any, .model, .array, .set, .map, .union: nil
        }
    }

    /// A normalized date (RFC 3339) in the first of the property's `formats` that holds it
    /// exactly, or RFC 3339 when it lists none, so that conversion reads back the same instant.
    ///
    /// A format that would drop part of the instant (a time of day under `dd.MM.yyyy`) is passed
    /// over for the next one, since conversion accepts every listed format; when none holds it
    /// the error is `lossy_conversion`, never a truncated date. With a `timezone`, forms without
    /// an offset are written in the zone's wall time, as conversion reads them there.
    private mutating func reverseDate(_ value: JSONValue, formats: [DateFormat]?, timezone: String?, path: [PathComponent]) -> JSONValue {
        guard case .string(let text) = value else {
            fail(path, .typeMismatch, "expected an RFC 3339 date string, got \(value.typeName)", value)
            return value
        }
        guard let instant = Array(text.utf8).withUnsafeBufferPointer({ DateParser.parse($0, formats: [.rfc3339]) }) else {
            fail(path, .invalidDate, "not an RFC 3339 date", value)
            return value
        }
        let formats = formats ?? DateFormat.defaults
        let written = if let zone = timezone.flatMap(ZoneRules.shared) {
            ZonedDateWriter.upstream(instant, formats: formats, zone: zone)
        } else {
            DateWriter.upstream(instant, formats: formats)
        }
        switch written {
        case .string(let written)?: return .string(written)
        case .number(let written)?: return .number(written)
        case nil:
            let names = formats.map(\.name).joined(separator: ", ")
            fail(path, .lossyConversion, "none of the formats (\(names)) holds this instant exactly", value)
            return value
        }
    }

    /// Whether the one element of a `wrapSingle` array at `source` must have come as a bare value:
    /// another property reads the array's first element by pointer and is absent from the
    /// normalized object, which an upstream array would have filled (Book's `tags: "x"` gives
    /// `tags: ["x"]` and no `firstTag` from `/tags/0`; writing `["x"]` back would add one).
    private static func sentBare(_ source: KeySource, in model: ResolvedModel, normalized: JSONValue) -> Bool {
        let prefix = source.components
        return model.properties.contains { other in
            normalized[other.name] == nil && model.sources(of: other).contains { candidate in
                candidate.isPointer && candidate.components.count > prefix.count
                    && candidate.components.starts(with: prefix) && candidate.components[prefix.count] == "0"
            }
        }
    }

    /// Whether a values-table output (as the schema wrote it) is the normalized value.
    private static func sameOutput(_ declared: JSONValue, _ normalized: JSONValue, _ type: TypeRef) -> Bool {
        if declared == normalized { return true }
        guard let bytes = Engine.constantOutput(declared, type: type),
              let converted = try? JSONValue(parsing: String(decoding: bytes, as: UTF8.self)) else { return false }
        return converted == normalized
    }

    /// Sets `value` at a key path, creating objects (and arrays for pointer indices) on the way.
    static func place(_ value: JSONValue, at steps: ArraySlice<String>, numericIsIndex: Bool, in container: inout JSONValue) {
        guard let step = steps.first else {
            container = value
            return
        }
        let rest = steps.dropFirst()
        if numericIsIndex, let index = Int(step), index >= 0, index < 10_000 {
            var items: [JSONValue]
            if case .array(let existing) = container { items = existing } else { items = [] }
            while items.count <= index { items.append(.null) }
            place(value, at: rest, numericIsIndex: numericIsIndex, in: &items[index])
            container = .array(items)
            return
        }
        var members: [JSONValue.Member]
        if case .object(let existing) = container { members = existing } else { members = [] }
        if let i = members.lastIndex(where: { $0.key == step }) {
            place(value, at: rest, numericIsIndex: numericIsIndex, in: &members[i].value)
        } else {
            var child = JSONValue.null
            place(value, at: rest, numericIsIndex: numericIsIndex, in: &child)
            members.append(.init(step, child))
        }
        container = .object(members)
    }

    /// Records an error while fewer than `maxErrors` are listed; past that only counts it.
    mutating func fail(_ path: [PathComponent], _ code: ErrorCode, _ message: @autoclosure () -> String, _ value: JSONValue?) {
        errorCount += 1
        guard errors.count < maxErrors else { return }
        errors.append(ConversionError(path: PathComponent.pointer(path), code: code, message: message(),
                                      input: value.map { String($0.jsonText.prefix(100)) }))
    }

    /// The listed errors, with one `too_many_errors` entry when some were not listed.
    var report: [ConversionError] {
        errorCount > errors.count ? errors + [.tooMany(total: errorCount, listed: errors.count)] : errors
    }
}

extension Engine {
    /// What a reverse mapping produced.
    public enum ReverseResult {
        case success([UInt8])
        case failure([ConversionError])
        case malformed(JSONSyntaxError)
        case unknownModel(String)
    }

    /// Maps a normalized document of `model` (an object, or an array of objects) back to the
    /// upstream shape. An array is mapped element by element, so the memory held beyond the
    /// parse is one element's tree; past `maxErrors` errors are only counted. `profile` is the
    /// output profile the document was written with (`SchemaRegistry.outputOptions(profile:)`).
    public func reverse(_ input: UnsafeBufferPointer<UInt8>, model name: String, maxDepth: Int = 256, maxErrors: Int = 100,
                        profile: OutputOptions = OutputOptions()) -> ReverseResult {
        let registry = cache.currentRegistry
        guard let model = registry.models[name] else { return .unknownModel(name) }
        let tape = JSONTape()
        let document: JSONDocument
        do throws(JSONSyntaxError) {
            document = try JSONParser(maxDepth: maxDepth).parse(input, into: tape)
        } catch {
            return .malformed(error)
        }
        var mapper = ReverseMapper(registry: registry, maxErrors: maxErrors, profile: profile)
        var writer = JSONWriter(capacity: 256)
        defer { writer.deallocate() }
        let root = document[0]
        if root.kind == .array {
            writer.byte(UInt8(ascii: "["))
            var item = 1
            for index in 0..<Int(root.length) {
                let reversed = mapper.reverseObject(JSONValue(document, item), model, path: [.index(index)])
                // Once anything failed the output is not sent: stop building it.
                if mapper.errorCount == 0 {
                    if index > 0 { writer.byte(UInt8(ascii: ",")) }
                    reversed.write(to: &writer)
                }
                item = Int(document[item].end)
            }
            writer.byte(UInt8(ascii: "]"))
        } else {
            mapper.reverseObject(JSONValue(document), model, path: []).write(to: &writer)
        }
        return mapper.errorCount == 0 ? .success(writer.makeArray()) : .failure(mapper.report)
    }

    /// `reverse` over a byte array (for tools and tests).
    public func reverse(_ input: [UInt8], model name: String, maxDepth: Int = 256, maxErrors: Int = 100,
                        profile: OutputOptions = OutputOptions()) -> ReverseResult {
        input.withUnsafeBufferPointer { reverse($0, model: name, maxDepth: maxDepth, maxErrors: maxErrors, profile: profile) }
    }

    /// The output bytes of a schema constant for a scalar type, or nil when it does not convert.
    static func constantOutput(_ value: JSONValue, type: TypeRef) -> [UInt8]? {
        let converter = Compiler.plainConverter(type.kind, strict: false, formats: nil)
        guard case .success(let bytes) = ConstantConverter.output(of: value, through: converter, nullable: false) else { return nil }
        return bytes
    }
}
