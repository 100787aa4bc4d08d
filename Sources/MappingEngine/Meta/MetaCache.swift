import Dispatch
import Foundation
import Synchronization

/// The table of compiled models, keyed by name, and the registry they were compiled from.
///
/// Every model of the served registry is in the table before the registry is served:
/// `SchemaPipeline` compiles a change first, then swaps the registry and the table together.
/// A lookup of a registered model without an output profile is therefore always a hit and
/// compiles nothing on a request path; no lookup can fall between a swap's registry and its
/// table, so there is no miss to build lazily and no single flight to run. A model written
/// for an output profile (`?profile=NAME`) is the exception: it is compiled on the first
/// request for the pair after a change, into the table swapped with the registry
/// (`ProfiledMetas`), and is not counted in `Stats`. One semaphore guards the registry, the
/// table and the counters; it is held only to look up and to swap, never while compiling.
public final class MetaCache: @unchecked Sendable {
    /// Counters for `/stats`.
    public struct Stats: Sendable, Equatable {
        /// Compiled models in the table: every model of the served registry.
        public var entries = 0
        /// Lookups of a registered model: one per conversion, answered from the table.
        public var hits = 0
        /// Lookups of a name no model has; nothing is compiled for them.
        public var misses = 0
        /// Models compiled into the table: each model once at load, then per accepted change the
        /// changed models and those that use or extend them (refused changes are not counted).
        public var builds = 0
        /// Time spent on those compilations.
        public var buildNanoseconds: UInt64 = 0
        /// Entries dropped by accepted changes because their model changed, was removed, or uses
        /// or extends one that did.
        public var invalidations = 0
        /// Accepted changes since the cache was created (a load of the very sources served is no change).
        public var generation = 0
    }

    /// A compiled model and the group that keeps alive every model it points at.
    struct Entry: Sendable {
        let meta: ModelMeta
        let group: MetaGroup
        /// The served version's state when it is not `active`: what its answers must say.
        var notice: VersionNotice?

        init(meta: ModelMeta, group: MetaGroup, notice: VersionNotice? = nil) {
            self.meta = meta
            self.group = group
            self.notice = notice
        }
    }

    /// A workspace's last lookup: served again without the lock and the name's hash while the
    /// table has not changed since (the same `table`). It holds its entry's group, so a model a
    /// swap dropped is freed at that workspace's next lookup, not at the swap.
    struct Memo {
        let name: String
        let entry: Entry
        let table: Int
    }

    /// Tables swapped in by any cache of the process: each swap's table is numbered from it, so
    /// no two tables share a number. A workspace used with two engines (a library serving two
    /// sets of schemas, the reference's examples) must never take one's memo for the other's,
    /// as a per-cache generation would let it when both are at the same generation.
    private static let tables = Atomic<Int>(0)

    /// `stats.hits`, and the number of the table served, readable without the lock: hits are
    /// counted here, and the table's number is stored under the lock by each swap, after its table.
    private let hitCount = Atomic<Int>(0)
    /// 0 in every new cache: harmless, since a new cache is empty and memoizes nothing.
    private let servedTable = Atomic<Int>(0)

    // The lock guards every stored property below it.
    private let lock = DispatchSemaphore(value: 1)
    private var registry: SchemaRegistry
    private var entries: [String: Entry] = [:]
    private var stats = Stats()
    /// The served registry's models compiled for output profiles, filled as requests ask.
    private var profiled = ProfiledMetas(registry: .empty)

    /// An empty table: it serves what the schema pipeline compiles and swaps in, and compiles
    /// nothing itself.
    init() {
        registry = .empty
    }

    /// The compiled model; nil when no such model is registered.
    public func meta(for name: String) -> ModelMeta? {
        entry(for: name)?.meta
    }

    /// The compiled model and its group, which a conversion holds while it runs.
    func entry(for name: String) -> Entry? {
        var memo: Memo?
        return entry(for: name, memo: &memo)
    }

    /// `entry(for:)` through a workspace's `memo` of its last lookup, which it answers when the
    /// name is the same and no swap came between; otherwise it looks up and refreshes the memo.
    /// A lookup racing a swap gets the entry before it or after it, as under the lock.
    func entry(for name: String, memo: inout Memo?) -> Entry? {
        if let last = memo, last.table == servedTable.load(ordering: .acquiring), last.name == name {
            hitCount.add(1, ordering: .relaxed)
            return last.entry
        }
        lock.wait()
        guard let entry = entries[name] else {
            stats.misses += 1
            lock.signal()
            return nil
        }
        let table = servedTable.load(ordering: .relaxed)
        lock.signal()
        hitCount.add(1, ordering: .relaxed)
        memo = Memo(name: name, entry: entry, table: table)
        return entry
    }

    /// The compiled model `name` written as the served registry's profile `profile` says,
    /// compiled now when no request asked for the pair since the last schema change.
    func entry(for name: String, profile: String) -> Result<Entry, ModelLookupError> {
        lock.wait()
        let profiled = self.profiled
        lock.signal()
        guard let found = profiled.registry.profiles[profile] else { return .failure(.unknownProfile(profile)) }
        guard let entry = profiled.entry(for: name, profile: found) else {
            lock.wait()
            stats.misses += 1
            lock.signal()
            return .failure(.unknownModel(name))
        }
        hitCount.add(1, ordering: .relaxed)
        var noticed = entry
        noticed.notice = profiled.registry.versions.notice(of: name)
        return .success(noticed)
    }

    /// The registry currently served.
    public var currentRegistry: SchemaRegistry {
        lock.wait()
        defer { lock.signal() }
        return registry
    }

    /// A snapshot of the counters.
    public var snapshot: Stats {
        lock.wait()
        var snapshot = stats
        lock.signal()
        snapshot.hits = hitCount.load(ordering: .relaxed)
        return snapshot
    }

    /// The registry served and its table, read together.
    var served: (registry: SchemaRegistry, entries: [String: Entry]) {
        lock.wait()
        defer { lock.signal() }
        return (registry, entries)
    }

    /// Serves `newRegistry` from now on: drops the entries of `invalidated`, adds `compiled`
    /// (which holds a meta for every model of `newRegistry` that is left without one) and bumps
    /// the generation. Returns the new generation.
    func install(_ newRegistry: SchemaRegistry, compiled: RegistryCompiler.Output, invalidated: Set<String>) -> Int {
        var dropped: [Entry] = []
        lock.wait()
        let oldRegistry = registry
        let oldProfiled = profiled
        registry = newRegistry
        profiled = ProfiledMetas(registry: newRegistry)
        for name in invalidated {
            if let entry = entries.removeValue(forKey: name) { dropped.append(entry) }
        }
        entries.merge(compiled.entries) { _, new in new }
        // A version's state changes without a compile: every entry takes its model's anew.
        for (name, entry) in entries {
            let notice = newRegistry.versions.notice(of: name)
            if entry.notice != notice { entries[name]?.notice = notice }
        }
        stats.invalidations += dropped.count
        stats.entries = entries.count
        stats.builds += compiled.entries.count
        stats.buildNanoseconds += compiled.nanoseconds
        stats.generation += 1
        let generation = stats.generation
        servedTable.store(MetaCache.tables.wrappingAdd(1, ordering: .relaxed).newValue, ordering: .releasing)
        lock.signal()
        // What the swap let go of is freed here, after the lock, not under it.
        withExtendedLifetime((oldRegistry, dropped, oldProfiled)) {}
        return generation
    }
}
