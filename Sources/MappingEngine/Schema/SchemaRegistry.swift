import Foundation

/// An immutable set of models: what the files say, resolved and cross-checked (names unique,
/// references present, `extends` without cycles). What only compiling finds (constraints,
/// defaults, patterns) is checked by the compile stage, `RegistryCompiler`.
public struct SchemaRegistry: Sendable {
    /// The models as written, by name.
    public let definitions: [String: ModelDefinition]
    /// The models with inheritance resolved, by name.
    public let models: [String: ResolvedModel]
    /// Model names, sorted.
    public let names: [String]
    /// When the registry was loaded.
    public let loadedAt: Date
    /// When each model's current definition was loaded: `loadedAt`, or an earlier time carried
    /// over by `SchemaPipeline` for a model whose definition did not change.
    public internal(set) var loadTimes: [String: Date]
    /// The files the models were read from, sorted by file; empty for a registry built from
    /// definitions alone.
    public let sources: [SchemaSource]
    /// A digest of every model's name and content, of every declared output profile and of
    /// the version ledger (16 hex digits): equal on every replica that serves the same models,
    /// profiles and versions, whatever the files are called. What is cached per registry (the
    /// OpenAPI documents) is cached by it.
    public private(set) var digest: String
    /// The digest of the models and profiles alone, which `digest` extends with the ledger.
    private let contentDigest: String
    /// Every model's versions (SPEC §11), served with the registry: set by the schema
    /// pipeline, which records a version for each model that changed.
    public private(set) var versions = VersionLedger()
    /// The limits it was loaded under; compiling reads `ruleCost` from them.
    public private(set) var limits = RegistryLimits.default
    /// The output profiles a request may pick, by name: the built-in ones and those the files
    /// declare under `$profiles`.
    public let profiles: [String: OutputProfile]
    /// `profiles` as they are listed (`GET /profiles`, the OpenAPI `profile` choices): the
    /// built-in ones first, then the declared ones by name.
    public let listedProfiles: [OutputProfile]

    /// A registry without models, served before the first load.
    public static var empty: SchemaRegistry {
        SchemaRegistry(definitions: [:], models: [:], sources: [], profiles: Dictionary(uniqueKeysWithValues: OutputProfile.builtIn.map { ($0.name, $0) }))
    }

    /// Resolves and cross-checks definitions from any number of files, listing every mistake;
    /// `sources` are the files they were decoded from. Over `limits` (models, properties,
    /// `extends` depth, the depth of types and key paths) is a mistake too.
    public init(definitions list: [ModelDefinition], sources: [SchemaSource] = [], profiles declared: [OutputProfile] = [],
                limits: RegistryLimits = .default) throws(SchemaErrors) {
        var errors: [SchemaError] = []
        var profiles = Dictionary(uniqueKeysWithValues: OutputProfile.builtIn.map { ($0.name, $0) })
        for profile in declared {
            if let existing = profiles[profile.name] {
                errors.append(SchemaError(file: profile.file, message: "profile '\(profile.name)' is already declared in \(existing.file)"))
                continue
            }
            profiles[profile.name] = profile
        }
        if declared.count > limits.profiles {
            errors.append(limits.exceeded(.profiles, found: declared.count, "the number of output profiles declared", file: ""))
        }
        var definitions: [String: ModelDefinition] = [:]
        for model in list {
            if let existing = definitions[model.name] {
                errors.append(SchemaError(file: model.file, model: model.name,
                                          message: "model '\(model.name)' is already defined in \(existing.file)"))
                continue
            }
            definitions[model.name] = model
        }
        for model in list where definitions[model.name]?.file == model.file {
            errors += SchemaRegistry.missingReferences(of: model, in: definitions)
        }
        // Counted before anything is resolved: past it, resolving is work the refusal makes moot.
        if definitions.count > limits.models {
            throw SchemaErrors(errors + [limits.exceeded(.models, found: definitions.count, "the number of models", file: "")])
        }
        var resolver = LineageResolver(definitions: definitions, limits: limits)
        resolver.resolveAll()
        errors += resolver.errors
        guard errors.isEmpty else { throw SchemaErrors(errors) }
        self.init(definitions: definitions, models: resolver.models, sources: sources.sorted { $0.file < $1.file }, profiles: profiles)
        self.limits = limits
    }

    private init(definitions: [String: ModelDefinition], models: [String: ResolvedModel], sources: [SchemaSource],
                 profiles: [String: OutputProfile]) {
        self.definitions = definitions
        self.models = models
        self.sources = sources
        self.profiles = profiles
        listedProfiles = profiles.values.sorted { ($0.isBuiltIn ? 0 : 1, $0.name) < ($1.isBuiltIn ? 0 : 1, $1.name) }
        let now = Date()
        names = models.keys.sorted()
        loadedAt = now
        loadTimes = Dictionary(uniqueKeysWithValues: models.keys.map { ($0, now) })
        // A line per model, then one per declared profile, which starts with `$` as no model
        // name does; with none declared the digest is the models' alone. Appended rather than
        // `joined`: the generic `joined` looks up an associated type by scanning every
        // conformance in the binary, a twentieth of a one-model `convert`'s start-up.
        var lines = ""
        for name in names {
            lines += "\(name) \(models[name]?.version ?? "")\n"
        }
        for profile in listedProfiles where !profile.isBuiltIn {
            var options = ""
            for member in profile.options.members {
                options += "\(options.isEmpty ? "" : " ")\(member.name)=\(member.value)"
            }
            lines += "$\(profile.name) \(options)\n"
        }
        contentDigest = ContentHash.hex(of: Array(lines.utf8))
        digest = contentDigest
    }

    /// Serves `ledger` with the registry, the digest extended to cover it.
    mutating func serve(_ ledger: VersionLedger) {
        versions = ledger
        let lines = ledger.digestLines(of: names)
        digest = lines.isEmpty ? contentDigest : ContentHash.hex(of: Array((contentDigest + "\n" + lines).utf8))
    }

    /// The options of the output profile `name` asks for: none for nil, and
    /// `.unknownProfile` for a name neither built in nor declared.
    public func outputOptions(profile name: String?) throws(ModelLookupError) -> OutputOptions {
        guard let name else { return OutputOptions() }
        guard let profile = profiles[name] else { throw .unknownProfile(name) }
        return profile.options
    }

    /// The models whose definitions differ from `old`'s, each list sorted.
    public func changes(since old: SchemaRegistry) -> (added: [String], replaced: [String], removed: [String]) {
        (names.filter { old.definitions[$0] == nil },
         names.filter { name in old.definitions[name].map { $0 != definitions[name] } ?? false },
         old.names.filter { definitions[$0] == nil })
    }

    /// The models that must be recompiled when any of `changed` changes: themselves and every
    /// model that uses or extends them, transitively. One pass over the references, then a
    /// breadth-first walk of their reverse: linear, however long a chain of users is.
    public func dependents(of changed: Set<String>) -> Set<String> {
        var users: [String: [String]] = [:]
        for (name, definition) in definitions {
            for target in definition.references { users[target, default: []].append(name) }
        }
        var result = changed
        var pending = Array(changed)
        while let next = pending.popLast() {
            for user in users[next] ?? [] where result.insert(user).inserted { pending.append(user) }
        }
        return result
    }

    private static func missingReferences(of model: ModelDefinition, in definitions: [String: ModelDefinition]) -> [SchemaError] {
        var errors: [SchemaError] = []
        if let parent = model.extends, definitions[parent] == nil {
            errors.append(SchemaError(file: model.file, model: model.name, message: "extends unknown model '\(parent)'"))
        }
        for property in model.properties {
            for name in property.type.modelNames where definitions[name] == nil {
                errors.append(SchemaError(file: model.file, model: model.name, property: property.name,
                                          message: "unknown type or model '\(name)'" + (property.type.description == name ? "" : " in '\(property.type)'")))
            }
        }
        for entry in model.discriminator?.mapping ?? [] where definitions[entry.model] == nil {
            errors.append(SchemaError(file: model.file, model: model.name,
                                      message: "discriminator tag '\(entry.tag)' maps to unknown model '\(entry.model)'"))
        }
        for (index, predicate) in (model.discriminator?.when ?? []).enumerated() where definitions[predicate.model] == nil {
            errors.append(SchemaError(file: model.file, model: model.name,
                                      message: "discriminator.when entry \(index + 1) picks unknown model '\(predicate.model)'"))
        }
        if let fallback = model.discriminator?.fallback, definitions[fallback] == nil {
            errors.append(SchemaError(file: model.file, model: model.name, message: "discriminator.fallback names unknown model '\(fallback)'"))
        }
        return errors
    }
}
