import Foundation
import Spooling
import TestSupport
import Testing
@testable import MappingEngine

/// Helpers of the engine-level tests: inline schemas in, conversion results out, compared as
/// parsed JSON.
enum EngineFixture {
    /// The package root.
    static let packageRoot = PackageRoot.url

    /// The bundled `schemas/` directory.
    static var schemasDirectory: String { packageRoot.appendingPathComponent("schemas").path }

    /// The bundled `schemas/` and the golden cases' own schema directories.
    static let schemaDirectories: [String] = {
        let golden = packageRoot.appendingPathComponent("Tests/MappingEngineTests/Golden")
        let cases = (try? FileManager.default.contentsOfDirectory(atPath: golden.path)) ?? []
        let own = cases.sorted().map { golden.appendingPathComponent($0).appendingPathComponent("schemas").path }
            .filter { FileManager.default.fileExists(atPath: $0) }
        return [schemasDirectory] + own
    }()

    /// A file of the package, read as text.
    static func packageFile(_ relative: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Loads one YAML (or, by extension, JSON) schema text.
    static func registry(_ schema: String, file: String = "test.yaml") throws -> SchemaRegistry {
        try SchemaLoader.load(sources: [(file: file, text: schema)])
    }

    /// An engine over one inline schema.
    static func engine(_ schema: String, file: String = "test.yaml") throws -> Engine {
        try Engine(sources: [SchemaSource(file: file, text: schema)])
    }

    /// Converts `json` with `model` of the inline `schema`.
    static func convert(_ json: String, _ model: String, schema: String,
                        mode: ConversionOptions.Mode = .lax) throws -> Engine.OwnedResult {
        try engine(schema).convert(Array(json.utf8), model: model, options: ConversionOptions(mode: mode))
    }

    /// Parses JSON text into a tree.
    static func json(_ text: String) throws -> JSONValue {
        do { return try JSONValue(parsing: text) } catch { throw FixtureError("not JSON: \(error): \(text)") }
    }

    /// The parsed output of a successful conversion; records an issue and returns nil otherwise.
    static func output(_ result: Engine.OwnedResult, sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue? {
        guard case .success(let bytes, _, _) = result else {
            Testing.Issue.record("expected success, got \(describe(result))", sourceLocation: sourceLocation)
            return nil
        }
        guard let value = try? JSONValue(parsing: String(decoding: bytes, as: UTF8.self)) else {
            Testing.Issue.record("output is not JSON: \(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
            return nil
        }
        return value
    }

    /// The errors of a failed conversion as `code@path`, sorted; records an issue and returns nil otherwise.
    static func failures(_ result: Engine.OwnedResult, sourceLocation: SourceLocation = #_sourceLocation) -> [Failure]? {
        guard case .failure(let errors) = result else {
            Testing.Issue.record("expected failure, got \(describe(result))", sourceLocation: sourceLocation)
            return nil
        }
        return errors.map { Failure($0.code, $0.path) }.sorted()
    }

    /// A short account of a result, for issue messages.
    static func describe(_ result: Engine.OwnedResult) -> String {
        switch result {
        case .success(let bytes, _, _): "success \(String(decoding: bytes, as: UTF8.self))"
        case .failure(let errors): "failure \(errors.map { "\($0.code.rawValue)@\($0.path)" })"
        case .malformed(let error): "malformed \(error)"
        case .unknownModel(let name): "unknown model \(name)"
        }
    }

    /// A tree with every object's members sorted by key, so member order does not matter;
    /// with `numeric`, numbers become their `Double` text so `3`, `3.0` and `3e0` compare equal.
    static func canonical(_ value: JSONValue, numeric: Bool = false) -> JSONValue {
        switch value {
        case .number(let text) where numeric:
            guard let double = Double(text) else { return value }
            return .number(double.description)
        case .array(let items):
            return .array(items.map { canonical($0, numeric: numeric) })
        case .object(let members):
            return .object(members.map { .init($0.key, canonical($0.value, numeric: numeric)) }.sorted { $0.key < $1.key })
        default:
            return value
        }
    }

    /// A model `M` whose one property `v` has the spec `property` (a type name, or a YAML flow
    /// mapping of options), beside a small nested model `N` and a nullable-friendly `Tag` enum.
    static func singlePropertySchema(_ property: String) -> String {
        let spec = property.hasPrefix("{") ? property : "{ type: \"\(property)\" }"
        return """
            M:
              properties:
                v: \(spec)
            N:
              properties:
                a: int32
                b: string
            """
    }

    /// Converts `{"v": input}` with the single-property model.
    static func convertValue(_ property: String, _ input: String, mode: ConversionOptions.Mode) throws -> Engine.OwnedResult {
        try convert("{\"v\": \(input)}", "M", schema: singlePropertySchema(property), mode: mode)
    }

    /// Expects `{"v": input}` to convert to `{"v": expected}` (nil: `v` absent from the output).
    static func expectAccepted(_ property: String, _ input: String, _ expected: String?, mode: ConversionOptions.Mode,
                               numeric: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try convertValue(property, input, mode: mode)
        guard let out = output(result, sourceLocation: sourceLocation) else { return }
        let want: JSONValue = try expected.map { .object([.init("v", try json($0))]) } ?? .object([])
        #expect(canonical(out, numeric: numeric) == canonical(want, numeric: numeric),
                "\(property) ← \(input) [\(mode)]", sourceLocation: sourceLocation)
    }

    /// Expects `{"v": input}` to fail with exactly one error, `code` at `path`.
    static func expectRejected(_ property: String, _ input: String, _ code: ErrorCode, at path: String = "/v",
                               mode: ConversionOptions.Mode, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try convertValue(property, input, mode: mode)
        guard let found = failures(result, sourceLocation: sourceLocation) else { return }
        #expect(found == [Failure(code, path)], "\(property) ← \(input) [\(mode)]", sourceLocation: sourceLocation)
    }

    /// An error reduced to what tests assert: code and output path.
    struct Failure: Hashable, Comparable, CustomStringConvertible {
        var code: ErrorCode
        var path: String
        init(_ code: ErrorCode, _ path: String) {
            self.code = code
            self.path = path
        }
        static func < (a: Failure, b: Failure) -> Bool { (a.path, a.code.rawValue) < (b.path, b.code.rawValue) }
        var description: String { "\(code.rawValue)@\(path)" }
    }

    /// A fixture that could not be set up.
    struct FixtureError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

extension EngineFixture {
    /// What a successful conversion gave: its output text and its warnings.
    struct Recovered {
        var output: String
        var warnings: [Warning]
        var warningCount: Int
    }

    /// Converts `json` with `model`; records an issue and returns nil when it does not succeed.
    static func recovered(_ json: String, _ model: String, engine: Engine, options: ConversionOptions = .init(),
                          sourceLocation: SourceLocation = #_sourceLocation) -> Recovered? {
        let workspace = Workspace()
        return Array(json.utf8).withUnsafeBufferPointer { bytes -> Recovered? in
            switch engine.convert(bytes, model: model, options: options, workspace: workspace) {
            case .success(let success):
                return Recovered(output: String(decoding: success.output, as: UTF8.self), warnings: success.warnings,
                                 warningCount: success.warningCount)
            case .failure(let errors):
                Testing.Issue.record("expected success, got \(errors.map { "\($0.code.rawValue)@\($0.path)" })", sourceLocation: sourceLocation)
                return nil
            default:
                Testing.Issue.record("expected success", sourceLocation: sourceLocation)
                return nil
            }
        }
    }

    /// Loads the model `M` of `schema`'s one property; the messages when it does not load, and
    /// an issue recorded when it does.
    static func loadMessages(_ schema: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        loadMessages(sourceLocation: sourceLocation) { _ = try engine(schema) }
    }

    /// The messages of a `load` that should fail; an issue recorded when it does not.
    static func loadMessages(sourceLocation: SourceLocation = #_sourceLocation, _ load: () throws -> Void) -> [String] {
        do {
            try load()
            Testing.Issue.record("the schema loaded but should not have", sourceLocation: sourceLocation)
            return []
        } catch let error as SchemaErrors {
            return error.errors.map(\.message)
        } catch {
            Testing.Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
            return []
        }
    }
}

/// The streamed conversions of the stream tests, to compare with the whole document's.
enum StreamFixture {
    /// The whole document converted at once: its bytes (the explained answer under `explain`)
    /// and its recoveries; nil when it fails.
    static func whole(_ body: [UInt8], _ model: String, _ engine: Engine, options: ConversionOptions = .init()) -> (bytes: [UInt8], recoveries: Int)? {
        let workspace = Workspace()
        return body.withUnsafeBufferPointer { input -> ([UInt8], Int)? in
            guard case .success(let success) = engine.convert(input, model: model, options: options, workspace: workspace) else { return nil }
            return (options.explain ? ResultJSON.explained(success) : Array(success.output), success.warningCount)
        }
    }

    /// `body` fed in chunks of `size` bytes through an `ArrayConversion`: its outcome, what it
    /// wrote when it converted, and its recoveries.
    static func array(_ body: [UInt8], _ model: String, _ engine: Engine, options: ConversionOptions = .init(),
                      size: Int) throws -> (outcome: ArrayConversion.Outcome, bytes: [UInt8], recoveries: Int) {
        let spool = Spool()
        let conversion = ArrayConversion(model: try #require(engine.model(named: model)), options: options, output: spool)
        let workspace = Workspace()
        body.withUnsafeBufferPointer { all in
            for start in stride(from: 0, to: all.count, by: size) {
                conversion.feed(UnsafeBufferPointer(rebasing: all[start..<min(all.count, start + size)]), workspace: workspace)
            }
        }
        let outcome = conversion.finish(workspace: workspace)
        guard case .converted = outcome else { return (outcome, [], conversion.recoveries.total) }
        return (outcome, spool.take().readAll(), conversion.recoveries.total)
    }

    /// `lines` converted as an NDJSON body: what it wrote and its recoveries.
    static func ndjson(_ lines: [String], _ model: String, _ engine: Engine,
                       options: ConversionOptions = .init()) throws -> (bytes: [UInt8], recoveries: Int) {
        let spool = Spool()
        let conversion = NDJSONConversion(engine: engine, model: try #require(engine.model(named: model)), options: options, output: spool)
        let workspace = Workspace()
        Array(lines.joined(separator: "\n").utf8).withUnsafeBufferPointer { conversion.feed($0, workspace: workspace) }
        conversion.finish(workspace: workspace)
        return (spool.take().readAll(), conversion.recoveries.total)
    }

    /// What the NDJSON answer of `lines` should be: each line's whole-document answer on a line.
    static func ndjsonExpected(_ lines: [String], _ model: String, _ engine: Engine, options: ConversionOptions = .init()) throws -> [UInt8] {
        try lines.flatMap { line in try #require(whole(Array(line.utf8), model, engine, options: options)).bytes + Array("\n".utf8) }
    }
}
