import Foundation
import Testing
@testable import MappingEngine

/// `Engine.load(_:readErrors:compiling:)`, what `convert`, `reverse` and `bench` load with: only
/// the model named and the models it reaches are compiled, and they convert exactly as with the
/// whole registry compiled; every file is still read and resolved, so a file that does not parse
/// or a model that names nothing refuses the load wherever it is.
@Suite struct CompilingRootsTests {
    /// `Order` reaches every other model but `Unrelated`, each through another kind of reference.
    static let references = SchemaSource(file: "references.yaml", text: """
        Order:
          properties:
            id: int64
            customer: Customer
            lines: { type: "array<Line>", uniqueBy: sku }
            bySku: { type: "map<Stock>", keyBy: sku }
            tags: "set<Tag>"
            note: "string | Note"
            shape: Shape
            wrapped: Wrapped
            framed: Framed
            at: Point
            address: { type: Address, from: "." }
        Customer:
          extends: Person
          properties:
            vip: bool
        Person:
          properties:
            name: string
            friend: "Person?"
        Line:
          properties:
            sku: string
            qty: { type: int32, minimum: 1 }
        Stock:
          properties:
            sku: string
            count: int32
        Tag:
          properties:
            label: string
        Note:
          properties:
            text: string
        Shape:
          discriminator: { from: kind, mapping: { circle: Circle }, fallback: Blob }
          properties:
            kind: string
        Circle:
          properties:
            kind: string
            radius: double
        Blob:
          unknownKeys: keep
          properties:
            kind: string
        Wrapped:
          discriminator: { style: external, mapping: { rect: Rect } }
          properties: {}
        Framed:
          discriminator: { style: adjacent, from: type, content: data, mapping: { rect: Rect } }
          properties: {}
        Rect:
          properties:
            w: int32
            h: int32
        Point:
          tuple: true
          properties:
            x: double
            y: double
        Address:
          properties:
            city: string
        Guess:
          discriminator:
            when:
              - { if: "has(self.radius)", model: Circle }
            fallback: Blob
          properties: {}
        Unrelated:
          properties:
            x: int32
        """)

    /// Payloads through every reference of `references`, each branch of the dispatches taken.
    static let payloads: [(model: String, json: String)] = [
        ("Order", """
            {"id": "7", "customer": {"name": "Ann", "vip": "true", "friend": {"name": "Bo", "friend": null}},
             "lines": [{"sku": "a", "qty": 2}, {"sku": "b", "qty": "3"}], "bySku": [{"sku": "a", "count": 1}],
             "tags": [{"label": "x"}], "note": {"text": "hi"}, "shape": {"kind": "circle", "radius": "1.5"},
             "wrapped": {"rect": {"w": 1, "h": 2}}, "framed": {"type": "rect", "data": {"w": 3, "h": 4}},
             "at": [1, 2], "city": "Oslo"}
            """),
        ("Order", #"{"id": 1, "note": "plain", "shape": {"kind": "square", "side": 2}, "lines": [{"sku": "a", "qty": 0}]}"#),
        ("Order", #"{"id": 1, "lines": [{"sku": "a", "qty": 1}, {"sku": "a", "qty": 1}], "at": [1], "framed": {"type": "oval"}}"#),
        ("Guess", #"{"radius": 2}"#),
        ("Guess", #"{"side": 2}"#),
        ("Customer", #"[{"name": "A", "vip": false}, {"name": 5}]"#),
    ]

    @Test(arguments: payloads.indices)
    func eachReferenceConvertsAsWithTheWholeRegistry(_ index: Int) throws {
        let (model, json) = Self.payloads[index]
        let whole = try Engine(sources: [Self.references])
        let engine = try Self.engine([Self.references], compiling: model)
        for mode in [ConversionOptions.Mode.lax, .strict] {
            let options = ConversionOptions(mode: mode, explain: true)
            #expect(Self.outcome(engine.convert(Array(json.utf8), model: model, options: options))
                    == Self.outcome(whole.convert(Array(json.utf8), model: model, options: options)), "\(model) \(mode): \(json)")
        }
    }

    @Test func onlyTheModelsReachedAreCompiled() throws {
        let engine = try Self.engine([Self.references], compiling: "Order")
        let reached = Set(try Self.registry([Self.references]).names).subtracting(["Unrelated", "Guess"])
        for name in reached { #expect(engine.model(named: name) != nil, "\(name)") }
        #expect(engine.model(named: "Unrelated") == nil)
        #expect(engine.model(named: "Guess") == nil)
        #expect(engine.statistics.entries == reached.count)
        // The registry is whole: reverse and the exports see every model.
        #expect(engine.registry.models["Unrelated"] != nil)
    }

    @Test func aFullLoadAfterwardsCompilesTheModelsLeftOut() throws {
        let engine = try Self.engine([Self.references], compiling: "Unrelated")
        #expect(engine.model(named: "Order") == nil)
        guard case .success = engine.load([Self.references]) else {
            Testing.Issue.record("the full load failed")
            return
        }
        #expect(engine.statistics.entries == engine.registry.names.count)
        #expect(engine.model(named: "Order") != nil)
    }

    /// Every model of the bundled schemas and of the golden cases' own directories, converting its
    /// example payload, an empty object, and both in an array.
    @Test(arguments: EngineFixture.schemaDirectories)
    func everyBundledModelConvertsAsWithTheWholeRegistry(_ directory: String) throws {
        let read = SchemaLoader.sources(in: directory)
        #expect(read.errors.isEmpty)
        let whole = try Engine(sources: read.sources)
        let examples = ExamplePayload(registry: whole.registry)
        #expect(!whole.registry.names.isEmpty)
        for model in whole.registry.names {
            let engine = try Self.engine(read.sources, compiling: model)
            let example = examples.payload(for: model)?.jsonText ?? "{}"
            for json in [example, "{}", "[\(example), {}]"] {
                for mode in [ConversionOptions.Mode.lax, .strict] {
                    let options = ConversionOptions(mode: mode, explain: true)
                    #expect(Self.outcome(engine.convert(Array(json.utf8), model: model, options: options))
                            == Self.outcome(whole.convert(Array(json.utf8), model: model, options: options)), "\(model) \(mode): \(json)")
                }
            }
        }
    }

    @Test func theGoldenCasesHaveADirectoryOfTheirOwn() {
        #expect(EngineFixture.schemaDirectories.count >= 2)
    }


    static let good = SchemaSource(file: "good.yaml", text: "Good:\n  properties:\n    id: int64\n")
    /// A default that does not convert: found only by compiling `Bad`.
    static let bad = SchemaSource(file: "bad.yaml", text: "Bad:\n  properties:\n    n: { type: int32, default: x }\n")

    @Test func aCompileMistakeInAModelNotReachedDoesNotRefuse() throws {
        let engine = try Self.engine([Self.good, Self.bad], compiling: "Good")
        #expect(EngineFixture.output(engine.convert(Array(#"{"id":"1"}"#.utf8), model: "Good")) == .object([.init("id", .number("1"))]))
    }

    @Test(arguments: [
        ("Bad", [bad]),
        // Reached through a property.
        ("Good", [SchemaSource(file: "good.yaml", text: "Good:\n  properties:\n    bad: Bad\n"), bad]),
        // Reached through a discriminator's mapping.
        ("Good", [SchemaSource(file: "good.yaml", text: "Good:\n  discriminator: { from: k, mapping: { b: Bad } }\n  properties: {}\n"), bad]),
    ])
    func aCompileMistakeInAModelReachedRefuses(_ root: String, _ sources: [SchemaSource]) {
        let messages = Self.messages(sources, compiling: root)
        #expect(messages.contains { $0.contains(#"default "x" does not convert"#) }, "\(messages)")
    }

    @Test(arguments: [
        ("broken.yaml", "Broken:\n  properties:\n    a: [int32\n", "invalid YAML"),
        ("broken.json", #"{"Broken": {"properties": {"a": "int32"}"#, "invalid JSON"),
        ("unknown.yaml", "Other:\n  properties:\n    a: strnig\n", "unknown type or model 'strnig'"),
        ("cycle.yaml", "A:\n  extends: B\n  properties: {}\nB:\n  extends: A\n  properties: {}\n", "extends cycle"),
        ("options.yaml", "Other:\n  colour: red\n  properties: {}\n", "colour"),
    ])
    func aMistakeReadingOrResolvingAnyFileRefuses(_ file: String, _ text: String, _ message: String) {
        let messages = Self.messages([Self.good, SchemaSource(file: file, text: text)], compiling: "Good")
        #expect(!messages.isEmpty)
        #expect(messages.contains { $0.contains(message) }, "\(messages)")
    }

    @Test func aKeyCollisionIsFoundInTheModelsReachedOnly() {
        let colliding = SchemaSource(file: "keys.yaml", text: "Keys:\n  output: { keys: snake_case }\n  properties:\n    aB: int32\n    a_b: int32\n")
        #expect(Self.messages([Self.good, colliding], compiling: "Keys").contains { $0.contains("both written as 'a_b'") })
        #expect((try? Self.engine([Self.good, colliding], compiling: "Good")) != nil)
    }

    @Test func aModelNotDefinedLoadsAndStaysUnknown() throws {
        let engine = try Self.engine([Self.good], compiling: "Nope")
        guard case .unknownModel("Nope") = engine.convert(Array("{}".utf8), model: "Nope") else {
            Testing.Issue.record("expected unknownModel")
            return
        }
    }


    static func registry(_ sources: [SchemaSource]) throws -> SchemaRegistry {
        try Engine(sources: sources).registry
    }

    /// An engine loaded for `root`; throws the load's mistakes.
    static func engine(_ sources: [SchemaSource], compiling root: String) throws -> Engine {
        let engine = Engine()
        switch engine.load(sources, compiling: [root]) {
        case .success: return engine
        case .failure(.invalid(let errors)): throw errors
        case .failure(let other): throw SchemaErrors([SchemaError(file: "", message: other.description)])
        }
    }

    /// The messages of a load for `root` that should fail; an issue recorded when it loads.
    static func messages(_ sources: [SchemaSource], compiling root: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        EngineFixture.loadMessages(sourceLocation: sourceLocation) { _ = try engine(sources, compiling: root) }
    }

    /// A conversion's outcome in a comparable form: the output bytes with the explanation, or
    /// the errors.
    static func outcome(_ result: Engine.OwnedResult) -> String {
        switch result {
        case .success(let bytes, let coercions, let unknownKeys):
            "ok \(String(decoding: bytes, as: UTF8.self)) \(coercions.map { "\($0)" }) \(unknownKeys.map(\.path))"
        case .failure(let errors): "errors \(errors.map { "\($0.path) \($0.code.rawValue) \($0.message)" })"
        case .malformed(let error): "malformed \(error.code)"
        case .unknownModel(let name): "unknown \(name)"
        }
    }
}
