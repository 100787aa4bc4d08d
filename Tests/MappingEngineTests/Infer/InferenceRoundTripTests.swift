import Foundation
import Testing
@testable import MappingEngine

/// `convertd infer`'s promise, checked end to end: the schema inferred from samples loads
/// without a mistake (the checks `convertd lint` runs), in YAML and in JSON, and converts every
/// one of those samples in lax mode without an error, keeping their values.
@Suite struct InferenceRoundTripTests {
    typealias Fixture = InferenceFixture

    /// Infers `model` from `samples` (JSON documents), then checks both formats load and convert
    /// every sample; returns the YAML schema's registry.
    @discardableResult
    static func roundTrip(_ samples: [[UInt8]], model: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SchemaRegistry? {
        var inference = try SchemaInference(model: model)
        for sample in samples { try Fixture.add(sample, to: &inference) }
        var registry: SchemaRegistry?
        for format in SchemaInference.Format.allCases {
            let text = try inference.schema(format)
            let loaded: SchemaRegistry
            do {
                loaded = try Fixture.load(text, format: format)
            } catch {
                Testing.Issue.record("the \(format) schema does not lint clean: \(error)\n\(text)", sourceLocation: sourceLocation)
                return nil
            }
            let errors = Fixture.conversionErrors(loaded, model: model, samples: samples)
            #expect(errors.isEmpty, "\(format): \(errors.prefix(5))\n\(text)", sourceLocation: sourceLocation)
            if format == .yaml { registry = loaded }
        }
        return registry
    }

    @Test(.corpusPresent, .tags(.corpus),
          arguments: [("user.json", "GithubUser"), ("weibo.json", "WeiboStatus")])
    func corpusPayloads(file: String, model: String) throws {
        let sample = try #require(Corpus.bytes(file))
        let registry = try #require(try Self.roundTrip([sample], model: model))
        let output = try #require(EngineFixture.output(try Engine(registry: registry).convert(sample, model: model)))
        if model == "WeiboStatus" {
            #expect(output["id"] == .number("3887674148022737"))
            #expect(output["createdAt"] == .string("2015-09-16T04:20:09Z"))
            #expect(output["user"]?["province"] == .number("11"))
            #expect(output["user"]?["screenName"] == .string("范冰冰"))
            #expect(registry.definitions[model]?.properties.first { $0.name == "picInfos" }?.type.description == "map<WeiboStatusPicInfos>")
        } else {
            #expect(output["avatarUrl"] == .string("https://avatars.githubusercontent.com/u/69631?v=3"))
            #expect(output["company"] == .null)
            #expect(registry.definitions[model]?.keys == .snakeCase)
        }
    }

    @Test func everyExample() throws {
        let directory = EngineFixture.packageRoot.appendingPathComponent("examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".ndjson") }.sorted()
        #expect(!files.isEmpty, "no example under examples/")
        for file in files {
            let content = try #require(FileManager.default.contents(atPath: directory.appendingPathComponent(file).path))
            // An NDJSON example is one sample a line.
            let samples = file.hasSuffix(".ndjson")
                ? content.split(separator: UInt8(ascii: "\n")).map(Array.init).filter { !$0.allSatisfy { $0 == 0x20 } }
                : [Array(content)]
            try Self.roundTrip(samples, model: "Example")
        }
    }

    /// 20 families of 10 random samples each: 200 objects, each family inferred together.
    @Test(arguments: 0..<20)
    func seededRandomSamples(seed: UInt64) throws {
        var payloads = RandomPayloads(seed: seed)
        let samples = payloads.family(count: 10)
        let bytes = samples.map { Array($0.utf8) }
        let registry = try #require(try Self.roundTrip(bytes, model: "Sample"))
        // Every key of every sample is read into the output: nothing is lost on the way.
        let engine = try Engine(registry: registry)
        for (sample, text) in zip(bytes, samples) {
            guard case .object(let members) = try JSONValue(parsing: text) else {
                Issue.record("a sample is not an object: \(text)")
                continue
            }
            guard case .success(let output, _, _) = engine.convert(sample, model: "Sample") else {
                Issue.record("a sample does not convert: \(text)")
                continue
            }
            guard case .object(let written) = try JSONValue(parsing: String(decoding: output, as: UTF8.self)) else {
                Issue.record("an output is not an object: \(text)")
                continue
            }
            #expect(written.count == Set(members.map(\.key)).count, "\(text)")
        }
    }

    @Test func ndjsonAndArraysOfSamplesRoundTripToo() throws {
        var payloads = RandomPayloads(seed: 99)
        let samples = payloads.family(count: 30)
        var inference = try SchemaInference(model: "Batch")
        try Fixture.add(Array(samples[..<15].joined(separator: "\n").utf8), ndjson: true, to: &inference)
        try Fixture.add(Array(("[" + samples[15...].joined(separator: ",") + "]").utf8), to: &inference)
        #expect(inference.sampleCount == 30)
        let registry = try Fixture.load(inference.schema(.yaml))
        #expect(Fixture.conversionErrors(registry, model: "Batch", samples: samples.map { Array($0.utf8) }).isEmpty)
    }

    @Test func convertedValuesKeepEveryDigit() throws {
        let samples = [
            #"{"id": 18446744073709551615, "price": "19.90", "big": 123456789012345678901234567890.5, "at": "Wed Sep 16 12:20:09 +0800 2015", "n": "640", "ok": "true"}"#,
            #"{"id": 1, "price": 3, "big": 1, "at": "Wed Sep 16 12:20:09 +0800 2015", "n": 7, "ok": false}"#,
        ]
        let registry = try Fixture.registry(samples)
        #expect(registry.definitions["M"]?.properties.map(\.type.description) == ["uint64", "double", "decimal", "date", "int64", "bool"])
        let first = try #require(Fixture.converted(samples[0], with: registry))
        #expect(first == .object([
            .init("id", .number("18446744073709551615")), .init("price", .number("19.9")),
            .init("big", .number("123456789012345678901234567890.5")), .init("at", .string("2015-09-16T04:20:09Z")),
            .init("n", .number("640")), .init("ok", .bool(true)),
        ]))
    }
}
