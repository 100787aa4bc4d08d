import CEL

/// Compiles a model's CEL (SPEC §8) at load: what `self` is to its rules and `compute` (a CEL
/// object type of its fields, and how each field's output is read back), its rules, its
/// computed members, its properties' transforms and its discriminator's predicates. Every
/// expression is parsed, checked, bounded and planned here once; a mistake is a `SchemaError`
/// naming the expression, the kind of mistake and its column.
struct ExpressionCompiler {
    /// Each model's object type and readings, made once and shared by every model that nests it.
    private var objects: [String: (type: CELObjectType, reading: ObjectReading)] = [:]
    let registry: SchemaRegistry
    /// The output profile the models are compiled for: expressions read what it writes
    /// (fields under their output names, dates in its form) as the values they are.
    let profile: OutputOptions
    /// The mistakes found so far; the compiler takes them after each model.
    var errors: [SchemaError] = []

    init(registry: SchemaRegistry, profile: OutputOptions = OutputOptions()) {
        self.registry = registry
        self.profile = profile
    }

    /// The environment of an expression whose `self` has `type`.
    private func environment(_ type: CELType) -> CELEnvironment {
        var environment = CELEnvironment(variables: [.init(name: "self", type: type)], patterns: PatternCELCompiler())
        environment.maxCost = UInt64(registry.limits.ruleCost)
        return environment
    }

    /// `source` compiled with `self` of `type`, or nil with its mistake recorded.
    mutating func program(_ source: String, self type: CELType, named name: String, in model: ResolvedModel, property: String? = nil,
                          expecting expected: CELType? = nil) -> CELProgram? {
        do throws(CELCompileError) {
            let program = try CELProgram(source, in: environment(type))
            if let expected, program.type != expected, program.type != .dyn {
                fail(model, property, name, source, CELCompileError(.type, column: 1, "gives \(program.type), not \(expected)"))
                return nil
            }
            return program
        } catch {
            fail(model, property, name, source, error)
            return nil
        }
    }

    /// A model's fields as rules and `compute` see them.
    mutating func object(_ name: String) -> (type: CELObjectType, reading: ObjectReading)? {
        if let made = objects[name] { return made }
        guard let model = registry.models[name] else { return nil }
        let made = (type: CELObjectType(name: name), reading: ObjectReading())
        objects[name] = made
        for property in model.properties where property.compute == nil {
            let (type, reading) = field(property.type, property, dateForm: profile.laid(over: property, in: model).date)
            made.type.fields.append(.init(name: property.name, type: type, maxSize: maxSize(property.type, property)))
            made.reading.append(property.name, key: OutputNames.name(of: property, in: model, profile: profile), reading)
        }
        return made
    }

    /// The CEL type of a property's value and how its output is read (SPEC §8's table).
    private mutating func field(_ type: TypeRef, _ property: PropertyDefinition, dateForm: DateForm?) -> (CELType, OutputReading) {
        switch type.kind {
        case .bool: return (.bool, .bool)
        case .integer(let width): return width.isSigned ? (.int, .int) : (.uint, .uint)
        case .float, .double: return (.double, .double)
        case .decimal: return (.decimal, .decimal)
        case .string, .url: return (.string, .string)
        case .date:
            switch dateForm {
            case .epochSeconds?: return (.timestamp, .writtenTimestamp(.epochSeconds))
            case .epochMillis?: return (.timestamp, .writtenTimestamp(.epochMillis))
            case .http?: return (.timestamp, .writtenTimestamp(.rfc1123))
            case .rfc3339?, .rfc3339Offset?, nil: return (.timestamp, .timestamp)
            }
        case .data: return (.bytes, .bytes)
        // A duration is CEL's own; the other formats are their canonical text.
        case .format(.duration): return (.duration, .duration)
        case .format: return (.string, .string)
        // A union's value is whichever branch the input chose: known only as it runs.
        case .any, .union: return (.dyn, .raw)
        case .model(let name):
            guard let nested = object(name) else { return (.dyn, .raw) }
            return (.object(nested.type), .object(nested.reading))
        case .array(let element), .set(let element):
            let (inner, reading) = field(element, property, dateForm: dateForm)
            return (.list(inner), .list(reading))
        case .map(let element):
            let (inner, reading) = field(element, property, dateForm: dateForm)
            return (.map(key: .string, value: inner), .map(reading))
        }
    }

    /// The declared bound on a value's size, which a loop's static cost is counted from.
    private func maxSize(_ type: TypeRef, _ property: PropertyDefinition) -> Int? {
        switch type.kind {
        case .array, .set, .map: property.maxItems
        case .string, .url, .data: property.maxLength
        default: nil
        }
    }

    /// The model's rules, with where each error points.
    mutating func rules(of model: ResolvedModel, properties: [PropertyMeta]) -> [ModelExpressions.Rule] {
        guard !model.rules.isEmpty, let object = object(model.name) else { return [] }
        var rules: [ModelExpressions.Rule] = []
        for (index, rule) in model.rules.enumerated() {
            guard let program = program(rule.rule, self: .object(object.type), named: "rule \(index + 1)", in: model, expecting: .bool) else { continue }
            var outPath = ExpressionCompiler.components(of: rule.path ?? "")
            var inPath = outPath
            // The rule names the property as declared; its compiled meta goes by its output name
            // (a profile's key style), which the error's path takes, and knows where it reads.
            if case .key(let name)? = outPath.first, let declared = model.properties.first(where: { $0.name == name }) {
                let written = OutputNames.name(of: declared, in: model, profile: profile)
                outPath[0] = .key(written)
                if let property = properties.first(where: { $0.name == written }) {
                    inPath = property.inputPath + inPath.dropFirst()
                }
            }
            rules.append(.init(program: program, code: rule.code, message: rule.message ?? "rule does not hold: \(rule.rule)",
                               outPath: outPath, inPath: inPath))
        }
        return rules
    }

    /// A JSON Pointer's steps (a step of digits is an index).
    static func components(of pointer: String) -> [PathComponent] {
        guard pointer.hasPrefix("/") else { return [] }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { token in
            let text = String(token).replacing("~1", with: "/").replacing("~0", with: "~")
            if let index = Int(text), index >= 0, text.first != "+" { return .index(index) }
            return .key(text)
        }
    }

    private mutating func fail(_ model: ResolvedModel, _ property: String?, _ name: String, _ source: String, _ error: CELCompileError) {
        var schemaError = SchemaError(file: model.file, model: model.name, property: property, message: error.message)
        schemaError.expression = .init(name: name, code: error.kind.rawValue, column: error.column, source: source)
        errors.append(schemaError)
    }
}
