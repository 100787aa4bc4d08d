/// Reads the models of one schema file from its tree, listing every mistake it finds.
struct SchemaDecoder {
    let file: String
    /// Read for `typeDepth`, which the type parser enforces as it reads.
    let limits: RegistryLimits
    private(set) var errors: [SchemaError] = []
    /// The output profiles the file declares under `$profiles`.
    private(set) var profiles: [OutputProfile] = []

    init(file: String, limits: RegistryLimits = .default) {
        self.file = file
        self.limits = limits
    }

    private static let modelOptions: Set<String> = [
        "extends", "keys", "unknownKeys", "include", "exclude", "discriminator", "required",
        "properties", "description", "rules",
        "tuple", "output", "examples", "compatibility",
    ]
    private static let propertyOptions: Set<String> = [
        "type", "from", "required", "default", "enum", "values", "minimum", "maximum",
        "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "pattern", "minItems",
        "maxItems", "formats", "timezone", "keepOffset", "strict", "wrapSingle", "description", "compute", "transform",
        "onError", "onItemError",
        "keyBy", "pairs", "uniqueBy", "output",
    ]
    /// What a `compute` property cannot have: it reads no input.
    private static let inputOptions = ["from", "default", "values", "transform", "strict", "wrapSingle", "required", "onError", "onItemError",
                                       "keyBy", "pairs", "uniqueBy"]

    /// The models of a file whose root is an object of model name → definition.
    mutating func models(in root: JSONValue) -> [ModelDefinition] {
        guard case .object(let members) = root else {
            fail(nil, nil, "a schema file must be an object of model name → model, not \(root.typeName)")
            return []
        }
        var seen = Set<String>()
        var models: [ModelDefinition] = []
        for member in members {
            if member.key == OutputProfile.fileKey {
                let read = OutputOptionsReader.profiles(member.value, file: file)
                profiles += read.profiles
                errors += read.errors
                continue
            }
            guard ModelName.isValid(member.key) else {
                fail(member.key, nil, "'\(member.key)' is not a valid model name ([A-Za-z_][A-Za-z0-9_]*)")
                continue
            }
            guard !TypeRef.reservedNames.contains(member.key) else {
                fail(member.key, nil, "'\(member.key)' is a built-in type name; a model cannot use it")
                continue
            }
            guard seen.insert(member.key).inserted else {
                fail(member.key, nil, "model '\(member.key)' is defined twice in this file")
                continue
            }
            if let model = model(named: member.key, member.value) { models.append(model) }
        }
        return models
    }

    private mutating func model(named name: String, _ value: JSONValue) -> ModelDefinition? {
        guard case .object(let options) = value else {
            fail(name, nil, "a model must be an object, not \(value.typeName)")
            return nil
        }
        var model = ModelDefinition(name: name, file: file)
        model.version = ContentHash.hex(of: value.jsonBytes)
        for option in options where !Self.modelOptions.contains(option.key) {
            fail(name, nil, "unknown model option '\(option.key)'")
        }
        if let v = value["extends"] {
            if case .string(let parent) = v, ModelName.isValid(parent) { model.extends = parent }
            else { fail(name, nil, "'extends' must be a model name") }
        }
        if let v = value["keys"] {
            if case .string(let s) = v, let style = KeyStyle(rawValue: s) { model.keys = style }
            else { fail(name, nil, "'keys' must be one of \(KeyStyle.allCases.map(\.rawValue).joined(separator: ", "))") }
        }
        if let v = value["unknownKeys"] {
            if case .string(let s) = v, let policy = UnknownKeyPolicy(rawValue: s) { model.unknownKeys = policy }
            else { fail(name, nil, "'unknownKeys' must be one of \(UnknownKeyPolicy.allCases.map(\.rawValue).joined(separator: ", "))") }
        }
        if let v = value["required"] {
            if case .string("all") = v { model.requiredAll = true }
            else if case .bool(false) = v {} else { fail(name, nil, "model-level 'required' can only be 'all'") }
        }
        if let v = value["description"] { model.description = string(v, name, nil, "description") }
        if let v = value["tuple"] {
            if case .bool(let tuple) = v { model.tuple = tuple } else { fail(name, nil, "'tuple' must be true or false") }
        }
        if let v = value["compatibility"] {
            if case .string(let text) = v, let level = CompatibilityLevel(text: text) { model.compatibility = level }
            else { fail(name, nil, "'compatibility' must be one of \(CompatibilityLevel.allCases.map(\.rawValue).joined(separator: ", "))") }
        }
        if let v = value["include"] { model.include = strings(v, name, "include") }
        if let v = value["exclude"] { model.exclude = strings(v, name, "exclude") }
        if let v = value["discriminator"] { model.discriminator = discriminator(v, name) }
        if let v = value["rules"] { model.rules = rules(v, name) }
        if let v = value["examples"] { model.examples = examples(v, name) }
        if let v = value["output"] {
            let read = OutputOptionsReader.options(v, where: "'output'")
            model.output = read.options
            for message in read.errors { fail(name, nil, message) }
        }
        switch value["properties"] {
        case nil:
            if model.extends == nil { fail(name, nil, "a model needs 'properties' or 'extends'") }
        case .object(let members)?:
            var seen = Set<String>()
            for member in members {
                guard seen.insert(member.key).inserted else {
                    fail(name, member.key, "property defined twice")
                    continue
                }
                if let property = property(member.key, member.value, in: name) { model.properties.append(property) }
            }
        case let other?:
            fail(name, nil, "'properties' must be an object, not \(other.typeName)")
        }
        return model
    }

    private mutating func property(_ name: String, _ value: JSONValue, in model: String) -> PropertyDefinition? {
        if name.isEmpty { fail(model, name, "a property name must not be empty") }
        // Shorthand: `title: string` is `title: { type: string }`.
        if case .string = value { return property(name, .object([.init("type", value)]), in: model) }
        guard case .object(let options) = value else {
            fail(model, name, "a property must be a type name or an object of options, not \(value.typeName)")
            return nil
        }
        for option in options where !Self.propertyOptions.contains(option.key) {
            fail(model, name, "unknown property option '\(option.key)'")
        }
        guard case .string(let typeText)? = value["type"] else {
            fail(model, name, "'type' is required and must be a string")
            return nil
        }
        let type: TypeRef
        do { type = try TypeRef(parsing: typeText, maxDepth: limits.typeDepth) } catch {
            fail(model, name, error.message, limit: error.limit)
            return nil
        }
        var p = PropertyDefinition(name: name, type: type)
        if let v = value["from"] { p.from = sources(v, model, name) }
        if let v = value["required"] { p.required = bool(v, model, name, "required") }
        if let v = value["strict"] { p.strict = bool(v, model, name, "strict") ?? false }
        if let v = value["wrapSingle"] { p.wrapSingle = bool(v, model, name, "wrapSingle") ?? false }
        if let v = value["onError"] { p.onError = choice(v, model, name, "onError") ?? .fail }
        if let v = value["onItemError"] { p.onItemError = choice(v, model, name, "onItemError") ?? .fail }
        if let v = value["description"] { p.description = string(v, model, name, "description") }
        if let v = value["pattern"] { p.pattern = string(v, model, name, "pattern") }
        if let v = value["transform"] { p.transform = string(v, model, name, "transform") }
        if let v = value["keyBy"] { p.keyBy = string(v, model, name, "keyBy") }
        if let v = value["uniqueBy"] { p.uniqueBy = string(v, model, name, "uniqueBy") }
        if let v = value["pairs"] { p.pairs = pairs(v, model, name) }
        if let v = value["output"] {
            let read = OutputOptionsReader.options(v, where: "'output'", forProperty: true)
            p.output = read.options
            for message in read.errors { fail(model, name, message) }
        }
        if let v = value["compute"] {
            p.compute = string(v, model, name, "compute")
            for option in Self.inputOptions where value[option] != nil {
                fail(model, name, "a 'compute' property is output only: it cannot have '\(option)'")
            }
        }
        p.defaultValue = value["default"]
        if let v = value["enum"] {
            if case .array(let items) = v, !items.isEmpty { p.enumValues = items }
            else { fail(model, name, "'enum' must be a non-empty list") }
        }
        if let v = value["values"] {
            if case .object(let table) = v, !table.isEmpty { p.values = table }
            else { fail(model, name, "'values' must be a non-empty object of input → output") }
        }
        p.minimum = number(value["minimum"], model, name, "minimum")
        p.maximum = number(value["maximum"], model, name, "maximum")
        p.exclusiveMinimum = number(value["exclusiveMinimum"], model, name, "exclusiveMinimum")
        p.exclusiveMaximum = number(value["exclusiveMaximum"], model, name, "exclusiveMaximum")
        p.minLength = count(value["minLength"], model, name, "minLength")
        p.maxLength = count(value["maxLength"], model, name, "maxLength")
        p.minItems = count(value["minItems"], model, name, "minItems")
        p.maxItems = count(value["maxItems"], model, name, "maxItems")
        if let v = value["keepOffset"] { p.keepOffset = bool(v, model, name, "keepOffset") ?? false }
        if let v = value["timezone"], let zone = string(v, model, name, "timezone") {
            if ZoneRules.isKnown(zone) { p.timezone = zone } else {
                fail(model, name, "timezone '\(zone)' is not an IANA time zone this system knows (e.g. Europe/Berlin, America/New_York, UTC)")
            }
        }
        if let v = value["formats"] {
            if let entries = strings(v, model, "formats", property: name) {
                var formats: [DateFormat] = []
                for entry in entries {
                    do { formats.append(try DateFormat(parsing: entry)) } catch {
                        fail(model, name, "format '\(entry)': \(error.message)")
                    }
                }
                p.formats = formats
            }
        }
        return p
    }

    private mutating func discriminator(_ value: JSONValue, _ model: String) -> DiscriminatorDefinition? {
        guard case .object(let options) = value else {
            fail(model, nil, "'discriminator' must be an object")
            return nil
        }
        for option in options where !["from", "mapping", "when", "fallback", "style", "content", "caseInsensitive"].contains(option.key) {
            fail(model, nil, "unknown discriminator option '\(option.key)'")
        }
        var fallback: String?
        if let v = value["fallback"] {
            if case .string(let target) = v, ModelName.isValid(target) { fallback = target }
            else { fail(model, nil, "'discriminator.fallback' must be a model name") }
        }
        if let when = value["when"] {
            if value["from"] != nil || value["mapping"] != nil {
                fail(model, nil, "a discriminator picks by a tag ('from' and 'mapping') or by predicates ('when'), not both")
                return nil
            }
            if let option = ["style", "content", "caseInsensitive"].first(where: { value[$0] != nil }) {
                fail(model, nil, "'discriminator.\(option)' is an option of a tag; 'when' predicates have none")
            }
            guard let predicates = predicates(when, model) else { return nil }
            return DiscriminatorDefinition(from: nil, mapping: [], when: predicates, fallback: fallback)
        }
        var style = DiscriminatorStyle.internal
        if let v = value["style"] {
            if case .string(let text) = v, let parsed = DiscriminatorStyle(rawValue: text) { style = parsed }
            else { fail(model, nil, "'discriminator.style' must be one of \(DiscriminatorStyle.allCases.map(\.rawValue).joined(separator: ", "))") }
        }
        var from: KeySource?
        if style == .external {
            // The tag is the object's one key: there is nowhere else to read it from.
            if value["from"] != nil { fail(model, nil, "with 'style: external' the tag is the object's one key; 'discriminator.from' does not apply") }
        } else {
            guard case .string(let fromText)? = value["from"], let parsed = try? KeySource(parsing: fromText) else {
                fail(model, nil, "'discriminator.from' must be a key, key path or JSON Pointer (or give 'when' predicates)")
                return nil
            }
            from = parsed
        }
        let content = discriminatorContent(value["content"], style: style, from: from, model)
        guard case .object(let table)? = value["mapping"], !table.isEmpty else {
            fail(model, nil, "'discriminator.mapping' must be a non-empty object of tag → model")
            return nil
        }
        var entries: [DiscriminatorDefinition.Entry] = []
        for member in table {
            guard case .string(let target) = member.value, ModelName.isValid(target) else {
                fail(model, nil, "discriminator tag '\(member.key)' must map to a model name")
                continue
            }
            entries.append(.init(tag: member.key, model: target))
        }
        var definition = DiscriminatorDefinition(from: from, mapping: entries, fallback: fallback)
        definition.style = style
        definition.content = content
        if let v = value["caseInsensitive"], case .bool(let folded) = v {
            definition.caseInsensitive = folded
            if folded { sameTagsIgnoringCase(entries, model) }
        } else if value["caseInsensitive"] != nil {
            fail(model, nil, "'discriminator.caseInsensitive' must be true or false")
        }
        return definition
    }

    /// `content` of an adjacent tag: a key other than the tag's, and only with `style: adjacent`.
    private mutating func discriminatorContent(_ value: JSONValue?, style: DiscriminatorStyle, from: KeySource?, _ model: String) -> String? {
        guard let value else {
            if style == .adjacent { fail(model, nil, "'style: adjacent' needs 'discriminator.content': the key of the object the picked model converts") }
            return nil
        }
        guard style == .adjacent else {
            fail(model, nil, "'discriminator.content' applies to 'style: adjacent' only")
            return nil
        }
        guard case .string(let key) = value, !key.isEmpty else {
            fail(model, nil, "'discriminator.content' must be a key")
            return nil
        }
        if from?.components.first == key { fail(model, nil, "'discriminator.content' must not be the key the tag is read from") }
        return key
    }

    /// Under `caseInsensitive`, two tags that differ only in case would pick two models for one payload.
    private mutating func sameTagsIgnoringCase(_ entries: [DiscriminatorDefinition.Entry], _ model: String) {
        var seen: [String: String] = [:]
        for entry in entries {
            let folded = DiscriminatorTag.folded(entry.tag)
            if let other = seen[folded] {
                fail(model, nil, "discriminator tags '\(other)' and '\(entry.tag)' are the same ignoring case ('caseInsensitive: true')")
            } else {
                seen[folded] = entry.tag
            }
        }
    }

    /// `when: [{ if: "<CEL>", model: Name }, …]`.
    private mutating func predicates(_ value: JSONValue, _ model: String) -> [DiscriminatorDefinition.Predicate]? {
        guard case .array(let items) = value, !items.isEmpty else {
            fail(model, nil, "'discriminator.when' must be a non-empty list of { if: <CEL>, model: <name> }")
            return nil
        }
        var predicates: [DiscriminatorDefinition.Predicate] = []
        for (index, item) in items.enumerated() {
            guard case .object(let options) = item, case .string(let condition)? = item["if"],
                  case .string(let target)? = item["model"], ModelName.isValid(target) else {
                fail(model, nil, "'discriminator.when' entry \(index + 1) must be { if: <CEL>, model: <model name> }")
                continue
            }
            if let extra = options.first(where: { $0.key != "if" && $0.key != "model" }) {
                fail(model, nil, "unknown option '\(extra.key)' in 'discriminator.when' entry \(index + 1)")
            }
            predicates.append(.init(condition: condition, model: target))
        }
        return predicates.isEmpty ? nil : predicates
    }

    /// `rules: [{ rule, path, code, message }, …]`; a bare string is `{ rule: <it> }`.
    private mutating func rules(_ value: JSONValue, _ model: String) -> [RuleDefinition] {
        guard case .array(let items) = value else {
            fail(model, nil, "'rules' must be a list of { rule, path, code, message }")
            return []
        }
        var rules: [RuleDefinition] = []
        for (index, item) in items.enumerated() {
            let number = index + 1
            if case .string(let text) = item {
                rules.append(RuleDefinition(rule: text))
                continue
            }
            guard case .object(let options) = item, case .string(let text)? = item["rule"] else {
                fail(model, nil, "rule \(number) must be a CEL string or { rule: <CEL>, path, code, message }")
                continue
            }
            var rule = RuleDefinition(rule: text)
            for option in options where !["rule", "path", "code", "message"].contains(option.key) {
                fail(model, nil, "unknown option '\(option.key)' in rule \(number)")
            }
            if let v = item["path"] {
                if case .string(let path) = v, path.isEmpty || path.hasPrefix("/") { rule.path = path }
                else { fail(model, nil, "rule \(number): 'path' must be a JSON Pointer such as /max") }
            }
            if let v = item["code"] {
                if case .string(let code) = v, RuleDefinition.isValidCode(code) { rule.code = code }
                else { fail(model, nil, "rule \(number): 'code' must be snake_case ([a-z][a-z0-9_]*, at most 64 characters)") }
            }
            if let v = item["message"] {
                if case .string(let message) = v { rule.message = message }
                else { fail(model, nil, "rule \(number): 'message' must be a string") }
            }
            rules.append(rule)
        }
        return rules
    }

    /// `examples: [{ name, input, output | errors }, …]`, at most `examplesPerModel`, names unique.
    private mutating func examples(_ value: JSONValue, _ model: String) -> [ModelExample] {
        guard case .array(let items) = value else {
            fail(model, nil, "'examples' must be a list of { name, input, output | errors }")
            return []
        }
        guard items.count <= limits.examplesPerModel else {
            errors.append(limits.exceeded(.examplesPerModel, found: items.count, "the number of 'examples'", file: file, model: model))
            return []
        }
        var examples: [ModelExample] = []
        var names = Set<String>()
        for (index, item) in items.enumerated() {
            let number = index + 1
            guard case .object(let options) = item, let input = item["input"] else {
                fail(model, nil, "example \(number) must be { name, input, output | errors } with an 'input'")
                continue
            }
            for option in options where !["name", "input", "output", "errors"].contains(option.key) {
                fail(model, nil, "unknown option '\(option.key)' in example \(number)")
            }
            var example = ModelExample(name: "example \(number)", input: input)
            if let v = item["name"] {
                guard case .string(let name) = v, ModelExample.isValidName(name) else {
                    fail(model, nil, "example \(number): 'name' must be a string of 1 to \(ModelExample.maxNameBytes) bytes without control characters")
                    continue
                }
                example.name = name
            }
            guard names.insert(example.name).inserted else {
                fail(model, nil, "example \(number): the name '\(example.name)' is used by an earlier example")
                continue
            }
            switch (item["output"], item["errors"]) {
            case (let output?, nil): example.expected = .output(output)
            case (nil, let listed?):
                switch ExampleReader.errors(listed) {
                case .success(let expected): example.expected = .errors(expected)
                case .failure(let problem):
                    fail(model, nil, "example '\(example.name)': 'errors' \(problem.message)")
                    continue
                }
            case (nil, nil): break
            case (_?, _?):
                fail(model, nil, "example '\(example.name)' expects an 'output' or 'errors', not both")
                continue
            }
            examples.append(example)
        }
        return examples
    }

    private mutating func sources(_ value: JSONValue, _ model: String, _ property: String) -> [KeySource]? {
        let texts: [JSONValue]
        switch value {
        case .string: texts = [value]
        case .array(let items) where !items.isEmpty: texts = items
        default:
            fail(model, property, "'from' must be a key, key path, JSON Pointer or a non-empty list of them")
            return nil
        }
        var result: [KeySource] = []
        for text in texts {
            guard case .string(let s) = text else {
                fail(model, property, "'from' entries must be strings, not \(text.typeName)")
                continue
            }
            // "." is the enclosing object: only `from` says it, never a tag's or a pair's place.
            if s == "." {
                result.append(.enclosing)
                continue
            }
            do { result.append(try KeySource(parsing: s)) } catch { fail(model, property, error.message) }
        }
        return result.isEmpty ? nil : result
    }

    /// `pairs: { key: <key, path or pointer>, value: <key, path or pointer> }`.
    private mutating func pairs(_ value: JSONValue, _ model: String, _ property: String) -> PairsDefinition? {
        let shape = "'pairs' must be { key: <key in each item>, value: <key in each item> }"
        guard case .object(let options) = value else {
            fail(model, property, shape)
            return nil
        }
        for option in options where option.key != "key" && option.key != "value" {
            fail(model, property, "unknown option '\(option.key)' in 'pairs'")
        }
        guard case .string(let keyText)? = value["key"], case .string(let valueText)? = value["value"] else {
            fail(model, property, shape)
            return nil
        }
        do {
            return PairsDefinition(key: try KeySource(parsing: keyText), value: try KeySource(parsing: valueText))
        } catch {
            fail(model, property, "'pairs': \(error.message)")
            return nil
        }
    }

    private mutating func strings(_ value: JSONValue, _ model: String, _ option: String, property: String? = nil) -> [String]? {
        guard case .array(let items) = value else {
            fail(model, property, "'\(option)' must be a list of strings")
            return nil
        }
        var result: [String] = []
        for item in items {
            if case .string(let s) = item { result.append(s) }
            else { fail(model, property, "'\(option)' must be a list of strings, found \(item.typeName)") }
        }
        return result
    }

    private mutating func string(_ value: JSONValue, _ model: String, _ property: String?, _ option: String) -> String? {
        if case .string(let s) = value { return s }
        fail(model, property, "'\(option)' must be a string")
        return nil
    }

    private mutating func bool(_ value: JSONValue, _ model: String, _ property: String, _ option: String) -> Bool? {
        if case .bool(let b) = value { return b }
        fail(model, property, "'\(option)' must be true or false")
        return nil
    }

    /// One of a policy's names. A bare YAML `null` reads as JSON null, so it names the policy `null` too.
    private mutating func choice<Policy: RawRepresentable & CaseIterable>(_ value: JSONValue, _ model: String, _ property: String,
                                                                         _ option: String) -> Policy? where Policy.RawValue == String {
        let name: String? = switch value {
        case .string(let text): text
        case .null: "null"
        default: nil
        }
        if let name, let policy = Policy(rawValue: name) { return policy }
        let names = Policy.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        fail(model, property, "'\(option)' must be one of \(names), not \(value.jsonText)")
        return nil
    }

    private mutating func number(_ value: JSONValue?, _ model: String, _ property: String, _ option: String) -> String? {
        guard let value else { return nil }
        if case .number(let text) = value { return text }
        fail(model, property, "'\(option)' must be a number")
        return nil
    }

    private mutating func count(_ value: JSONValue?, _ model: String, _ property: String, _ option: String) -> Int? {
        guard let value else { return nil }
        if case .number(let text) = value, let n = Int(text), n >= 0 { return n }
        fail(model, property, "'\(option)' must be a non-negative integer")
        return nil
    }

    private mutating func fail(_ model: String?, _ property: String?, _ message: String, limit: RegistryLimits.Limit? = nil) {
        errors.append(SchemaError(file: file, model: model, property: property, message: message, limit: limit))
    }
}

/// FNV-1a content hashes, for model versions.
enum ContentHash {
    static func hex(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            hash ^= UInt64(b)
            hash &*= 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
