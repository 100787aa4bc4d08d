import Foundation
import Testing
@testable import MappingEngine

/// SPEC §2.1: the bundled schemas load; every kind of schema mistake is rejected at load time
/// with its file, model and property, and all mistakes of a load are listed together.
@Suite struct SchemaErrorTests {
    /// The errors of loading `sources`; records an issue when the load succeeds.
    static func errors(_ sources: [(file: String, text: String)], sourceLocation: SourceLocation = #_sourceLocation) -> [SchemaError] {
        do {
            _ = try SchemaLoader.load(sources: sources)
            Testing.Issue.record("the schema loaded but should not have", sourceLocation: sourceLocation)
            return []
        } catch {
            return error.errors
        }
    }

    /// Where an error points, without its message.
    struct Location: Hashable, CustomStringConvertible {
        var file: String
        var model: String?
        var property: String?
        init(_ file: String, _ model: String?, _ property: String?) {
            self.file = file
            self.model = model
            self.property = property
        }
        init(_ error: SchemaError) { self.init(error.file, error.model, error.property) }
        var description: String { [file, model ?? "-", property ?? "-"].joined(separator: ":") }
    }

    // MARK: the bundled schemas

    @Test func everyBundledSchemaLoads() throws {
        let directory = EngineFixture.schemasDirectory
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
        #expect(files.count >= 4)
        let registry: SchemaRegistry
        do {
            registry = try SchemaLoader.load(directory: directory)
        } catch {
            Testing.Issue.record("schemas/ does not load: \(error)")
            return
        }
        // Every file contributed at least one model, and each loads alone as well when self-contained.
        #expect(Set(registry.models.values.map(\.file)) == Set(files))
        for name in ["Book", "EBook", "AudioBook", "Author", "Chapter", "Review", "Item", "Shelf", "Sale", "BookSummary",
                     "GithubUser", "WeiboStatus", "WeiboUser"] {
            #expect(registry.models[name] != nil, "\(name) is missing")
        }
        let engine = try Engine(registry: registry)
        for name in registry.names {
            #expect(engine.cache.meta(for: name) != nil, "\(name) does not compile")
        }
    }

    @Test(arguments: ["github.yaml", "weibo.yaml", "books.yaml"])
    func selfContainedFilesLoadAlone(_ file: String) throws {
        let text = try EngineFixture.packageFile("schemas/\(file)")
        #expect(throws: Never.self) { try SchemaLoader.load(sources: [(file: file, text: text)]) }
    }

    @Test func directoriesAreLoadedRecursivelyWithRelativeFileNames() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-schemas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("nested/deeper"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "A:\n  properties:\n    b: B\n".write(to: root.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        try "B:\n  properties:\n    x: int32\n".write(to: root.appendingPathComponent("nested/b.yml"), atomically: true, encoding: .utf8)
        try #"{"C": {"properties": {"y": "strng"}}}"#.write(to: root.appendingPathComponent("nested/deeper/c.json"), atomically: true, encoding: .utf8)
        try "not a schema".write(to: root.appendingPathComponent("nested/readme.txt"), atomically: true, encoding: .utf8)
        do {
            _ = try SchemaLoader.load(directory: root.path)
            Testing.Issue.record("c.json has an unknown type and should not load")
        } catch {
            #expect(error.errors.map(Location.init) == [Location("nested/deeper/c.json", "C", "y")])
        }
        try #"{"C": {"properties": {"y": "string"}}}"#.write(to: root.appendingPathComponent("nested/deeper/c.json"), atomically: true, encoding: .utf8)
        let registry = try SchemaLoader.load(directory: root.path)
        #expect(registry.names == ["A", "B", "C"])
        #expect(registry.models["B"]?.file == "nested/b.yml")
    }

    // MARK: each kind of mistake

    /// (what is wrong, schema text in `m.yaml`, the model and property the error must name)
    static let mistakesRows: [(String, String, String, String?)] = [
        ("unknown type", "M:\n  properties:\n    a: { type: strnig }\n", "M", "a"),
        ("container without element", "M:\n  properties:\n    a: array\n", "M", "a"),
        ("type parameter on a scalar", "M:\n  properties:\n    a: \"int32<string>\"\n", "M", "a"),
        ("missing model reference", "M:\n  properties:\n    a: \"array<Missing>\"\n", "M", "a"),
        ("missing parent", "M:\n  extends: Missing\n  properties:\n    a: int32\n", "M", nil),
        ("missing discriminator target", "M:\n  discriminator: { from: kind, mapping: { x: Missing } }\n  properties:\n    a: int32\n", "M", nil),
        ("unknown property option", "M:\n  properties:\n    a: { type: string, maxLenght: 3 }\n", "M", "a"),
        ("unknown model option", "M:\n  unknownkeys: keep\n  properties:\n    a: int32\n", "M", nil),
        ("unknown keys style", "M:\n  keys: camelCase\n  properties:\n    a: int32\n", "M", nil),
        ("unknown unknownKeys policy", "M:\n  unknownKeys: drop\n  properties:\n    a: int32\n", "M", nil),
        ("empty path component", "M:\n  properties:\n    a: { type: int32, from: \"a..b\" }\n", "M", "a"),
        ("bad pointer escape", "M:\n  properties:\n    a: { type: int32, from: \"/a/~2\" }\n", "M", "a"),
        ("empty from", "M:\n  properties:\n    a: { type: int32, from: \"\" }\n", "M", "a"),
        ("from is not text", "M:\n  properties:\n    a: { type: int32, from: 5 }\n", "M", "a"),
        ("minLength on a number", "M:\n  properties:\n    a: { type: int32, minLength: 1 }\n", "M", "a"),
        ("minimum on a string", "M:\n  properties:\n    a: { type: string, minimum: 1 }\n", "M", "a"),
        ("minItems on a scalar", "M:\n  properties:\n    a: { type: string, minItems: 1 }\n", "M", "a"),
        ("pattern on a number", "M:\n  properties:\n    a: { type: int32, pattern: \"^1\" }\n", "M", "a"),
        ("formats on a string", "M:\n  properties:\n    a: { type: string, formats: [epoch] }\n", "M", "a"),
        ("wrapSingle on a scalar", "M:\n  properties:\n    a: { type: string, wrapSingle: true }\n", "M", "a"),
        ("minLength above maxLength", "M:\n  properties:\n    a: { type: string, minLength: 5, maxLength: 2 }\n", "M", "a"),
        ("negative maxItems", "M:\n  properties:\n    a: { type: \"array<int32>\", maxItems: -1 }\n", "M", "a"),
        ("default of the wrong kind", "M:\n  properties:\n    a: { type: int32, default: abc }\n", "M", "a"),
        ("default out of range", "M:\n  properties:\n    a: { type: uint8, default: 300 }\n", "M", "a"),
        ("default outside the enum", "M:\n  properties:\n    a: { type: string, enum: [x, y], default: z }\n", "M", "a"),
        ("default breaking a bound", "M:\n  properties:\n    a: { type: int32, minimum: 10, default: 3 }\n", "M", "a"),
        ("default of a nested model", "M:\n  properties:\n    a: { type: N, default: { x: nope } }\nN:\n  properties:\n    x: int32\n", "M", "a"),
        ("enum member that does not convert", "M:\n  properties:\n    a: { type: int32, enum: [1, two] }\n", "M", "a"),
        ("values output that does not convert", "M:\n  properties:\n    a: { type: bool, values: { \"1\": maybe } }\n", "M", "a"),
        ("bad pattern", "M:\n  properties:\n    a: { type: string, pattern: \"[a-\" }\n", "M", "a"),
        ("date pattern without a year", "M:\n  properties:\n    a: { type: date, formats: [\"dd.MM\"] }\n", "M", "a"),
        ("unknown date format name", "M:\n  properties:\n    a: { type: date, formats: [epoch_nanos] }\n", "M", "a"),
        ("include names an unknown property", "M:\n  include: [a, zz]\n  properties:\n    a: int32\n", "M", nil),
        ("bad model name", "1M:\n  properties:\n    a: int32\n", "1M", nil),
        ("model named like a built-in type", "string:\n  properties:\n    a: int32\n", "string", nil),
        ("required is not a boolean", "M:\n  properties:\n    a: { type: int32, required: yes }\n", "M", "a"),
        ("no type", "M:\n  properties:\n    a: { from: x }\n", "M", "a"),
    ]

    @Test(arguments: mistakesRows)
    func mistakeIsRejectedWithItsLocation(what: String, schema: String, model: String, property: String?) {
        let found = Self.errors([(file: "m.yaml", text: schema)])
        #expect(!found.isEmpty, "\(what)")
        #expect(found.map(Location.init).contains(Location("m.yaml", model, property)), "\(what): \(found)")
        #expect(found.allSatisfy { $0.file == "m.yaml" && !$0.message.isEmpty }, "\(what)")
    }

    @Test func extendsCycleIsRejected() {
        let schema = """
            A:
              extends: B
              properties:
                a: int32
            B:
              extends: C
              properties:
                b: int32
            C:
              extends: A
              properties:
                c: int32
            D:
              extends: D
              properties:
                d: int32
            """
        let found = Self.errors([(file: "cycle.yaml", text: schema)])
        let models = Set(found.compactMap(\.model))
        #expect(found.allSatisfy { $0.file == "cycle.yaml" })
        #expect(!models.isDisjoint(with: ["A", "B", "C"]))
        #expect(models.contains("D"))
    }

    @Test func duplicateModelAcrossFilesNamesBothFiles() {
        let found = Self.errors([
            (file: "first.yaml", text: "Dup:\n  properties:\n    a: int32\n"),
            (file: "second.json", text: #"{"Dup": {"properties": {"b": "string"}}}"#),
        ])
        #expect(found.count == 1)
        let error = found.first
        // Naming both files is the point here, so this one test reads the rendered text.
        #expect(error?.model == "Dup")
        #expect(error.map { $0.description.contains("first.yaml") && $0.description.contains("second.json") } == true,
                "\(found)")
    }

    @Test func unparsableFilesAreErrorsOfTheirFile() {
        let found = Self.errors([
            (file: "bad.json", text: #"{"M": {"properties": {"a": "int32"}"#),
            (file: "bad.yaml", text: "M2:\n  properties: [\n"),
            (file: "list.yaml", text: "- a\n- b\n"),
        ])
        #expect(Set(found.map(\.file)) == ["bad.json", "bad.yaml", "list.yaml"])
    }

    @Test func everyMistakeOfALoadIsListedTogether() {
        let found = Self.errors([
            (file: "one.yaml", text: """
                One:
                  colour: red
                  properties:
                    a: { type: string, maxLenght: 3 }
                    b: { type: int32, from: "x..y" }
                    c: { type: int32, minLength: 2 }
                    d: { type: uint8, default: 300 }
                    e: { type: string, pattern: "(" }
                """),
            (file: "two.json", text: #"""
                {"Two": {"properties": {
                    "f": {"type": "date", "formats": ["MM-dd"]},
                    "g": {"type": "string", "wrapSingle": true},
                    "h": {"type": "double", "default": "many"}
                }}}
                """#),
        ])
        let locations = Set(found.map(Location.init))
        let expected: Set<Location> = [
            Location("one.yaml", "One", nil), Location("one.yaml", "One", "a"), Location("one.yaml", "One", "b"),
            Location("one.yaml", "One", "c"), Location("one.yaml", "One", "d"), Location("one.yaml", "One", "e"),
            Location("two.json", "Two", "f"), Location("two.json", "Two", "g"), Location("two.json", "Two", "h"),
        ]
        #expect(locations == expected, "\(found.map(\.description))")
    }

    @Test func aGoodSchemaLoadsAndTheLintIsQuiet() throws {
        let registry = try EngineFixture.registry("""
            Base:
              keys: snake_case
              properties:
                id: { type: int64, required: true }
            Thing:
              extends: Base
              unknownKeys: report
              properties:
                name: { type: string, minLength: 1, maxLength: 10, pattern: "^[a-z]+$", default: thing }
                size: { type: uint16, minimum: 1, maximum: 500, default: 10 }
                when: { type: date, formats: ["dd.MM.yyyy", epoch], default: "01.01.2000" }
                parts: { type: "array<Thing>", minItems: 0, maxItems: 3 }
                kind: { type: string, values: { "1": a, "2": b }, enum: [a, b] }
            """)
        #expect(registry.names == ["Base", "Thing"])
        #expect(registry.models["Thing"]?.properties.map(\.name) == ["id", "name", "size", "when", "parts", "kind"])
    }
}
