import Foundation
import Testing
@testable import MappingEngine

/// SPEC §4–§5: every schema change (load, PUT, DELETE) goes through one pipeline that compiles
/// each affected model once, refuses a change with any mistake whole, swaps atomically and keeps
/// the metas of the models the change does not affect.
@Suite struct RegistryPipelineTests {
    static let library = SchemaSource(file: "library.yaml", text: """
        # Books and the models they use.
        Book:
          keys: snake_case
          properties:
            id: { type: int64, required: true }
            title: { type: string, from: [title, name], minLength: 1 }
            author: Author
            tags: { type: "array<string>", wrapSingle: true }
            status: { type: string, values: { "0": draft, "1": published }, default: "0" }
        Author:
          properties:
            name: { type: string, required: true }
        Series:
          description: "A series: books in order"
          properties:
            name: string
            price: { type: decimal, minimum: 0 }
            started: { type: date, formats: ["yyyy-MM-dd"] }
            code: { type: string, default: "007" }
        """)
    static let misc = SchemaSource(file: "misc.json", text: """
        {
          "Tag": { "properties": { "label": { "type": "string", "enum": ["a", "b"] } } },
          "Ebook": { "extends": "Book", "properties": { "size": "uint32" } }
        }
        """)
    static let authorWithBirth = SchemaSource(file: "upload.yaml", text: """
        Author:
          properties:
            name: { type: string, required: true }
            born: date
        """)

    /// An engine that loaded the library and misc files.
    static func engine() throws -> Engine {
        let engine = Engine()
        _ = try engine.load([library, misc]).get()
        return engine
    }

    /// Converts `json` with `model`, as normalized JSON text, or a description of the failure.
    static func convert(_ engine: Engine, _ model: String, _ json: String) -> String {
        switch engine.convert(Array(json.utf8), model: model) {
        case .success(let bytes, _, _): String(decoding: bytes, as: UTF8.self)
        case .failure(let errors): "errors: \(errors.map(\.code.rawValue))"
        case .malformed(let error): "malformed: \(error)"
        case .unknownModel(let name): "unknown model \(name)"
        }
    }

    /// The refusal of a change that should have been refused; records an issue otherwise.
    static func refusal(_ result: Result<RegistryUpdate, RegistryChangeError>,
                        sourceLocation: SourceLocation = #_sourceLocation) -> RegistryChangeError? {
        switch result {
        case .success(let update):
            Testing.Issue.record("the change was accepted: \(update)", sourceLocation: sourceLocation)
            return nil
        case .failure(let error):
            return error
        }
    }

    // MARK: loading

    @Test func aLoadCompilesEachModelOnceAndConversionsAreHits() throws {
        let read = SchemaLoader.sources(in: EngineFixture.schemasDirectory)
        #expect(read.errors.isEmpty)
        let engine = Engine()
        let update = try engine.load(read.sources).get()
        let names = engine.cache.currentRegistry.names
        #expect(update.added == names)
        #expect(update.generation == 1)
        let loaded = engine.cache.snapshot
        #expect(loaded.builds == names.count)
        #expect(loaded.entries == names.count)
        #expect(loaded.hits == 0 && loaded.misses == 0)
        #expect(Self.convert(engine, "GithubUser", #"{"id": 1, "login": "octocat"}"#).hasPrefix("{"))
        #expect(Self.convert(engine, "Nope", "{}") == "unknown model Nope")
        let after = engine.cache.snapshot
        #expect(after.builds == loaded.builds)
        #expect(after.hits == 1)
        #expect(after.misses == 1)
    }

    @Test func anEmptyEngineServesNothingUntilItsFirstLoad() throws {
        let engine = Engine()
        #expect(engine.sources.isEmpty)
        #expect(engine.cache.snapshot == MetaCache.Stats())
        #expect(Self.convert(engine, "Author", #"{"name": "Ann"}"#) == "unknown model Author")
        _ = try engine.load([Self.library]).get()
        #expect(Self.convert(engine, "Author", #"{"name": "Ann"}"#) == #"{"name":"Ann"}"#)
        #expect(engine.sources == [Self.library])
    }

    @Test func loadingTheSameSourcesAgainChangesNothing() throws {
        let engine = try Self.engine()
        let before = engine.cache.snapshot
        let update = try engine.load([Self.misc, Self.library]).get()
        #expect(update.added.isEmpty && update.replaced.isEmpty && update.removed.isEmpty)
        #expect(update.written.isEmpty && update.deleted.isEmpty)
        #expect(update.generation == before.generation)
        #expect(engine.cache.snapshot == before)
    }

    @Test func readErrorsRefuseALoadAlongsideTheSchemaMistakes() throws {
        let engine = try Self.engine()
        let broken = SchemaSource(file: "broken.yaml", text: "Broken:\n  properties:\n    x: nosuchtype\n")
        let unreadable = SchemaError(file: "locked.yaml", message: "cannot read: permission denied")
        guard case .invalid(let errors)? = Self.refusal(engine.load([Self.library, Self.misc, broken], readErrors: [unreadable])) else {
            Testing.Issue.record("expected invalid")
            return
        }
        #expect(errors.errors.map(\.file) == ["locked.yaml", "broken.yaml"])
        #expect(engine.cache.snapshot.generation == 1)
    }

    // MARK: PUT

    @Test func putAddsAModelCompilingOnlyIt() throws {
        let engine = try Self.engine()
        let before = engine.cache.snapshot
        let book = engine.cache.meta(for: "Book")
        let source = SchemaSource(file: "review.json", text: #"{"Review": {"properties": {"book": "Book", "stars": "uint8"}}}"#)
        let update = try engine.put(model: "Review", source: source).get()
        #expect(update.added == ["Review"])
        #expect(update.replaced.isEmpty && update.removed.isEmpty)
        #expect(update.written == [SchemaSource(file: "Review.json", text: source.text)])
        #expect(update.deleted.isEmpty)
        #expect(update.generation == before.generation + 1)
        let after = engine.cache.snapshot
        #expect(after.builds == before.builds + 1)
        #expect(after.invalidations == before.invalidations)
        #expect(engine.cache.meta(for: "Book") === book)
        #expect(Self.convert(engine, "Review", #"{"book": {"id": "3", "author": {"name": "Ann"}}, "stars": "5"}"#)
                    == #"{"book":{"id":3,"author":{"name":"Ann"},"status":"draft"},"stars":5}"#)
    }

    @Test func putReplacingAModelRecompilesItsUsersAndKeepsTheRest() throws {
        let engine = try Self.engine()
        let before = engine.cache.snapshot
        let kept = ["Series", "Tag"].map { engine.cache.meta(for: $0) }
        let update = try engine.put(model: "Author", source: Self.authorWithBirth).get()
        #expect(update.replaced == ["Author"])
        #expect(update.added.isEmpty && update.removed.isEmpty)
        #expect(update.written.map(\.file) == ["Author.yaml", "library.yaml"])
        #expect(update.deleted.isEmpty)
        let after = engine.cache.snapshot
        // Author, Book that uses it, Ebook that extends Book: each compiled once.
        #expect(after.builds == before.builds + 3)
        #expect(after.invalidations == before.invalidations + 3)
        #expect(after.entries == before.entries)
        #expect(zip(["Series", "Tag"].map { engine.cache.meta(for: $0) }, kept).allSatisfy { $0 === $1 })
        #expect(Self.convert(engine, "Ebook", #"{"id": 1, "author": {"name": "Ann", "born": "1970-01-02"}}"#)
                    == #"{"id":1,"author":{"name":"Ann","born":"1970-01-02T00:00:00Z"},"status":"draft"}"#)
    }

    @Test func putMovesAModelOutOfAMultiModelFile() throws {
        let engine = try Self.engine()
        let registry = engine.cache.currentRegistry
        let update = try engine.put(model: "Tag", source: SchemaSource(file: "tag.yaml", text: "Tag:\n  properties:\n    label: string\n")).get()
        #expect(update.replaced == ["Tag"])
        #expect(update.written.map(\.file) == ["Tag.yaml", "misc.json"])
        let misc = try #require(engine.sources.first { $0.file == "misc.json" })
        // Still JSON, the other model still there and unchanged.
        let root = try JSONValue(parsing: misc.text)
        guard case .object(let members) = root else {
            Testing.Issue.record("misc.json is not an object")
            return
        }
        #expect(members.map(\.key) == ["Ebook"])
        #expect(engine.cache.currentRegistry.definitions["Ebook"] == registry.definitions["Ebook"])
        // What is served reloads as it is, with its version history (as `--persist` reads it
        // back from the ledger files), to the same registry.
        let reloaded = Engine()
        _ = try reloaded.load(engine.sources, histories: engine.versions.models, gate: nil).get()
        #expect(reloaded.cache.currentRegistry.digest == engine.cache.currentRegistry.digest)
    }

    @Test func aYAMLFileRewrittenWithoutAModelKeepsItsOtherModelsExactly() throws {
        let engine = try Self.engine()
        let registry = engine.cache.currentRegistry
        let update = try engine.put(model: "Author", source: Self.authorWithBirth).get()
        let library = try #require(update.written.first { $0.file == "library.yaml" })
        guard case .object(let members) = try library.root() else {
            Testing.Issue.record("library.yaml is not an object")
            return
        }
        #expect(members.map(\.key) == ["Book", "Series"])
        let served = engine.cache.currentRegistry
        for name in ["Book", "Series"] {
            #expect(served.definitions[name] == registry.definitions[name], "\(name) changed in the rewrite:\n\(library.text)")
        }
    }

    @Test func putIntoAFileHoldingOtherModelsKeepsThem() throws {
        let engine = try Self.engine()
        let both = SchemaSource(file: "a.yaml", text: "Author:\n  properties:\n    name: string\nPen:\n  properties:\n    ink: string\n")
        _ = try engine.put(model: "Author", source: both).get()
        let update = try engine.put(model: "Author", source: Self.authorWithBirth).get()
        #expect(update.written.map(\.file) == ["Author.yaml"])
        #expect(update.removed.isEmpty)
        #expect(engine.cache.currentRegistry.models["Pen"]?.file == "Author.yaml")
    }

    @Test func aBadPutIsRefusedWholeWithEveryMistakeAndTheOldRegistryServes() throws {
        let engine = try Self.engine()
        let before = engine.cache.snapshot
        let registry = engine.cache.currentRegistry
        let bad = SchemaSource(file: "author.yaml", text: """
            Author:
              properties:
                name: { type: strng }
                age: { type: uint8, default: 300 }
                pen: Pen
            Pen:
              properties:
                ink: { type: string, maxLenght: 3 }
            """)
        guard case .invalid(let errors)? = Self.refusal(engine.put(model: "Author", source: bad)) else {
            Testing.Issue.record("expected invalid")
            return
        }
        let locations = Set(errors.errors.map { SchemaErrorTests.Location($0) })
        #expect(locations.isSuperset(of: [SchemaErrorTests.Location("Author.yaml", "Author", "name"),
                                          SchemaErrorTests.Location("Author.yaml", "Pen", "ink")]), "\(errors)")
        #expect(engine.cache.snapshot == before)
        #expect(engine.cache.currentRegistry.digest == registry.digest)
        #expect(engine.sources == registry.sources)
        #expect(Self.convert(engine, "Book", #"{"id": 2, "author": {"name": "Ann"}}"#) == #"{"id":2,"author":{"name":"Ann"},"status":"draft"}"#)

        // A compile-stage mistake alone refuses it too.
        let badDefault = SchemaSource(file: "author.yaml", text: "Author:\n  properties:\n    name: { type: uint8, default: 300 }\n")
        guard case .invalid(let compileErrors)? = Self.refusal(engine.put(model: "Author", source: badDefault)) else {
            Testing.Issue.record("expected invalid")
            return
        }
        #expect(compileErrors.errors.map { SchemaErrorTests.Location($0) } == [SchemaErrorTests.Location("Author.yaml", "Author", "name")])
        #expect(engine.cache.snapshot.builds == before.builds)
    }

    /// (source file name, source text, why it is refused)
    static let refusedPuts: [(String, String, String)] = [
        ("author.yaml", "Writer:\n  properties:\n    name: string\n", "modelNotDefined"),
        ("author.txt", "Author:\n  properties:\n    name: string\n", "invalid"),
        ("author.json", #"{"Author": {"#, "invalid"),
        ("author.yaml", "- a\n- b\n", "invalid"),
    ]

    @Test(arguments: refusedPuts)
    func putIsRefused(file: String, text: String, why: String) throws {
        let engine = try Self.engine()
        let refused = Self.refusal(engine.put(model: "Author", source: SchemaSource(file: file, text: text)))
        switch refused {
        case .modelNotDefined(let model)?: #expect(why == "modelNotDefined" && model == "Author")
        case .invalid(let errors)?: #expect(why == "invalid" && !errors.errors.isEmpty)
        default: Testing.Issue.record("\(String(describing: refused))")
        }
        #expect(engine.cache.snapshot.generation == 1)
    }

    // MARK: DELETE

    @Test func deleteOfAModelInUseIsRefusedWithItsUsers() throws {
        let engine = try Self.engine()
        #expect(Self.refusal(engine.delete(model: "Author")).map { "\($0)" } == "\(RegistryChangeError.inUse(model: "Author", by: ["Book"]))")
        guard case .inUse(let model, let users)? = Self.refusal(engine.delete(model: "Book")) else {
            Testing.Issue.record("expected inUse")
            return
        }
        #expect(model == "Book" && users == ["Ebook"])
        guard case .unknownModel("Nope")? = Self.refusal(engine.delete(model: "Nope")) else {
            Testing.Issue.record("expected unknownModel")
            return
        }
        #expect(engine.cache.snapshot.generation == 1)
    }

    @Test func deleteRewritesTheFileAndDeletesItWithItsLastModel() throws {
        let engine = try Self.engine()
        let before = engine.cache.snapshot
        let first = try engine.delete(model: "Tag").get()
        #expect(first.removed == ["Tag"])
        #expect(first.written.map(\.file) == ["misc.json"])
        #expect(first.deleted.isEmpty)
        #expect(engine.cache.snapshot.builds == before.builds)
        #expect(engine.cache.snapshot.invalidations == before.invalidations + 1)
        let last = try engine.delete(model: "Ebook").get()
        #expect(last.removed == ["Ebook"])
        #expect(last.written.isEmpty)
        #expect(last.deleted == ["misc.json"])
        #expect(engine.sources.map(\.file) == ["library.yaml"])
        #expect(Self.convert(engine, "Ebook", "{}") == "unknown model Ebook")
        #expect(engine.cache.snapshot.entries == before.entries - 2)
    }

    // MARK: digest

    @Test func theDigestIsTheSameOnEveryReplicaAndFollowsTheModels() throws {
        let one = try Self.engine()
        let two = Engine()
        _ = try two.load([Self.misc, Self.library]).get()
        let digest = one.cache.currentRegistry.digest
        #expect(digest.count == 16)
        #expect(two.cache.currentRegistry.digest == digest)
        let changed = try one.put(model: "Author", source: Self.authorWithBirth).get()
        #expect(changed.digest != digest)
        #expect(changed.digest == one.cache.currentRegistry.digest)
        // Changed back, the models are as they were, but the history is not: a third version.
        let back = try one.load([Self.library, Self.misc]).get()
        #expect(back.digest != digest && back.digest != changed.digest)
        #expect(one.versions.versions(of: "Author").map(\.number) == [1, 2, 3])
        #expect(one.versions.versions(of: "Author")[2].digest == one.versions.versions(of: "Author")[0].digest)
        // A replica that saw the same changes serves the same digest.
        _ = try two.put(model: "Author", source: Self.authorWithBirth).get()
        #expect(try two.load([Self.library, Self.misc]).get().digest == back.digest)
    }

    // MARK: concurrency

    @Test func conversionsDuringReplacementsSeeOneVersionOrTheOther() throws {
        let versions = ["one", "two"].map { label in
            SchemaSource(file: "item.yaml", text: "Item:\n  properties:\n    id: int64\n    label: { type: string, default: \(label) }\n")
        }
        let engine = Engine()
        _ = try engine.load([versions[0], SchemaSource(file: "box.yaml", text: "Box:\n  properties:\n    items: \"array<Item>\"\n")]).get()
        let input = Array(#"{"items": [{"id": "1"}, {"id": 2}]}"#.utf8)
        let expected = ["one", "two"].map { #"{"items":[{"id":1,"label":"\#($0)"},{"id":2,"label":"\#($0)"}]}"# }
        let unexpected = Counter()
        let conversions = Counter()
        let refused = Counter()
        let finished = DispatchGroup()
        let stop = Flag()
        for _ in 0..<3 {
            finished.enter()
            Thread {
                let workspace = Workspace()
                while !stop.isSet {
                    let ok = input.withUnsafeBufferPointer { bytes in
                        if case .success(let success) = engine.convert(bytes, model: "Box", workspace: workspace) {
                            return expected.contains(String(decoding: success.output, as: UTF8.self))
                        }
                        return false
                    }
                    if !ok { unexpected.increment() }
                    conversions.increment()
                }
                finished.leave()
            }.start()
        }
        for round in 1...100 {
            if case .failure = engine.put(model: "Item", source: versions[round % 2]) { refused.increment() }
        }
        stop.set()
        finished.wait()
        #expect(unexpected.value == 0)
        #expect(refused.value == 0)
        #expect(conversions.value > 0)
        #expect(engine.cache.snapshot.generation == 101)
    }

    /// A workspace remembers the model it last converted with; two engines serving a model of the
    /// same name at the same generation must each still convert with their own.
    @Test func aWorkspaceSharedByTwoEnginesConvertsWithEachOnesModel() throws {
        let numbers = try Engine(sources: [SchemaSource(file: "a.yaml", text: "Thing:\n  properties:\n    n: int64\n")])
        let words = try Engine(sources: [SchemaSource(file: "b.yaml", text: "Thing:\n  properties:\n    n: string\n")])
        #expect(numbers.statistics.generation == words.statistics.generation)
        let workspace = Workspace()
        let input = Array(#"{"n": "7"}"#.utf8)
        for _ in 0..<2 {
            for (engine, expected) in [(numbers, #"{"n":7}"#), (words, #"{"n":"7"}"#)] {
                let output = input.withUnsafeBufferPointer { bytes -> String? in
                    guard case .success(let success) = engine.convert(bytes, model: "Thing", workspace: workspace) else { return nil }
                    return String(decoding: success.output, as: UTF8.self)
                }
                #expect(output == expected)
            }
        }
    }

    @Test func replacedMetasAreFreedEvenWhenRecursiveAndKeptOnesStay() throws {
        let engine = Engine()
        _ = try engine.load([
            SchemaSource(file: "pair.yaml", text: "A:\n  properties:\n    b: B\nB:\n  properties:\n    a: A\n    n: int32\n"),
            SchemaSource(file: "tree.yaml", text: "Node:\n  properties:\n    children: \"array<Node>\"\n    c: C\nC:\n  properties:\n    x: int32\n"),
        ]).get()
        weak let a = engine.cache.meta(for: "A")
        weak let node = engine.cache.meta(for: "Node")
        weak let c = engine.cache.meta(for: "C")
        #expect(a != nil && node != nil && c != nil)
        _ = try engine.put(model: "B", source: SchemaSource(file: "b.yaml", text: "B:\n  properties:\n    a: A\n    n: int64\n")).get()
        _ = try engine.put(model: "Node", source: SchemaSource(file: "n.yaml", text: "Node:\n  properties:\n    children: \"array<Node>\"\n    c: C\n    d: date\n")).get()
        #expect(a == nil)
        #expect(node == nil)
        #expect(c != nil && c === engine.cache.meta(for: "C"))
        #expect(Self.convert(engine, "Node", #"{"children": [{"c": {"x": "1"}}], "d": 0}"#)
                    == #"{"children":[{"c":{"x":1}}],"d":"1970-01-01T00:00:00Z"}"#)
    }

    // MARK: reading a directory

    @Test func aDirectoryIsReadLikeAConfigMapVolume() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-configmap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("..2024_01_01"), withIntermediateDirectories: true)
        try manager.createDirectory(at: root.appendingPathComponent("nested"), withIntermediateDirectories: true)
        try Self.library.text.write(to: root.appendingPathComponent("..2024_01_01/library.yaml"), atomically: true, encoding: .utf8)
        try Self.misc.text.write(to: root.appendingPathComponent("..2024_01_01/misc.json"), atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("..data").path, withDestinationPath: "..2024_01_01")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("library.yaml").path, withDestinationPath: "..data/library.yaml")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("nested/misc.json").path, withDestinationPath: "../..data/misc.json")
        try "ignored".write(to: root.appendingPathComponent(".hidden.yaml"), atomically: true, encoding: .utf8)
        // Deeper folders are read; example folders and links to folders are not entered.
        try manager.createDirectory(at: root.appendingPathComponent("a/b/c"), withIntermediateDirectories: true)
        try "Deep: {}".write(to: root.appendingPathComponent("a/b/c/deep.yaml"), atomically: true, encoding: .utf8)
        try manager.createDirectory(at: root.appendingPathComponent("Book.examples"), withIntermediateDirectories: true)
        try "{}".write(to: root.appendingPathComponent("Book.examples/dune.json"), atomically: true, encoding: .utf8)
        let elsewhere = root.deletingLastPathComponent().appendingPathComponent("convertd-elsewhere-\(UUID().uuidString)")
        try manager.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: elsewhere) }
        try "Elsewhere: {}".write(to: elsewhere.appendingPathComponent("elsewhere.yaml"), atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("linked").path, withDestinationPath: elsewhere.path)
        let link = root.deletingLastPathComponent().appendingPathComponent("convertd-configmap-link-\(UUID().uuidString)")
        try manager.createSymbolicLink(atPath: link.path, withDestinationPath: root.path)
        defer { try? manager.removeItem(at: link) }

        for directory in [root, link] {
            let read = SchemaLoader.sources(in: directory.path)
            #expect(read.errors.isEmpty)
            #expect(read.sources == [SchemaSource(file: "a/b/c/deep.yaml", text: "Deep: {}"), Self.library,
                                     SchemaSource(file: "nested/misc.json", text: Self.misc.text)])
        }
        #expect(SchemaLoader.sources(in: root.appendingPathComponent("missing").path).errors.map(\.message) == ["not a directory"])
    }

    @Test func aFileThatCannotBeReadIsAnErrorOfItsOwn() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("convertd-unreadable-\(UUID().uuidString)")
        try manager.createDirectory(at: root.appendingPathComponent("folder"), withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: root) }
        try Self.library.text.write(to: root.appendingPathComponent("library.yaml"), atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("dangling.yaml").path, withDestinationPath: "missing.yaml")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("folder.yaml").path, withDestinationPath: "folder")
        try Data([0x42, 0x3A, 0x20, 0xFF]).write(to: root.appendingPathComponent("latin.yaml"))
        // A FIFO with no writer is read as empty rather than waited on.
        #expect(mkfifo(root.appendingPathComponent("pipe.yaml").path, 0o600) == 0)

        let read = SchemaLoader.sources(in: root.path)
        #expect(read.sources == [Self.library, SchemaSource(file: "pipe.yaml", text: "")])
        #expect(read.errors.map { "\($0.file): \($0.message)" } == [
            "dangling.yaml: cannot read: No such file or directory",
            "folder.yaml: cannot read: Is a directory",
            "latin.yaml: not UTF-8 text",
        ])
    }

    // MARK: rewriting files

    /// Strings a YAML writer could turn into something else.
    static let trickyStrings = ["", "123", "-1.5e3", "0x1F", "true", "yes", "No", "null", "~", "2015-09-16", ".inf",
                                "a: b", "#x", "- item", "[a]", "{a}", "multi\nline", "  padded  ", "quote \" and \\",
                                "ünïcødé", "tab\there", "*alias", "&anchor", "!tag", "%directive", "@at", "`tick`"]

    @Test(arguments: trickyStrings)
    func aYAMLRewriteKeepsEveryStringAsItWas(_ text: String) throws {
        let root = JSONValue.object([.init("M", .object([
            .init("description", .string(text)),
            .init("properties", .object([.init(text.isEmpty ? "e" : text, .object([
                .init("type", .string("string")), .init("enum", .array([.string(text), .number("1")])),
            ]))])),
        ]))])
        let written = SchemaWriter.text(of: root, file: "m.yaml")
        #expect(try SchemaSource(file: "m.yaml", text: written).root() == root, "\(written)")
    }

    @Test func everyBundledSchemaFileSurvivesARewrite() throws {
        let read = SchemaLoader.sources(in: EngineFixture.schemasDirectory)
        #expect(!read.sources.isEmpty)
        for source in read.sources {
            let root = try source.root()
            for file in [source.file, "as.json", "as.yaml"] {
                let written = SchemaWriter.text(of: root, file: file)
                #expect(try SchemaSource(file: file, text: written).root() == root, "\(source.file) as \(file)")
            }
        }
    }
}

/// A flag one thread sets and others read.
final class Flag: @unchecked Sendable {
    // The lock guards `value`.
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
