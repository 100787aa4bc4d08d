import Foundation

/// Every model's versions (SPEC §11), oldest first: what `/convert/Book@2` pins and
/// `GET /schemas/Book/versions` lists.
///
/// A registry is served with its ledger: each accepted change appends a version to every
/// model whose snapshot digest differs from its latest version's (the model changed, or a
/// model it uses or extends did). A model keeps its history when it leaves the registry, so
/// numbers are never reused. At most `limit` versions of a model are kept; past it the oldest
/// is dropped and no longer answers.
public struct VersionLedger: Sendable, Equatable {
    /// The versions of each model, oldest first.
    public private(set) var models: [String: [ModelVersion]] = [:]
    /// Versions kept per model.
    public let limit: Int

    /// The versions kept per model by default.
    public static let defaultLimit = 100

    public init(limit: Int = VersionLedger.defaultLimit) {
        self.limit = max(1, limit)
    }

    /// The versions of `model`, oldest first; empty for a model never served.
    public func versions(of model: String) -> [ModelVersion] {
        models[model] ?? []
    }

    /// Version `number` of `model`, if kept.
    public func version(_ number: Int, of model: String) -> ModelVersion? {
        models[model]?.first { $0.number == number }
    }

    /// The latest version of `model`: the one served under its plain name.
    public func latest(of model: String) -> ModelVersion? {
        models[model]?.last
    }

    /// What answers of `model`'s latest version must say: nil while it is active.
    public func notice(of model: String) -> VersionNotice? {
        guard let latest = models[model]?.last else { return nil }
        return VersionNotice(latest)
    }

    /// The ledger after `registry` is served at `now`, `previous` having been served before:
    /// a new version for each model whose reach digest differs from its latest one's. Returns
    /// the models given one.
    ///
    /// The latest version is the model served, so it keeps no snapshot; the version a new one
    /// supersedes takes its snapshot from `previous`, when its digest is the one `previous`
    /// served and its snapshot stays within `VersionSnapshots.maxModels` models. A version
    /// without a snapshot is listed but cannot be pinned.
    mutating func record(_ registry: SchemaRegistry, previous: SchemaRegistry?, at now: Date) -> [String] {
        let digests = ReachDigests.of(registry)
        let before = previous.map(ReachDigests.of) ?? [:]
        let snapshots = previous.map(VersionSnapshots.init)
        var appended: [String] = []
        for name in registry.names {
            guard let digest = digests[name] else { continue }
            var list = models[name] ?? []
            if list.last?.digest == digest { continue }
            if let last = list.last, last.snapshot.isEmpty, before[name] == last.digest, let text = snapshots?.snapshot(of: name)?.text {
                list[list.count - 1] = last.with(snapshot: text)
            }
            list.append(ModelVersion(number: (list.last?.number ?? 0) + 1, digest: digest, created: now, snapshot: ""))
            if list.count > limit { list.removeFirst(list.count - limit) }
            models[name] = list
            appended.append(name)
        }
        return appended
    }

    /// Sets the state (and sunset) of version `number` of `model`; false when there is no such version.
    mutating func set(_ state: ModelVersion.State, sunset: Date?, version number: Int, of model: String) -> Bool {
        guard let index = models[model]?.firstIndex(where: { $0.number == number }) else { return false }
        models[model]?[index].state = state
        models[model]?[index].sunset = sunset
        models[model]?[index].since = Date()
        return true
    }

    /// The ledger with `model`'s history replaced by `versions` (read from its file).
    mutating func adopt(_ versions: [ModelVersion], of model: String) {
        models[model] = Array(versions.sorted { $0.number < $1.number }.suffix(limit))
    }

    /// What the registry digest covers: each of `names`' versions, numbers, digests and states
    /// (the history of a model no longer served changes no answer).
    func digestLines(of names: [String]) -> String {
        names.filter { models[$0] != nil }.map { name in
            "@\(name) " + (models[name] ?? []).map { "\($0.number):\($0.digest):\($0.state.rawValue)" }.joined(separator: " ") + "\n"
        }.joined()
    }

    // MARK: Files

    /// The folder of the schema directory that holds one ledger file per model; hidden, so
    /// the schema loader never reads it as a schema.
    public static let folder = ".versions"

    /// The text of `model`'s ledger file, `<folder>/<model>.json`.
    public func fileText(of model: String) -> String {
        let value = JSONValue.object([
            .init("model", .string(model)),
            .init("versions", .array(versions(of: model).map(\.stored))),
        ])
        return String(decoding: value.jsonBytes.withUnsafeBufferPointer { JSONPrettyPrinter.format($0) }, as: UTF8.self) + "\n"
    }

    /// Reads a ledger file's versions of `model`; nil when it is not one.
    public static func versions(inFile text: String, model: String) -> [ModelVersion]? {
        guard let value = try? JSONValue(parsing: text), case .string(model)? = value["model"],
              case .array(let list)? = value["versions"] else { return nil }
        let versions = list.compactMap(ModelVersion.init(stored:))
        guard versions.count == list.count, Set(versions.map(\.number)).count == versions.count else { return nil }
        return versions
    }
}
