import CEL

/// Turns resolved models into `ModelMeta`: the one switch over types, run once per model.
///
/// One compiler compiles each model it is asked for, and each model those reach, exactly once,
/// so recursive and mutually recursive models point at each other; a model in `kept` (compiled
/// by an earlier change and still valid) is pointed at, not compiled again. `RegistryCompiler`
/// drives it.
///
/// A model reached through a property gets its (empty) meta at once, for the converter to
/// point at, and is filled later from a work list: a chain of ten thousand models, each using
/// the next, compiles in a loop instead of ten thousand nested calls.
struct Compiler {
    let registry: SchemaRegistry
    /// The request's output profile laid over every property's options; empty for the metas
    /// served without `?profile=`.
    let profile: OutputOptions
    /// Set while a union's branches compile: they keep their natural form (`OutputForms`).
    var inUnionBranch = false
    /// Metas of an earlier compile that this one points at instead of compiling.
    private let kept: [String: ModelMeta]
    /// The metas compiled here, by model name.
    private(set) var built: [String: ModelMeta] = [:]
    /// For each model compiled here, the models its converters point at (itself excluded).
    private(set) var references: [String: Set<String>] = [:]
    private var pendingDefaults: [(meta: ModelMeta, index: Int, value: JSONValue, nullable: Bool)] = []
    /// Metas handed out but not filled yet.
    private var unfilled: [(meta: ModelMeta, model: ResolvedModel)] = []
    /// Constraints that do not fit their type; defaults, enums and values that do not convert;
    /// patterns refused (outside the supported subset, or past a cap).
    private(set) var errors: [SchemaError] = []
    /// The models' CEL: rules, computed members, transforms, predicates.
    private var expressions: ExpressionCompiler

    init(registry: SchemaRegistry, keeping kept: [String: ModelMeta] = [:], profile: OutputOptions = OutputOptions()) {
        self.registry = registry
        self.profile = profile
        self.kept = kept
        expressions = ExpressionCompiler(registry: registry, profile: profile)
    }

    /// The meta of `name`: kept, already built, or compiled now with everything it reaches; nil
    /// when the model does not exist. Call `finishDefaults` once every model is asked for.
    mutating func meta(for name: String) -> ModelMeta? {
        let meta = reference(name)
        while let next = unfilled.popLast() { fill(next.meta, next.model) }
        return meta
    }

    /// The meta of `name` for a converter to point at: kept, already built, or new and queued
    /// to be filled; nil when the model does not exist.
    private mutating func reference(_ name: String) -> ModelMeta? {
        if let meta = built[name] ?? kept[name] { return meta }
        guard let model = registry.models[name] else { return nil }
        let meta = ModelMeta(resolved: model)
        built[name] = meta
        references[name] = []
        unfilled.append((meta, model))
        return meta
    }

    /// The meta of `target`, which `model`'s converters will point at.
    mutating func meta(for target: String, from model: String) -> ModelMeta? {
        if target != model { references[model, default: []].insert(target) }
        return reference(target)
    }

    private mutating func fill(_ meta: ModelMeta, _ model: ResolvedModel) {
        checkTuple(model)
        var properties: [PropertyMeta] = []
        var tableKeys: [(key: [UInt8], value: Int32)] = []
        var knownKeys: [[UInt8]] = []
        var headOfKey: [[UInt8]: Int] = [:]
        var computed: [(property: PropertyDefinition, position: Int)] = []
        for property in model.properties {
            // A computed member reads no input: it is written after the object's rules.
            if property.compute != nil {
                computed.append((property, properties.count))
                continue
            }
            let index = properties.count
            let sources = model.tuple ? [KeySource.tuplePosition(index)] : model.sources(of: property)
            let lookups = sources.map(Lookup.init)
            let placement: PropertyMeta.Placement
            if lookups.count > 1 {
                placement = .candidates(lookups)
            } else if lookups[0].isSingleKey {
                placement = .key
            } else {
                placement = .path(lookups[0])
            }
            var converter = propertyConverter(property, in: model) ?? AnyConverter()
            if let source = property.transform,
               let program = expressions.program(source, self: .dyn, named: "transform", in: model, property: property.name) {
                converter = TransformConverter(program: program, inner: converter)
            }
            if let action = recoveryAction(property, in: model) { converter = RecoveringConverter(inner: converter, action: action) }
            let cell = ConverterCell(converter)
            meta.cells.append(cell)
            let name = outputName(property, in: model)
            var compiled = PropertyMeta(
                name: name,
                member: meta.arena.store(Array(",".utf8) + JSONValue.string(name).jsonBytes + Array(":".utf8)),
                placement: placement,
                key: meta.arena.store(lookups[0].firstKey),
                inputPath: lookups[0].inputPath,
                cell: Unmanaged.passUnretained(cell),
                call: ConverterCall(cell),
                required: model.isRequired(property),
                nullable: property.type.nullable,
                strict: property.strict,
                keepsNullWords: converter.keepsNullWords,
                blankIsNull: property.type.kind == .url,
                defaultOutput: nil,
                omitsNull: outputOptions(property, in: model).nulls == .omit
            )
            if case .key = placement {
                if let head = headOfKey[lookups[0].firstKey] {
                    // Chain: append to the end of the key's list so output order is kept.
                    var last = head
                    while properties[last].nextSameKey >= 0 { last = Int(properties[last].nextSameKey) }
                    properties[last].nextSameKey = Int32(index)
                } else {
                    headOfKey[lookups[0].firstKey] = index
                    tableKeys.append((lookups[0].firstKey, Int32(index)))
                }
            } else {
                knownKeys += lookups.filter { !$0.steps.isEmpty }.map(\.firstKey)
                if sources[0].isEnclosing { knownKeys += flattenedKeys(of: property) }
                compiled.nextSameKey = -1
            }
            properties.append(compiled)
            if let value = property.defaultValue {
                pendingDefaults.append((meta, index, value, property.type.nullable))
            }
        }
        var discriminator: DiscriminatorMeta?
        if let definition = model.discriminator {
            let lookup = definition.from.map(Lookup.init)
            // An internal tag is a member of the object this model reads; the others sit outside it.
            if let lookup, definition.style == .internal { knownKeys.append(lookup.firstKey) }
            var mapping: [(tag: [UInt8], model: ModelReference)] = []
            for entry in definition.mapping {
                let tag = definition.caseInsensitive ? DiscriminatorTag.folded(entry.tag) : entry.tag
                if let target = self.meta(for: entry.model, from: model.name) { mapping.append((Array(tag.utf8), ModelReference(meta: target))) }
            }
            var predicates: [(program: CELProgram, model: ModelReference)] = []
            for (index, predicate) in definition.when.enumerated() {
                guard let program = expressions.program(predicate.condition, self: .dyn, named: "when \(index + 1)", in: model, expecting: .bool),
                      let target = self.meta(for: predicate.model, from: model.name) else { continue }
                predicates.append((program, ModelReference(meta: target)))
            }
            let fallback = definition.fallback.flatMap { self.meta(for: $0, from: model.name) }.map(ModelReference.init)
            discriminator = DiscriminatorMeta(lookup: lookup, mapping: mapping, predicates: predicates, fallback: fallback,
                                              style: definition.style, content: definition.content.map { Array($0.utf8) },
                                              caseInsensitive: definition.caseInsensitive)
        }
        meta.expressions = modelExpressions(model, properties: properties, computed: computed)
        errors += expressions.errors
        expressions.errors = []
        for key in knownKeys where headOfKey[key] == nil {
            tableKeys.append((key, KeyTable.known))
        }
        meta.properties = properties
        meta.keyTable = KeyTable(tableKeys)
        meta.keyProperties = headOfKey.values.sorted()
        meta.lookupProperties = properties.indices.filter {
            if case .key = properties[$0].placement { return false }
            return true
        }
        meta.unknownKeys = model.unknownKeys
        meta.discriminator = discriminator
    }

    /// The model's rules and computed members; nil when it has neither.
    private mutating func modelExpressions(_ model: ResolvedModel, properties: [PropertyMeta],
                                           computed: [(property: PropertyDefinition, position: Int)]) -> ModelExpressions? {
        guard !model.rules.isEmpty || !computed.isEmpty, let object = expressions.object(model.name) else { return nil }
        let rules = expressions.rules(of: model, properties: properties)
        var computes: [ModelExpressions.Compute] = []
        for (property, position) in computed {
            guard let source = property.compute,
                  let program = expressions.program(source, self: .object(object.type), named: "compute", in: model, property: property.name)
            else { continue }
            let converter = propertyConverter(property, in: model) ?? AnyConverter()
            let name = outputName(property, in: model)
            computes.append(.init(name: name, member: JSONValue.string(name).jsonBytes + Array(":".utf8),
                                  program: program, position: position, converter: converter,
                                  nulls: property.type.nullable ? outputOptions(property, in: model).nulls ?? .keep : nil))
        }
        return ModelExpressions(object: object.reading, rules: rules, computes: computes)
    }

    /// Converts defaults once every model of the build is complete (a default may be a nested model).
    mutating func finishDefaults() {
        for pending in pendingDefaults {
            let property = pending.meta.properties[pending.index]
            // A default is converted as declared, without the property's recovery, which writes it.
            let recovering = property.converter as? RecoveringConverter
            switch ConstantConverter.output(of: pending.value, through: recovering?.inner ?? property.converter, nullable: pending.nullable) {
            case .success(let bytes):
                // A null default under `nulls: omit` writes nothing, as a null value does.
                let output = pending.meta.arena.store(bytes)
                if !(property.omitsNull && bytes == Array("null".utf8)) {
                    pending.meta.properties[pending.index].defaultOutput = output
                }
                recovering?.writesDefault(output)
            case .failure(let message):
                fail(pending.meta.resolved, property.name, "default \(pending.value.jsonText) does not convert: \(message)")
            }
        }
        pendingDefaults = []
    }

    // MARK: - The one switch over types

    /// The converter of a property: its type's converter wrapped in the declared checks.
    private mutating func propertyConverter(_ property: PropertyDefinition, in model: ResolvedModel) -> (any ValueConverter)? {
        checkOptionsFit(property, in: model)
        checkRecoveryFits(property, in: model)
        checkReshaping(property, in: model)
        if let reshaped = reshapingConverter(property, in: model) { return reshaped }
        return converter(for: property.type, property, in: model)
    }

    mutating func converter(for type: TypeRef, _ property: PropertyDefinition, in model: ResolvedModel) -> (any ValueConverter)? {
        let strict = property.strict
        switch type.kind {
        case .array(let element), .set(let element):
            guard let inner = converter(for: element, property, in: model) else { return nil }
            return ArrayConverter(element: ElementSpec(converter: inner, nullable: element.nullable, strict: strict, drops: property.dropsItems),
                                  isSet: { if case .set = type.kind { true } else { false } }(),
                                  wrapSingle: property.wrapSingle, items: CountLimits(min: property.minItems, max: property.maxItems))
        case .map(let element):
            guard let inner = converter(for: element, property, in: model) else { return nil }
            return MapConverter(element: ElementSpec(converter: inner, nullable: element.nullable, strict: strict, drops: property.dropsItems),
                                entries: CountLimits(min: property.minItems, max: property.maxItems))
        case .model(let name):
            guard let meta = meta(for: name, from: model.name) else { return nil }
            if registry.models[name]?.tuple == true { return TupleConverter(meta: meta) }
            return ModelConverter(meta: meta, strict: strict)
        case .union(let branches):
            return unionConverter(type, branches, property, in: model)
        default:
            return scalarConverter(type.kind, property, in: model)
        }
    }

    /// A scalar kind's converter; the plain one when no check is declared. `ExamplePayload`
    /// tries its example values through it.
    mutating func scalarConverter(_ kind: TypeRef.Kind, _ property: PropertyDefinition, in model: ResolvedModel) -> any ValueConverter {
        let output = outputOptions(property, in: model)
        // A date keeps its offset when its options say `rfc3339-offset`; in a union's branch,
        // which has no date option, when the property says `keepOffset: true`.
        let base = ZonedDateConverter.make(kind, property, keepsOffset: output.date.map { $0 == .rfc3339Offset } ?? property.keepOffset)
            ?? Compiler.plainConverter(kind, strict: property.strict, formats: property.formats)
        var converter = base
        if let values = property.values {
            var table: [(input: [UInt8], output: [UInt8])] = []
            for entry in values {
                switch ConstantConverter.output(of: entry.value, through: base, nullable: false) {
                case .success(let bytes): table.append((Array(entry.key.utf8), bytes))
                case .failure(let message): fail(model, property.name, "values entry '\(entry.key)' → \(entry.value.jsonText) does not convert: \(message)")
                }
            }
            converter = ValuesConverter(table: table, keepsNullWords: base.keepsNullWords)
        }
        var checks: [any OutputCheck] = []
        if let allowed = property.enumValues {
            var outputs: [[UInt8]] = []
            for value in allowed {
                switch ConstantConverter.output(of: value, through: base, nullable: false) {
                case .success(let bytes): outputs.append(bytes)
                case .failure(let message): fail(model, property.name, "enum value \(value.jsonText) does not convert: \(message)")
                }
            }
            let numeric = switch kind {
            case .integer, .float, .double, .decimal: true
            default: false
            }
            checks.append(EnumCheck(allowed: outputs, numeric: numeric))
        }
        if property.minimum != nil || property.maximum != nil || property.exclusiveMinimum != nil || property.exclusiveMaximum != nil {
            checks.append(BoundsCheck(minimum: property.minimum.map { Array($0.utf8) },
                                      maximum: property.maximum.map { Array($0.utf8) },
                                      exclusiveMinimum: property.exclusiveMinimum.map { Array($0.utf8) },
                                      exclusiveMaximum: property.exclusiveMaximum.map { Array($0.utf8) }))
        }
        if property.minLength != nil || property.maxLength != nil {
            checks.append(LengthCheck(limits: CountLimits(min: property.minLength, max: property.maxLength), countsBytes: kind == .data))
        }
        if let source = property.pattern {
            do throws(PatternError) {
                checks.append(PatternCheck(pattern: try Pattern(source)))
            } catch {
                fail(model, property.name, "pattern '\(source)' is refused at column \(error.column): \(error.reason)")
            }
        }
        if !checks.isEmpty { converter = CheckedConverter(inner: converter, checks: checks) }
        return outputForm(of: converter, kind, output)
    }

    /// The converter of a scalar kind with no checks: the cheapest one.
    static func plainConverter(_ kind: TypeRef.Kind, strict: Bool, formats: [DateFormat]?) -> any ValueConverter {
        switch kind {
        case .bool: BoolConverter(strict: strict)
        case .integer(let width): IntegerConverter(width: width, strict: strict)
        case .float: FloatConverter(single: true, strict: strict)
        case .double: FloatConverter(single: false, strict: strict)
        case .decimal: DecimalConverter(strict: strict)
        case .string: StringConverter(strict: strict)
        case .date: DateConverter(formats: formats ?? DateFormat.defaults,
                                  numbersAreNatural: formats?.contains { [.epoch, .epochSeconds, .epochMillis].contains($0) } ?? false,
                                  strict: strict)
        case .url: URLConverter(strict: strict)
        case .format(let format): FormatConverter(format: format, strict: strict)
        case .data: DataConverter()
        case .any, .model, .array, .set, .map, .union: AnyConverter()
        }
    }

    mutating func fail(_ model: ResolvedModel, _ property: String?, _ message: String) {
        errors.append(SchemaError(file: model.file, model: model.name, property: property, message: message))
    }
}
