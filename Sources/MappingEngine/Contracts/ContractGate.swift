import Foundation

/// The compatibility gate of every schema change (SPEC §11): for each served model a change
/// alters or removes, the breaking changes its level forbids and, when the level checks the
/// input side, the examples the candidate answers differently.
public struct ContractGate: Sendable {
    /// The level of a model whose file declares none (`--compatibility`).
    public var level: CompatibilityLevel
    /// Example payloads read from the files beside the schemas, by model.
    public var exampleFiles: [String: [ModelExample]]

    public init(level: CompatibilityLevel, exampleFiles: [String: [ModelExample]] = [:]) {
        self.level = level
        self.exampleFiles = exampleFiles
    }

    /// The level `model` is held to: its new file's, else its old file's, else the server's.
    func level(of model: String, old: SchemaRegistry, new: SchemaRegistry) -> CompatibilityLevel {
        new.definitions[model]?.compatibility ?? old.definitions[model]?.compatibility ?? level
    }

    /// The verdict on each model of `current` among `models` (those a change touches), in name
    /// order; models held to `NONE` are left out.
    func verdicts(on models: Set<String>, from current: Engine, to candidate: Engine) -> [ModelCompatibility] {
        let old = current.registry
        let new = candidate.registry
        return old.names.filter(models.contains).compactMap { name in
            let level = level(of: name, old: old, new: new)
            guard level != .none else { return nil }
            return verdict(on: name, level: level, from: current, to: candidate)
        }
    }

    /// `name` checked at `level`: against the served version, and with `_TRANSITIVE` against
    /// every earlier version not disabled; the examples replayed against the served one.
    func verdict(on name: String, level: CompatibilityLevel, from current: Engine, to candidate: Engine) -> ModelCompatibility {
        let old = current.registry
        let new = candidate.registry
        var changes = CompatibilityCheck.changes(of: name, from: old, to: new, level: level)
        let latest = old.versions.latest(of: name)?.number
        var against = latest.map { [$0] } ?? []
        if level.isTransitive {
            for version in old.versions.versions(of: name).reversed() where version.number != latest && version.state != .disabled {
                guard let earlier = ContractGate.registry(of: version) else { continue }
                against.append(version.number)
                for change in CompatibilityCheck.changes(of: name, from: earlier, to: new, level: level)
                    where changes.count < CompatibilityCheck.maxChanges && !changes.contains(change) {
                    changes.append(change)
                }
            }
        }
        var replay: [ReplayDifference] = []
        if level.checksInput && new.definitions[name] != nil {
            let examples = (old.definitions[name]?.examples ?? []) + (exampleFiles[name] ?? [])
                + (new.definitions[name]?.examples ?? []).filter { example in !(old.definitions[name]?.examples ?? []).contains(example) }
            replay = ExampleReplay.compare(model: name, examples: examples, current: current, candidate: candidate)
        }
        return ModelCompatibility(model: name, level: level, against: against, changes: changes, replay: replay)
    }

    /// The registry a stored version was made from; nil when its snapshot no longer loads.
    static func registry(of version: ModelVersion) -> SchemaRegistry? {
        guard !version.snapshot.isEmpty else { return nil }
        let resolved = SchemaLoader.resolve([SchemaSource(file: "snapshot.json", text: version.snapshot)])
        return resolved.errors.isEmpty ? resolved.registry : nil
    }
}

/// Whether a change keeps one model's compatibility level, and what breaks it.
public struct ModelCompatibility: Sendable, Equatable {
    public let model: String
    public let level: CompatibilityLevel
    /// The versions compared against, latest first.
    public let against: [Int]
    public let changes: [BreakingChange]
    /// The examples the candidate answers differently from the served version.
    public let replay: [ReplayDifference]

    public init(model: String, level: CompatibilityLevel, against: [Int], changes: [BreakingChange], replay: [ReplayDifference]) {
        self.model = model
        self.level = level
        self.against = against
        self.changes = changes
        self.replay = replay
    }

    public var isCompatible: Bool { changes.isEmpty && replay.isEmpty }

    /// The verdict as answered by the dry run and the 409.
    public var json: JSONValue {
        .object([
            .init("model", .string(model)),
            .init("level", .string(level.rawValue)),
            .init("compatible", .bool(isCompatible)),
            .init("against", .array(against.map { .number(String($0)) })),
            .init("changes", .array(changes.map(\.json))),
            .init("replay", .array(replay.map(\.json))),
        ])
    }
}
