import Testing
@testable import MappingEngine

/// What hostile or merely huge samples cost the inference: every cap of `InferenceLimits`
/// widens the schema or stops with `too_complex`, in time proportional to the input.
@Suite struct InferenceLimitTests {
    typealias Fixture = InferenceFixture

    /// `{"a": {"a": … 1 …}}`, `depth` objects deep.
    static func nested(_ depth: Int) -> String {
        String(repeating: "{\"a\": ", count: depth) + "1" + String(repeating: "}", count: depth)
    }

    /// One object of `count` keys `k0`, `k1`… whose values `value(i)` gives.
    static func wide(_ count: Int, _ value: (Int) -> String) -> String {
        "{" + (0..<count).map { "\"k\($0)\": \(value($0))" }.joined(separator: ",") + "}"
    }

    /// Seconds `body` takes.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let elapsed = try clock.measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    @Test func nestingPastTheDepthLimitIsAny() throws {
        var limits = InferenceLimits()
        limits.maxDepth = 3
        let sample = Self.nested(6)
        let registry = try Fixture.load(Fixture.schema([sample], limits: limits))
        #expect(registry.names == ["M", "MA", "MAA"])
        #expect(registry.definitions["MAA"]?.properties.first?.type.description == "any")
        #expect(Fixture.conversionErrors(registry, model: "M", samples: [Array(sample.utf8)]).isEmpty)
        // At the default limit, the parser's own depth limit (256) still holds the rest back.
        let deep = try Fixture.registry([Self.nested(200)])
        #expect(deep.names.count == InferenceLimits().maxDepth)
        #expect(Fixture.conversionErrors(deep, model: "M", samples: [Array(Self.nested(200).utf8)]).isEmpty)
    }

    @Test func aHundredThousandKeysMakeAMapOrAreRefusedAtTheTop() throws {
        let keys = Self.wide(100_000) { String($0) }
        var nestedType: String?
        let elapsed = try Self.seconds { nestedType = try Fixture.type(["{\"v\": \(keys)}"]) }
        #expect(nestedType == "map<int64>")
        #expect(elapsed < 20, "\(elapsed) s")
        let error = Fixture.failure { _ = try Fixture.schema([keys]) }
        #expect(error?.code == .tooComplex)
        #expect(error?.message.contains("maxProperties") == true)
    }

    @Test func tenThousandDistinctNestedShapesCollapseIntoMaps() throws {
        let shapes = Self.wide(10_000) { "{\"f\($0)\": \($0)}" }
        #expect(try Fixture.type(["{\"v\": \(shapes)}"]) == "map<map<int64>>")
        let items = "[" + (0..<10_000).map { "{\"a\($0)\": \"x\"}" }.joined(separator: ",") + "]"
        #expect(try Fixture.type(["{\"v\": \(items)}"]) == "array<map<string>>")
    }

    /// Telling a wide model from a map merges its values on trial; a model's trial leaves no
    /// positions behind, so nesting such models costs no more than their fields.
    @Test func wideNestedModelsAreNotTooComplex() throws {
        var sample = Self.wide(59) { _ in "1" }
        for _ in 0..<59 { sample = "{\"n\": \(sample), " + Self.wide(59) { _ in "1" }.dropFirst() }
        let registry = try Fixture.registry([sample])
        // 60 objects deep; the innermost, 59 integers alone, is a map.
        #expect(registry.names.count == 59)
        #expect(Fixture.conversionErrors(registry, model: "M", samples: [Array(sample.utf8)]).isEmpty)
    }

    @Test func modelsPastTheCapAreRefused() throws {
        var limits = InferenceLimits()
        limits.maxModels = 10
        let distinct = Self.wide(20) { "{\"f\($0)\": \($0)}" }
        #expect(Fixture.failure { _ = try Fixture.schema([distinct], limits: limits) }?.code == .tooComplex)
        // Identical shapes are one model, however many keys hold them.
        let same = Self.wide(20) { "{\"f\": \($0)}" }
        #expect(try Fixture.registry([same], limits: limits).names == ["M", "MK0"])
    }

    @Test func fieldsPastTheCapStopTheInferenceForGood() throws {
        var limits = InferenceLimits()
        limits.maxFields = 50
        var inference = try SchemaInference(model: "M", limits: limits)
        let first = Fixture.failure { try Fixture.add(Array(Self.wide(40) { "{\"x\($0)\": 1}" }.utf8), to: &inference) }
        #expect(first?.code == .tooComplex)
        #expect(Fixture.failure { try Fixture.add(Array("{\"a\": 1}".utf8), to: &inference) } == first)
        #expect(Fixture.failure { _ = try inference.schema(.yaml) } == first)
    }

    @Test func hugeArraysAndManySamplesTakeLinearTime() throws {
        let numbers = "{\"v\": [" + (0..<200_000).map(String.init).joined(separator: ",") + "]}"
        let lines = (0..<20_000).map { "{\"id\": \($0), \"name\": \"n\($0 % 7)\", \"at\": \"2015-09-16\"}" }.joined(separator: "\n")
        var inference = try SchemaInference(model: "M")
        let elapsed = try Self.seconds {
            try Fixture.add(Array(numbers.utf8), to: &inference)
            try Fixture.add(Array(lines.utf8), ndjson: true, to: &inference)
        }
        #expect(inference.sampleCount == 20_001)
        #expect(elapsed < 20, "\(elapsed) s")
        let model = try #require(try Fixture.load(inference.schema(.yaml)).models["M"])
        #expect(model.properties.map(\.type.description) == ["array<int64>", "int64", "string", "localDate"])
        #expect(model.properties[2].enumValues?.count == 7)
    }

    @Test func enumsListAtMostTheirCap() throws {
        var limits = InferenceLimits()
        limits.maxEnumValues = 3
        let values = ["a", "b", "c", "d"].flatMap { Array(repeating: "{\"v\": \"\($0)\"}", count: 3) }
        #expect(try Fixture.registry(values, limits: limits).definitions["M"]?.properties.first?.enumValues == nil)
        #expect(try Fixture.registry(Array(values.prefix(9)), limits: limits).definitions["M"]?.properties.first?.enumValues?.count == 3)
    }
}
