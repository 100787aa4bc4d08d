import Dispatch
import Foundation

/// The table of compiled models, keyed by name, built on first use.
///
/// One semaphore guards the table, the registry, the in-flight builds and the counters; it is
/// held only to look up and insert, never while compiling. Two requests that miss at once build
/// once (single flight). Replacing the registry bumps the generation and drops exactly the
/// entries of the changed models and of every model that uses or extends them.
public final class MetaCache: @unchecked Sendable {
    /// Counters for `/stats`.
    public struct Stats: Sendable, Equatable {
        public var entries = 0
        public var hits = 0
        public var misses = 0
        public var builds = 0
        public var buildNanoseconds: UInt64 = 0
        public var invalidations = 0
        public var generation = 0
    }

    /// A build under way that other requests for the same model wait on.
    private final class Flight: @unchecked Sendable {
        // `result` is written once before `done.leave()` and read only after `done.wait()`.
        let done = DispatchGroup()
        var result: ModelMeta?
    }

    // The lock guards every stored property below it.
    private let lock = DispatchSemaphore(value: 1)
    private var registry: SchemaRegistry
    private var entries: [String: ModelMeta] = [:]
    private var flights: [String: Flight] = [:]
    private var stats = Stats()

    public init(registry: SchemaRegistry) {
        self.registry = registry
    }

    /// The compiled model, from the table or built now; nil when no such model is registered.
    public func meta(for name: String) -> ModelMeta? {
        lock.wait()
        if let meta = entries[name] {
            stats.hits += 1
            lock.signal()
            return meta
        }
        stats.misses += 1
        // An unknown name is answered at once: no build to count, no flight to leave behind.
        guard registry.models[name] != nil else {
            lock.signal()
            return nil
        }
        if let flight = flights[name] {
            lock.signal()
            flight.done.wait()
            return flight.result
        }
        let flight = Flight()
        flight.done.enter()
        flights[name] = flight
        let registry = self.registry
        let generation = stats.generation
        lock.signal()

        let started = DispatchTime.now().uptimeNanoseconds
        let meta = Compiler.compile(name, in: registry)
        let elapsed = DispatchTime.now().uptimeNanoseconds - started

        lock.wait()
        stats.builds += 1
        stats.buildNanoseconds += elapsed
        // A registry replaced meanwhile makes this build stale: answer with it, do not keep it.
        if let meta, generation == stats.generation { entries[name] = meta }
        if flights[name] === flight { flights[name] = nil }
        stats.entries = entries.count
        lock.signal()
        flight.result = meta
        flight.done.leave()
        return meta
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
        defer { lock.signal() }
        return stats
    }

    /// Serves `newRegistry` from now on, dropping the entries of models whose definition changed
    /// or disappeared and of every model that uses or extends them; unchanged models keep their
    /// load time. Returns the dropped names.
    @discardableResult
    public func replace(registry newRegistry: SchemaRegistry) -> Set<String> {
        lock.wait()
        defer { lock.signal() }
        let old = registry
        var changed = Set<String>()
        for name in Set(old.definitions.keys).union(newRegistry.definitions.keys)
        where old.definitions[name] != newRegistry.definitions[name] {
            changed.insert(name)
        }
        var next = newRegistry
        for name in next.names where !changed.contains(name) {
            next.loadTimes[name] = old.loadTimes[name] ?? next.loadedAt
        }
        registry = next
        stats.generation += 1
        return dropLocked(old.dependents(of: changed).union(newRegistry.dependents(of: changed)))
    }

    /// Drops the entry of `name` and of every model that uses or extends it.
    @discardableResult
    public func invalidate(_ name: String) -> Set<String> {
        lock.wait()
        defer { lock.signal() }
        stats.generation += 1
        return dropLocked(registry.dependents(of: [name]))
    }

    private func dropLocked(_ names: Set<String>) -> Set<String> {
        var dropped = Set<String>()
        for name in names where entries.removeValue(forKey: name) != nil {
            dropped.insert(name)
        }
        stats.invalidations += dropped.count
        stats.entries = entries.count
        return dropped
    }
}
