import Foundation
import Testing
@testable import MappingEngine

/// Whole-model golden files: each folder of `Golden/` holds `input.json`, `expected.json` and
/// `case.json` (`{"model": "Book", "mode": "lax"}`, optionally `"schemas"`: a directory relative
/// to the case, else the bundled `schemas/`; `"outcome": "failure"`, in which case
/// `expected.json` is `{"errors": [{"path", "code", "source"?}]}`; `"unknownKeys"`: the input
/// pointers a success must list).
@Suite struct GoldenTests {
    static let root = EngineFixture.packageRoot.appendingPathComponent("Tests/MappingEngineTests/Golden")

    /// The case folders, sorted.
    static let cases: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).appendingPathComponent("case.json").path) }.sorted()
    }()

    @Test func thereAreEnoughCases() {
        #expect(Self.cases.count >= 8)
    }

    @Test(arguments: cases)
    func golden(_ name: String) throws {
        let folder = Self.root.appendingPathComponent(name)
        func read(_ file: String) throws -> String {
            try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        }
        let config = try EngineFixture.json(try read("case.json"))
        guard case .string(let model)? = config["model"] else {
            throw EngineFixture.FixtureError("\(name)/case.json has no model")
        }
        let mode: ConversionOptions.Mode = config["mode"] == .string("strict") ? .strict : .lax
        var schemas = EngineFixture.schemasDirectory
        if case .string(let relative)? = config["schemas"] { schemas = folder.appendingPathComponent(relative).path }
        let engine = try Engine(directory: schemas)
        let result = engine.convert(Array(try read("input.json").utf8), model: model, options: ConversionOptions(mode: mode))
        let expected = try EngineFixture.json(try read("expected.json"))

        if config["outcome"] == .string("failure") {
            guard case .failure(let errors) = result else {
                Testing.Issue.record("\(name): expected failure, got \(EngineFixture.describe(result))")
                return
            }
            let found = errors.map { GoldenError(path: $0.path, code: $0.code.rawValue, source: $0.source) }.sorted()
            #expect(found == Self.expectedErrors(expected).sorted(), "\(name)")
            return
        }
        guard case .success(let bytes, _, let unknownKeys) = result else {
            Testing.Issue.record("\(name): expected success, got \(EngineFixture.describe(result))")
            return
        }
        let output = try EngineFixture.json(String(decoding: bytes, as: UTF8.self))
        #expect(EngineFixture.canonical(output) == EngineFixture.canonical(expected), "\(name): \(output.jsonText)")
        if case .array(let listed)? = config["unknownKeys"] {
            #expect(unknownKeys.map(\.path).sorted() == listed.compactMap { if case .string(let s) = $0 { s } else { nil } }.sorted(), "\(name)")
        }
    }

    /// An error as a golden file states it.
    struct GoldenError: Hashable, Comparable, CustomStringConvertible {
        var path: String
        var code: String
        var source: String?
        static func < (a: GoldenError, b: GoldenError) -> Bool { (a.path, a.code, a.source ?? "") < (b.path, b.code, b.source ?? "") }
        var description: String { "\(code)@\(path)" + (source.map { " (source \($0))" } ?? "") }
    }

    static func expectedErrors(_ expected: JSONValue) -> [GoldenError] {
        guard case .array(let items)? = expected["errors"] else { return [] }
        return items.compactMap { item in
            guard case .string(let path)? = item["path"], case .string(let code)? = item["code"] else { return nil }
            if case .string(let source)? = item["source"] { return GoldenError(path: path, code: code, source: source) }
            return GoldenError(path: path, code: code, source: nil)
        }
    }
}
