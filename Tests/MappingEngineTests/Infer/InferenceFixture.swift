import Testing
@testable import MappingEngine

/// Helpers of the inference tests: samples in, the inferred schema loaded by the same checks
/// `convertd lint` runs, and the samples converted with it.
enum InferenceFixture {
    /// The schema file inferred from `samples`, each one JSON document (or, with `ndjson`, NDJSON text).
    static func schema(_ samples: [String], model: String = "M", format: SchemaInference.Format = .yaml, ndjson: Bool = false,
                       limits: InferenceLimits = InferenceLimits()) throws(InferenceError) -> String {
        var inference = try SchemaInference(model: model, limits: limits)
        for sample in samples { try add(Array(sample.utf8), ndjson: ndjson, to: &inference) }
        return try inference.schema(format)
    }

    static func add(_ bytes: [UInt8], ndjson: Bool = false, to inference: inout SchemaInference) throws(InferenceError) {
        let result = bytes.withUnsafeBufferPointer { buffer -> InferenceError? in
            do throws(InferenceError) {
                try SampleReader.add(buffer, ndjson: ndjson, to: &inference)
                return nil
            } catch {
                return error
            }
        }
        if let result { throw result }
    }

    /// The `InferenceError` `body` throws; nil (and a recorded issue) when it throws none or another error.
    static func failure(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> InferenceError? {
        do {
            try body()
        } catch let error as InferenceError {
            return error
        } catch {
            Testing.Issue.record("expected an InferenceError, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
        Testing.Issue.record("expected an InferenceError", sourceLocation: sourceLocation)
        return nil
    }

    /// Loads a schema text as `convertd lint` does (decode, resolve, compile), listing every mistake.
    static func load(_ text: String, format: SchemaInference.Format = .yaml) throws -> SchemaRegistry {
        try SchemaLoader.load(sources: [(file: "inferred." + format.rawValue, text: text)])
    }

    /// The schema inferred from `samples`, loaded.
    static func registry(_ samples: [String], model: String = "M", limits: InferenceLimits = InferenceLimits()) throws -> SchemaRegistry {
        try load(schema(samples, model: model, limits: limits))
    }

    /// The definition of property `name` of `model` in the schema inferred from `samples`.
    static func property(_ samples: [String], _ name: String, model: String = "M") throws -> PropertyDefinition? {
        try registry(samples, model: model).definitions[model]?.properties.first { $0.name == name }
    }

    /// The type, as the schema language writes it, of property `name` inferred from `samples`.
    static func type(_ samples: [String], _ name: String = "v") throws -> String? {
        try property(samples, name)?.type.description
    }

    /// Every error of converting each sample with `model` of `registry` in lax mode, as
    /// `sample N: code@path`; empty when every sample converts.
    static func conversionErrors(_ registry: SchemaRegistry, model: String, samples: [[UInt8]]) -> [String] {
        let engine: Engine
        do { engine = try Engine(registry: registry) } catch { return ["the registry does not load: \(error)"] }
        var errors: [String] = []
        for (index, sample) in samples.enumerated() {
            switch engine.convert(sample, model: model, options: ConversionOptions(mode: .lax)) {
            case .success: break
            case .failure(let found): errors += found.map { "sample \(index): \($0.code.rawValue)@\($0.path) \($0.message)" }
            case .malformed(let error): errors.append("sample \(index): malformed \(error)")
            case .unknownModel(let name): errors.append("unknown model \(name)")
            }
        }
        return errors
    }

    /// The converted output of `sample`, parsed; nil (and a recorded issue) when it fails.
    static func converted(_ sample: String, with registry: SchemaRegistry, model: String = "M",
                          sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue? {
        do {
            return EngineFixture.output(try Engine(registry: registry).convert(Array(sample.utf8), model: model), sourceLocation: sourceLocation)
        } catch {
            Issue.record("the registry does not load: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}
