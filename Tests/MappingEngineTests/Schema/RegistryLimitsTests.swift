import Foundation
import TestSupport
import Testing
@testable import MappingEngine

/// A schema is input too: each registry limit at its value loads and every walk over the
/// registry (compiling, converting, exporting, describing, reversing) runs on a 512 KiB stack;
/// one step over is refused with a `SchemaError` naming the limit and where.
@Suite struct RegistryLimitsTests {
    /// One limit: sources at it and sources one step over, and where the refusal points.
    struct Case: Sendable, CustomTestStringConvertible {
        var limit: RegistryLimits.Limit
        var limits = RegistryLimits()
        var at: [SchemaSource]
        var over: [SchemaSource]
        var model: String?
        var property: String?
        var testDescription: String { "\(limit) \(over.map(\.file))" }
    }

    static func json(_ text: String, _ file: String = "s.json") -> [SchemaSource] { [SchemaSource(file: file, text: text)] }

    static let cases: [Case] = {
        var small = RegistryLimits()
        small.models = 3
        var perModel = RegistryLimits()
        perModel.propertiesPerModel = 3
        var total = RegistryLimits()
        total.totalProperties = 6
        let one = SchemaShapes.manyModels(1)
        var fileBytes = RegistryLimits()
        fileBytes.fileBytes = one.utf8.count
        let a = #"{"A": {"properties": {"x": "int32"}}}"#, b = #"{"B": {"properties": {"y": "A"}}}"#
        var totalBytes = RegistryLimits()
        totalBytes.totalBytes = a.utf8.count + b.utf8.count
        func typed(_ depth: Int) -> String { #"{"T": {"properties": {"t": "\#(SchemaShapes.nestedType(depth))", "n": "int32"}}}"# }
        func read(_ steps: Int) -> String { #"{"P": {"properties": {"v": {"type": "int32", "from": "\#(SchemaShapes.keyPath(steps))"}}}}"# }
        let depth = RegistryLimits.default
        return [
            Case(limit: .models, limits: small, at: json(SchemaShapes.manyModels(3)), over: json(SchemaShapes.manyModels(4))),
            // E2 holds p0, p1, p2; E3 a fourth.
            Case(limit: .propertiesPerModel, limits: perModel, at: json(SchemaShapes.extendsChain(3)),
                 over: json(SchemaShapes.extendsChain(4)), model: "E3"),
            // 1 + 2 + 3 properties, then 1 + 2 + 3 + 4.
            Case(limit: .totalProperties, limits: total, at: json(SchemaShapes.extendsChain(3)), over: json(SchemaShapes.extendsChain(4))),
            Case(limit: .fileBytes, limits: fileBytes, at: json(one), over: json(one + " ")),
            Case(limit: .totalBytes, limits: totalBytes, at: json(a, "a.json") + json(b, "b.json"),
                 over: json(a, "a.json") + json(b + " ", "b.json")),
            Case(limit: .fileDepth, at: json(SchemaShapes.deepJSONFile(depth.fileDepth), "d.json"),
                 over: json(SchemaShapes.deepJSONFile(depth.fileDepth + 1), "d.json")),
            Case(limit: .fileDepth, at: json(SchemaShapes.deepYAMLFile(depth.fileDepth), "d.yaml"),
                 over: json(SchemaShapes.deepYAMLFile(depth.fileDepth + 1), "d.yaml")),
            Case(limit: .typeDepth, at: json(typed(depth.typeDepth)), over: json(typed(depth.typeDepth + 1)), model: "T", property: "t"),
            // E32 is 32 steps from E0; E33 one more.
            Case(limit: .extendsDepth, at: json(SchemaShapes.extendsChain(depth.extendsDepth + 1)),
                 over: json(SchemaShapes.extendsChain(depth.extendsDepth + 2)), model: "E\(depth.extendsDepth + 1)"),
            Case(limit: .pathDepth, at: json(read(depth.pathDepth)), over: json(read(depth.pathDepth + 1)), model: "P", property: "v"),
        ]
    }()

    @Test(arguments: cases)
    func atItsLimitASchemaLoadsAndEveryWalkFitsASmallStackAndOneOverIsRefused(_ entry: Case) throws {
        let limits = entry.limits
        let registry = try SmallStack.run { () throws -> SchemaRegistry in
            let registry = try SchemaLoader.load(sources: entry.at.map { ($0.file, $0.text) }, limits: limits)
            RegistryLimitsTests.walkEveryModel(of: registry)
            return registry
        }
        #expect(!registry.names.isEmpty)
        let refused = RegistryLimitsTests.errors(entry.over, limits: limits)
        let error = try #require(refused.first { $0.limit == entry.limit }, "\(refused)")
        #expect(error.model == entry.model && error.property == entry.property, "\(error)")
        // A limit of the whole set names no one file.
        #expect(error.file.isEmpty == [.models, .totalProperties, .totalBytes].contains(entry.limit), "\(error)")
        #expect(error.message.contains(entry.limit.rawValue) && error.message.contains(String(limits[entry.limit])), "\(error)")
    }

    // MARK: shapes an attacker sends

    /// What a registry's walks found, gathered on the small stack and checked after (an
    /// expectation records nothing from a thread outside the test).
    struct Walked: Sendable {
        var defs = 0
        var dependents = 0
        var output: JSONValue?
    }

    /// A payload 100 models down the chain.
    static let nextChain = String(repeating: #"{"next":"#, count: 100) + "{}" + String(repeating: "}", count: 100)

    @Test func aChainOfTenThousandReferencesLoadsCompilesConvertsAndExportsOnASmallStack() throws {
        let count = RegistryLimits.default.models
        let walked = try SmallStack.run { () throws -> Walked in
            let registry = try SchemaLoader.load(sources: [("chain.json", SchemaShapes.referenceChain(count))])
            RegistryLimitsTests.walk("M0", of: registry)
            var walked = Walked()
            if case .object(let defs)? = JSONSchemaExporter(registry: registry).schema(for: "M0")?["$defs"] { walked.defs = defs.count }
            walked.dependents = registry.dependents(of: ["M\(count - 1)"]).count
            // Freeing the engine frees its chain of model groups, on the small stack too.
            var engine: Engine? = try Engine(registry: registry)
            if case .success(let output, _, _)? = engine?.convert(Array(RegistryLimitsTests.nextChain.utf8), model: "M0") {
                walked.output = try? JSONValue(parsing: String(decoding: output, as: UTF8.self))
            }
            engine = nil
            return walked
        }
        #expect(walked.defs == count - 1)
        #expect(walked.dependents == count)
        #expect(walked.output == (try EngineFixture.json(Self.nextChain)))
    }

    @Test func aCycleThroughTenThousandModelsLoadsOnASmallStack() throws {
        let dependents = try SmallStack.run { () throws -> Int in
            let registry = try SchemaLoader.load(sources: [("cycle.json", SchemaShapes.referenceCycle(10_000))])
            RegistryLimitsTests.walk("M0", of: registry)
            return registry.dependents(of: ["M5000"]).count
        }
        #expect(dependents == 10_000)
    }

    @Test func oneModelPastTheModelLimitIsRefusedBeforeResolving() {
        let refused = Self.errors(Self.json(SchemaShapes.referenceChain(RegistryLimits.default.models + 1)))
        #expect(refused.map(\.limit) == [.models])
    }

    @Test(arguments: [1_000, 3_000])
    func anExtendsChainOfThousandsIsRefusedAtTheLimitAtOnce(_ levels: Int) throws {
        let started = Date()
        let refused = try SmallStack.run { RegistryLimitsTests.errors(RegistryLimitsTests.json(SchemaShapes.extendsChain(levels))) }
        // Re-resolving the chain per level took 10 s and 446 MB for 1,000 levels; one merge per model takes milliseconds.
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(refused.map(\.limit) == [.extendsDepth], "\(refused.prefix(3))")
        #expect(refused.first?.model == "E\(RegistryLimits.default.extendsDepth + 1)")
    }

    @Test func aTypeTenThousandContainersDeepIsRefusedAsItIsParsed() throws {
        let type = SchemaShapes.nestedType(10_000)
        let (parsed, refused) = try SmallStack.run { () -> (SchemaSyntaxError?, [SchemaError]) in
            var parsed: SchemaSyntaxError?
            do throws(SchemaSyntaxError) { _ = try TypeRef(parsing: type) } catch { parsed = error }
            return (parsed, RegistryLimitsTests.errors(RegistryLimitsTests.json(#"{"T": {"properties": {"t": "\#(type)"}}}"#)))
        }
        #expect(parsed?.limit == .typeDepth)
        #expect(refused.map(\.limit) == [.typeDepth])
        #expect(refused.first?.message.contains("10000") == true, "\(refused)")
    }

    /// Files nested far past the limit, and YAML just under libyaml's own cap of 1,000 levels.
    static let deepFiles: [SchemaSource] = [
        SchemaSource(file: "deep.json", text: String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)),
        SchemaSource(file: "deep-model.json", text: SchemaShapes.deepJSONFile(50_000)),
        SchemaSource(file: "flow.yaml", text: SchemaShapes.flowYAML(5_000)),
        SchemaSource(file: "flow-999.yaml", text: SchemaShapes.flowYAML(999)),
        SchemaSource(file: "block-999.yaml", text: SchemaShapes.deepYAMLFile(999)),
        SchemaSource(file: "block.yml", text: SchemaShapes.deepYAMLFile(20_000)),
    ]

    @Test(arguments: deepFiles)
    func aFileNestedPastTheLimitIsRefusedBeforeItsTreeIsWalked(_ source: SchemaSource) throws {
        let refused = try SmallStack.run { RegistryLimitsTests.errors([source]) }
        #expect(refused.map(\.limit) == [.fileDepth], "\(refused.map(\.description).joined().prefix(300))")
        #expect(refused.first?.file == source.file)
    }

    @Test func aKeyPathOfTenThousandStepsIsRefused() throws {
        let schema = #"{"P": {"properties": {"v": {"type": "int32", "from": "\#(SchemaShapes.keyPath(10_000))"}}}}"#
        let refused = try SmallStack.run { RegistryLimitsTests.errors(RegistryLimitsTests.json(schema)) }
        #expect(refused.map(\.limit) == [.pathDepth])
    }

    @Test func definitionsBuiltInCodeAreHeldToTheDepthLimits() {
        var type = TypeRef(.integer(.int32))
        for _ in 0...RegistryLimits.default.typeDepth { type = TypeRef(.array(type)) }
        var model = ModelDefinition(name: "Built", file: "code")
        model.properties = [PropertyDefinition(name: "deep", type: type)]
        #expect(throws: SchemaErrors.self) { try SchemaRegistry(definitions: [model]) }
        do {
            _ = try SchemaRegistry(definitions: [model])
        } catch {
            #expect(error.errors.map(\.limit) == [.typeDepth])
            #expect(error.errors.first?.property == "deep")
        }
    }

    // MARK: helpers

    /// The errors of loading `sources`; records an issue when they load.
    static func errors(_ sources: [SchemaSource], limits: RegistryLimits = .default,
                       sourceLocation: SourceLocation = #_sourceLocation) -> [SchemaError] {
        do {
            _ = try SchemaLoader.load(sources: sources.map { ($0.file, $0.text) }, limits: limits)
            Testing.Issue.record("the schemas loaded but should not have", sourceLocation: sourceLocation)
            return []
        } catch {
            return error.errors
        }
    }

    /// Runs each of the registry's models through every walk a schema reaches.
    static func walkEveryModel(of registry: SchemaRegistry) {
        for name in registry.names { walk(name, of: registry) }
    }

    /// Compiles `name` and converts an empty object and back with it, and writes its JSON
    /// Schema, input schema and description.
    static func walk(_ name: String, of registry: SchemaRegistry) {
        let engine: Engine
        do { engine = try Engine(registry: registry) } catch { Issue.record("the registry does not load: \(error)"); return }
        let result = engine.convert(Array("{}".utf8), model: name)
        if case .success(let output, _, _) = result {
            _ = engine.reverse(output, model: name)
        }
        let exporter = JSONSchemaExporter(registry: registry)
        _ = exporter.schema(for: name)?.jsonBytes
        _ = exporter.component(for: name) { "#/\($0)" }?.jsonBytes
        _ = InputSchemaExporter(registry: registry).component(for: name) { "#/\($0)" }?.jsonBytes
        if let model = registry.models[name] { _ = ModelDescription.describe(model).jsonBytes }
    }
}
