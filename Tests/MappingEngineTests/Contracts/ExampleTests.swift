import Foundation
import Testing
@testable import MappingEngine

/// SPEC §11: example payloads, declared in a schema file or as files beside it, replayed through
/// two versions and checked against what they expect.
@Suite struct ExampleTests {
    /// A small model with three examples inline, and a model extending it; `examples` false leaves them out.
    static func schema(examples: Bool = true) -> String {
        let book = """
            Book:
              properties:
                id: { type: int64, required: true }
                title: string
                price: decimal

            """
        let inline = """
              examples:
                - name: first
                  input: { id: "7", title: Dune, price: "19.90" }
                  output: { price: 19.90, id: 7, title: Dune }
                - input: { id: x }
                  errors: [{ path: /id, code: invalid_number }]
                - input: { id: 1 }

            """
        let novel = """
            Novel:
              extends: Book
              properties:
                genre: string
            """
        return book + (examples ? inline : "") + novel
    }

    /// The errors of loading one YAML schema text.
    static func errors(_ text: String, limits: RegistryLimits = .default, sourceLocation: SourceLocation = #_sourceLocation) -> [SchemaError] {
        do {
            _ = try SchemaLoader.load(sources: [(file: "s.yaml", text: text)], limits: limits)
            Testing.Issue.record("the schema loaded but should not have", sourceLocation: sourceLocation)
            return []
        } catch {
            return error.errors
        }
    }

    /// A model `M` whose `examples:` is `examples`: YAML list items, or a value on the key's line.
    static func withExamples(_ examples: String) -> String {
        let head = "M:\n  properties:\n    a: int32\n  examples:"
        guard examples.hasPrefix("-") else { return head + " \(examples)\n" }
        return head + "\n" + examples.split(separator: "\n").map { "    \($0)\n" }.joined()
    }

    // MARK: decoding

    @Test func examplesDecodeWithTheirNamesAndExpectations() throws {
        let registry = try EngineFixture.registry(Self.schema())
        let examples = try #require(registry.definitions["Book"]?.examples)
        #expect(examples.map(\.name) == ["first", "example 2", "example 3"])
        #expect(examples[0].input == (try EngineFixture.json(#"{"id":"7","title":"Dune","price":"19.90"}"#)))
        #expect(examples[0].expected == .output(try EngineFixture.json(#"{"price":19.90,"id":7,"title":"Dune"}"#)))
        #expect(examples[1].expected == .errors([.init(path: "/id", code: "invalid_number")]))
        #expect(examples[2].expected == nil)
    }

    @Test func aModelThatExtendsAnotherDoesNotInheritItsExamples() throws {
        let registry = try EngineFixture.registry(Self.schema())
        #expect(registry.definitions["Novel"]?.examples.isEmpty == true)
        #expect(registry.models["Novel"]?.lineage == ["Novel", "Book"])
    }

    @Test func examplesDoNotReachTheResolvedModelExportersRead() throws {
        var with = try #require(try EngineFixture.registry(Self.schema()).models["Book"])
        let without = try #require(try EngineFixture.registry(Self.schema(examples: false)).models["Book"])
        // Only the version, a hash of the model's text, tells them apart.
        #expect(with.version != without.version)
        with.version = without.version
        #expect(with == without)
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        var examples: String
        var message: String
        var testDescription: String { message }
    }

    static let badExamples: [BadCase] = [
        BadCase(examples: "oops", message: "'examples' must be a list"),
        BadCase(examples: "- 42", message: "example 1 must be { name, input, output | errors } with an 'input'"),
        BadCase(examples: "- { name: a }", message: "example 1 must be { name, input, output | errors } with an 'input'"),
        BadCase(examples: "- { input: {}, expect: {} }", message: "unknown option 'expect' in example 1"),
        BadCase(examples: "- { name: 3, input: {} }", message: "example 1: 'name' must be a string"),
        BadCase(examples: "- { name: \"\", input: {} }", message: "example 1: 'name' must be a string"),
        BadCase(examples: "- { name: a, input: {} }\n- { name: a, input: {} }", message: "example 2: the name 'a' is used by an earlier example"),
        BadCase(examples: "- { input: {}, output: {}, errors: [{ path: /a, code: missing }] }", message: "expects an 'output' or 'errors', not both"),
        BadCase(examples: "- { input: {}, errors: [] }", message: "'errors' must be a non-empty list"),
        BadCase(examples: "- { input: {}, errors: [{ path: a, code: missing }] }", message: "'path' must be a JSON Pointer"),
        BadCase(examples: "- { input: {}, errors: [{ path: /a, code: Missing }] }", message: "'code' must be snake_case"),
        BadCase(examples: "- { input: {}, errors: [{ path: /a }] }", message: "entry 1 must be { path"),
        BadCase(examples: "- { input: {}, errors: [{ path: /a, code: x, why: y }] }", message: "entry 1 has unknown option 'why'"),
    ]

    @Test(arguments: badExamples)
    func aMalformedExampleIsASchemaErrorOfItsModel(_ entry: BadCase) throws {
        let text = Self.withExamples(entry.examples)
        let errors = Self.errors(text)
        let error = try #require(errors.first, "\(text)")
        #expect(errors.count == 1, "\(errors)")
        #expect(error.model == "M" && error.file == "s.yaml" && error.property == nil)
        #expect(error.message.contains(entry.message), "\(error.message)")
    }

    @Test func aModelHoldsAtMostTheLimitOfExamples() throws {
        var limits = RegistryLimits()
        limits.examplesPerModel = 2
        let two = Self.withExamples("- { input: { a: 1 } }\n- { input: { a: 2 } }")
        #expect(try SchemaLoader.load(sources: [(file: "s.yaml", text: two)], limits: limits).definitions["M"]?.examples.count == 2)
        let errors = Self.errors(two.replacingOccurrences(of: "a: 2 } }", with: "a: 2 } }\n    - { input: { a: 3 } }"), limits: limits)
        let error = try #require(errors.first)
        #expect(error.limit == .examplesPerModel && error.model == "M")
        #expect(error.message.contains("examplesPerModel") && error.message.contains("is 3"), "\(error.message)")
        #expect(RegistryLimits.default.examplesPerModel == 100)
    }

    // MARK: example files

    /// A temporary schema directory holding `files` (relative path → text), removed after `body`.
    static func withDirectory<T>(_ files: [String: String], _ body: (String) throws -> T) throws -> T {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-examples-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return try body(root.path)
    }

    static let plainBook = "Book:\n  properties:\n    id: { type: int64, required: true }\n    title: string\n"

    @Test func exampleFilesBesideTheSchemaAreReadAndNotLoadedAsSchemas() throws {
        try Self.withDirectory([
            "books/book.yaml": Self.plainBook,
            "books/Book.examples/first.json": #"{"id": "1", "title": "Dune"}"#,
            "books/Book.examples/first.output.json": #"{"title": "Dune", "id": 1}"#,
            "books/Book.examples/bad.json": #"{"id": "x"}"#,
            "books/Book.examples/bad.errors.json": #"[{"path": "/id", "code": "invalid_number"}]"#,
            "books/Book.examples/plain.json": #"{"id": 2}"#,
            "books/Book.examples/.hidden": "ignored",
        ]) { directory in
            // Each example file would be a broken schema: loading proves they are skipped.
            let engine = try Engine(directory: directory)
            #expect(engine.registry.names == ["Book"])
            let read = ExampleFiles.read(in: directory, models: ["Book"])
            #expect(read.errors.isEmpty, "\(read.errors)")
            let examples = try #require(read.examples["Book"])
            #expect(examples.map(\.name) == ["bad", "first", "plain"])
            #expect(examples[0].expected == .errors([.init(path: "/id", code: "invalid_number")]))
            #expect(examples[1].expected == .output(try EngineFixture.json(#"{"title":"Dune","id":1}"#)))
            #expect(examples[2].expected == nil)
            #expect(ExampleReplay.check(model: "Book", examples: examples, engine: engine).isEmpty)
        }
    }

    @Test func mistakesInExampleFilesNameTheFile() throws {
        try Self.withDirectory([
            "book.yaml": Self.plainBook,
            "Book.examples/orphan.output.json": "{}",
            "Book.examples/both.json": "{}",
            "Book.examples/both.output.json": "{}",
            "Book.examples/both.errors.json": #"[{"path": "", "code": "missing"}]"#,
            "Book.examples/broken.json": "{\n  \"id\": 1,\n}",
            "Book.examples/wrong.errors.json": #"{"path": "/id"}"#,
            "Book.examples/wrong.json": "{}",
            "Book.examples/notes.txt": "hello",
            "Shelf.examples/a.json": "{}",
            "bad-name.examples/a.json": "{}",
        ]) { directory in
            let read = ExampleFiles.read(in: directory, models: ["Book"])
            let byFile = Dictionary(read.errors.map { ($0.file, $0.message) }, uniquingKeysWith: { $0 + "; " + $1 })
            #expect(byFile["Book.examples/orphan.output.json"]?.contains("no input 'orphan.json'") == true, "\(byFile)")
            #expect(byFile["Book.examples/both.output.json"]?.contains("an output or errors, not both") == true, "\(byFile)")
            #expect(byFile["Book.examples/broken.json"]?.contains("invalid JSON at line 3") == true, "\(byFile)")
            #expect(byFile["Book.examples/wrong.errors.json"]?.contains("must be a non-empty list") == true, "\(byFile)")
            #expect(byFile["Book.examples/notes.txt"]?.contains("not an example file") == true, "\(byFile)")
            #expect(byFile["Shelf.examples"]?.contains("unknown model 'Shelf'") == true, "\(byFile)")
            #expect(byFile["bad-name.examples"]?.contains("does not name a model") == true, "\(byFile)")
            #expect(read.errors.filter { $0.file.hasPrefix("Book.examples") }.allSatisfy { $0.model == "Book" })
            #expect(read.examples["Book"]?.isEmpty ?? true)
        }
    }

    @Test func exampleFilesAreBoundedInNumberAndSize() throws {
        var limits = RegistryLimits()
        limits.examplesPerModel = 2
        limits.fileBytes = 64
        try Self.withDirectory([
            "book.yaml": Self.plainBook,
            "Book.examples/a.json": "{}", "Book.examples/b.json": "{}", "Book.examples/c.json": "{}",
            "Other.examples/big.json": "[" + String(repeating: "1,", count: 40) + "1]",
        ]) { directory in
            let read = ExampleFiles.read(in: directory, limits: limits)
            #expect(read.errors.contains { $0.limit == .examplesPerModel && $0.model == "Book" && $0.message.contains("is 3") }, "\(read.errors)")
            #expect(read.errors.contains { $0.limit == .fileBytes && $0.file == "Other.examples/big.json" }, "\(read.errors)")
            #expect(read.examples.isEmpty)
        }
    }

    @Test func gatheringPutsTheSchemaFilesExamplesFirstAndRefusesATwiceUsedName() throws {
        let registry = try EngineFixture.registry(Self.schema())
        let files = ["Book": [ModelExample(name: "from-file", input: .object([])), ModelExample(name: "first", input: .object([]))]]
        let gathered = ExampleFiles.gather(registry, files: files)
        #expect(gathered.examples["Book"]?.map(\.name) == ["first", "example 2", "example 3", "from-file"])
        #expect(gathered.examples["Novel"] == nil)
        let error = try #require(gathered.errors.first)
        #expect(gathered.errors.count == 1 && error.model == "Book" && error.message.contains("'first'"), "\(gathered.errors)")
    }

    // MARK: replay

    static let replayExamples = [
        ModelExample(name: "typed", input: .object([.init("id", .string("7")), .init("title", .string("Dune"))])),
        ModelExample(name: "untitled", input: .object([.init("id", .number("8"))])),
        ModelExample(name: "numbered", input: .object([.init("id", .number("9")), .init("title", .number("42"))])),
    ]

    @Test func replayThroughAnIdenticalCandidateFindsNothing() throws {
        let current = try EngineFixture.engine(Self.plainBook)
        let candidate = try EngineFixture.engine(Self.plainBook)
        #expect(ExampleReplay.compare(model: "Book", examples: Self.replayExamples, current: current, candidate: candidate).isEmpty)
    }

    @Test func replayFindsAChangedOutputAndANewError() throws {
        let current = try EngineFixture.engine(Self.plainBook)
        // `title` now required and upper-cased: "typed" writes another document, "untitled" fails.
        let candidate = try EngineFixture.engine("""
            Book:
              properties:
                id: { type: int64, required: true }
                title: { type: string, required: true, transform: "self.upperAscii()" }
            """)
        let differences = ExampleReplay.compare(model: "Book", examples: Self.replayExamples, current: current, candidate: candidate)
        #expect(differences.map(\.name) == ["typed", "untitled", "numbered"])
        let typed = try #require(differences.first)
        #expect(typed.current == #"{"id":7,"title":"Dune"}"#)
        #expect(typed.candidate == #"{"id":7,"title":"DUNE"}"#)
        #expect(differences[1].current == #"{"id":8}"#)
        #expect(differences[1].candidate == #"{"errors":[{"path":"/title","code":"missing"}]}"#)
        #expect(typed.json == (try EngineFixture.json(#"{"name":"typed","current":{"id":7,"title":"Dune"},"candidate":{"id":7,"title":"DUNE"}}"#)))
        let view = typed.sideBySide()
        #expect(view.contains("\"title\": \"Dune\""), "\(view)")
        #expect(view.split(separator: "\n").contains { $0.contains("\"title\": \"Dune\"") && $0.contains("|") && $0.contains("\"DUNE\"") }, "\(view)")
    }

    @Test func replayOfAModelTheCandidateLacksIsADifference() throws {
        let current = try EngineFixture.engine(Self.plainBook)
        let candidate = try EngineFixture.engine("Shelf:\n  properties:\n    name: string\n")
        let differences = ExampleReplay.compare(model: "Book", examples: Array(Self.replayExamples.prefix(1)), current: current, candidate: candidate)
        #expect(differences.map(\.candidate) == [#"{"errors":[{"path":"","code":"unknown_schema"}]}"#])
    }

    // MARK: check

    @Test func anExpectedOutputMatchesWhateverItsMemberOrder() throws {
        let engine = try EngineFixture.engine(Self.schema())
        let examples = try #require(engine.registry.definitions["Book"]?.examples)
        #expect(ExampleReplay.check(model: "Book", examples: examples, engine: engine).isEmpty)
    }

    @Test func aFailedCheckSaysWhyAndShowsTheDiff() throws {
        let engine = try EngineFixture.engine(Self.plainBook)
        let examples = [
            ModelExample(name: "wrong-title", input: .object([.init("id", .number("1")), .init("title", .string("Dune"))]),
                         expected: .output(.object([.init("title", .string("Emma")), .init("id", .number("1"))]))),
            ModelExample(name: "wrong-errors", input: .object([.init("id", .string("x"))]),
                         expected: .errors([.init(path: "/id", code: "missing")])),
            ModelExample(name: "expected-errors", input: .object([.init("id", .number("1"))]),
                         expected: .errors([.init(path: "/id", code: "missing")])),
            ModelExample(name: "must-convert", input: .object([])),
            ModelExample(name: "passes", input: .object([.init("id", .number("2"))])),
        ]
        let failures = ExampleReplay.check(model: "Book", examples: examples, engine: engine)
        #expect(failures.map(\.name) == ["wrong-title", "wrong-errors", "expected-errors", "must-convert"])
        let title = try #require(failures.first)
        #expect(title.reason == "the output differs from the expected one")
        #expect(title.actual == #"{"id":1,"title":"Dune"}"#)
        // The expected members are put in the output's order, so only the title differs.
        #expect(title.diff.contains("-  \"title\": \"Emma\"") && title.diff.contains("+  \"title\": \"Dune\""), "\(title.diff)")
        #expect(!title.diff.contains("-  \"id\""), "\(title.diff)")
        #expect(title.diff.hasPrefix("--- expected\n+++ actual\n"))
        #expect(failures[1].reason == "the errors differ from the expected ones")
        #expect(failures[1].diff.contains("+      \"code\": \"invalid_number\""), "\(failures[1].diff)")
        #expect(failures[2].reason == "expected 1 error; it converted")
        #expect(failures[3].reason == "expected it to convert; it failed with 1 error")
        #expect(failures[3].expected == nil && failures[3].actual == #"{"errors":[{"path":"/id","code":"missing"}]}"#)
        #expect(failures[0].json["expected"] == (try EngineFixture.json(#"{"id":1,"title":"Emma"}"#)))
    }

    @Test func strictModeIsHonored() throws {
        let engine = try EngineFixture.engine(Self.schema())
        let examples = try #require(engine.registry.definitions["Book"]?.examples)
        let failures = ExampleReplay.check(model: "Book", examples: examples, engine: engine, options: ConversionOptions(mode: .strict))
        // Strict takes no string for an int64: "7" fails, and "x" with another code than lax's invalid_number.
        #expect(failures.map(\.name) == ["first", "example 2"])
        #expect(failures.map(\.reason) == ["expected an output; it failed with 1 error", "the errors differ from the expected ones"])
    }

    @Test func expectedOutputsCompareAsValues() throws {
        let a = try EngineFixture.json(#"{"a":[1,{"x":true,"y":null}],"b":"s"}"#)
        #expect(ExpectedOutput.matches(try EngineFixture.json(#"{"b":"s","a":[1,{"y":null,"x":true}]}"#), a))
        #expect(!ExpectedOutput.matches(try EngineFixture.json(#"{"b":"s","a":[{"y":null,"x":true},1]}"#), a))
        #expect(!ExpectedOutput.matches(try EngineFixture.json(#"{"b":"s","a":[1,{"x":true}]}"#), a))
        #expect(!ExpectedOutput.matches(try EngineFixture.json(#"{"b":"s","b":"s","a":[1,{"x":true,"y":null}]}"#), a))
        #expect(!ExpectedOutput.matches(try EngineFixture.json(#"{"a":[1.0,{"x":true,"y":null}],"b":"s"}"#), a))
        let aligned = ExpectedOutput.aligned(try EngineFixture.json(#"{"c":3,"b":"t","a":[1,{"y":1,"x":true}]}"#), to: a)
        #expect(aligned.jsonText == #"{"a":[1,{"x":true,"y":1}],"b":"t","c":3}"#)
    }
}
