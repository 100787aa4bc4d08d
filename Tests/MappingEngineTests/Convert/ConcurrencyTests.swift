import Dispatch
import Foundation
import Testing
@testable import MappingEngine

/// The meta table under contention: lookups of a compiled table, and conversions racing changes.
@Suite struct ConcurrencyTests {
    private static let schemas = """
        Parent:
          properties:
            id: int64
            child: Child
            children: "array<Child>"
        Child:
          keys: snake_case
          properties:
            fullName: { type: string, required: true }
            age: uint8
        Other:
          properties:
            x: int32
        """

    private static func sources(ageType: String = "uint8") -> [SchemaSource] {
        [SchemaSource(file: "models.yaml", text: schemas.replacingOccurrences(of: "age: uint8", with: "age: \(ageType)"))]
    }

    private static func registry(ageType: String = "uint8") throws -> SchemaRegistry {
        try SchemaLoader.load(sources: sources(ageType: ageType).map { ($0.file, $0.text) })
    }

    @Test func concurrentLookupsAreHitsWithoutBuilds() throws {
        let cache = try Engine(sources: Self.sources()).cache
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            _ = cache.meta(for: "Parent")
        }
        let stats = cache.snapshot
        #expect(stats.builds == 3)
        #expect(stats.hits == 16)
        #expect(stats.misses == 0)
        #expect(stats.entries == 3)
    }

    @Test func aChangeDropsTheModelAndItsUsersOnly() throws {
        let engine = Engine()
        _ = engine.load(Self.sources())
        let other = engine.cache.meta(for: "Other")
        let update = try engine.load(Self.sources(ageType: "uint16")).get()
        #expect(update.replaced == ["Child"])
        let stats = engine.cache.snapshot
        #expect(stats.invalidations == 2)
        #expect(stats.builds == 3 + 2)
        #expect(stats.entries == 3)
        #expect(stats.generation == 2)
        #expect(engine.cache.meta(for: "Other") === other)
    }

    @Test func conversionsRaceChanges() throws {
        let engine = try Engine(registry: Self.registry())
        let input = Array(#"{"id":"7","child":{"full_name":"Ana","age":"30"},"children":[{"full_name":"Bo"}]}"#.utf8)
        let expected = #"{"id":7,"child":{"fullName":"Ana","age":30},"children":[{"fullName":"Bo"}]}"#
        let failures = Counter()
        let alternate = Self.sources(ageType: "uint16")
        let original = Self.sources()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let workspace = Workspace()
            for round in 0..<400 {
                if worker == 0 && round % 10 == 0 {
                    _ = engine.load(round % 20 == 0 ? alternate : original)
                    continue
                }
                let ok = input.withUnsafeBufferPointer { bytes in
                    if case .success(let success) = engine.convert(bytes, model: "Parent", workspace: workspace) {
                        return String(decoding: success.output, as: UTF8.self) == expected
                    }
                    return false
                }
                if !ok { failures.increment() }
            }
        }
        #expect(failures.value == 0)
        #expect(engine.cache.snapshot.invalidations > 0)
        #expect(engine.cache.snapshot.generation == 1 + 40, "the first load, then 40 changes")
    }
}

/// A thread-safe tally for the tests.
final class Counter: @unchecked Sendable {
    // The lock guards `count`.
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
