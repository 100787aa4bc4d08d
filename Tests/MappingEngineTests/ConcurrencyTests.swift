import Dispatch
import Foundation
import Testing
@testable import MappingEngine

/// The meta table under contention: single flight, and conversions racing invalidations.
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

    private static func registry(ageType: String = "uint8") throws -> SchemaRegistry {
        try SchemaLoader.load(sources: [("models.yaml", schemas.replacingOccurrences(of: "age: uint8", with: "age: \(ageType)"))])
    }

    @Test func concurrentMissesBuildOnce() throws {
        let cache = MetaCache(registry: try Self.registry())
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            _ = cache.meta(for: "Parent")
        }
        let stats = cache.snapshot
        #expect(stats.builds == 1)
        #expect(stats.hits + stats.misses == 16)
        #expect(stats.entries == 1)
    }

    @Test func invalidationDropsTheModelAndItsUsers() throws {
        let cache = MetaCache(registry: try Self.registry())
        for name in ["Parent", "Child", "Other"] { _ = cache.meta(for: name) }
        let dropped = cache.invalidate("Child")
        #expect(dropped == ["Parent", "Child"])
        #expect(cache.snapshot.entries == 1)
        #expect(cache.snapshot.generation == 1)
    }

    @Test func replacingTheRegistryDropsOnlyChangedModels() throws {
        let cache = MetaCache(registry: try Self.registry())
        for name in ["Parent", "Child", "Other"] { _ = cache.meta(for: name) }
        let dropped = cache.replace(registry: try Self.registry(ageType: "uint16"))
        #expect(dropped == ["Parent", "Child"])
        #expect(cache.meta(for: "Other") != nil)
        #expect(cache.snapshot.builds == 3)
    }

    @Test func conversionsRaceInvalidations() throws {
        let engine = Engine(registry: try Self.registry())
        let input = Array(#"{"id":"7","child":{"full_name":"Ana","age":"30"},"children":[{"full_name":"Bo"}]}"#.utf8)
        let expected = #"{"id":7,"child":{"fullName":"Ana","age":30},"children":[{"fullName":"Bo"}]}"#
        let failures = Counter()
        let alternate = try Self.registry(ageType: "uint16")
        let original = try Self.registry()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let workspace = Workspace()
            for round in 0..<400 {
                if worker == 0 && round % 10 == 0 {
                    engine.cache.replace(registry: round % 20 == 0 ? alternate : original)
                    engine.cache.invalidate("Child")
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
        #expect(engine.cache.snapshot.generation == 80)
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
