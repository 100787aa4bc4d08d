import Testing
@testable import MappingEngine

/// Runtime changes without `--persist` are an overlay: laid over the directory's files at every
/// load, a `PUT` model overrides the directory's model of its name and a `DELETE` hides one,
/// until the next change of the same model; a directory that no longer fits is refused.
@Suite struct SchemaOverlayTests {
    typealias Fixture = RegistryPipelineTests
    static let directory = [Fixture.library, Fixture.misc]
    static let pet = SchemaSource(file: "Pet.yaml", text: "Pet:\n  properties:\n    name: string\n    owner: Author\n")

    /// An engine serving the directory with `overlay` laid over it.
    static func engine(_ overlay: SchemaOverlay, over directory: [SchemaSource] = directory) throws -> Engine {
        let engine = Engine()
        _ = try engine.load(overlay.laid(over: directory)).get()
        return engine
    }

    @Test func anEmptyOverlayLeavesTheDirectoryAsItIs() {
        #expect(SchemaOverlay().laid(over: Self.directory) == Self.directory)
    }

    @Test func aPutModelOverridesTheDirectorysModelAndOutlivesAChangedDirectory() throws {
        let overlay = try SchemaOverlay().putting(model: "Author", source: Fixture.authorWithBirth).get()
        let engine = try Self.engine(overlay)
        let registry = engine.registry
        #expect(registry.models["Author"]?.file == "runtime:Author.yaml")
        #expect(registry.models["Author"]?.properties.map(\.name) == ["name", "born"])
        #expect(registry.models["Book"]?.file == "library.yaml")
        // The directory's file changes; its Author is still overridden.
        let changed = SchemaSource(file: "library.yaml", text: Fixture.library.text.replacingOccurrences(of: "minLength: 1", with: "minLength: 2"))
        let reloaded = try engine.load(overlay.laid(over: [changed, Fixture.misc])).get()
        #expect(reloaded.replaced == ["Book"])
        #expect(engine.registry.models["Author"]?.file == "runtime:Author.yaml")
        #expect(Fixture.convert(engine, "Book", #"{"id": 1, "author": {"name": "Ann", "born": "1920-10-08"}}"#)
            == #"{"id":1,"author":{"name":"Ann","born":"1920-10-08T00:00:00Z"},"status":"draft"}"#)
    }

    @Test func aDeletedDirectoryModelStaysHiddenUntilItIsPutAgain() throws {
        let served = try Self.engine(SchemaOverlay()).registry
        let overlay = try SchemaOverlay().deleting(model: "Tag", servedFrom: served).get()
        #expect(try Self.engine(overlay).registry.models["Tag"] == nil)
        #expect(try Self.engine(overlay).registry.models["Ebook"]?.file == "misc.json")
        let tag = SchemaSource(file: "tag.yaml", text: "Tag:\n  properties:\n    label: string\n")
        let again = try overlay.putting(model: "Tag", source: tag).get()
        #expect(again.hidden.isEmpty)
        #expect(try Self.engine(again).registry.models["Tag"]?.file == "runtime:Tag.yaml")
    }

    @Test func aDeleteIsRefusedAsEver() throws {
        let served = try Self.engine(SchemaOverlay()).registry
        guard case .failure(.inUse(let model, let users)) = SchemaOverlay().deleting(model: "Author", servedFrom: served),
              case .failure(.unknownModel("Nope")) = SchemaOverlay().deleting(model: "Nope", servedFrom: served) else {
            Testing.Issue.record("a DELETE of a model in use or unknown was accepted")
            return
        }
        #expect(model == "Author" && users == ["Book"])
    }

    @Test func aPutModelLeavesTheRuntimeSourceThatHeldIt() throws {
        let both = SchemaSource(file: "a.yaml", text: "Author:\n  properties:\n    name: string\nPen:\n  properties:\n    ink: string\n")
        let pen = SchemaSource(file: "pen.json", text: #"{"Pen": {"properties": {"ink": "string", "color": "string"}}}"#)
        let overlay = try SchemaOverlay().putting(model: "Author", source: both).get().putting(model: "Pen", source: pen).get()
        #expect(overlay.sources.keys.sorted() == ["runtime:Author.yaml", "runtime:Pen.json"])
        let registry = try Self.engine(overlay).registry
        #expect(registry.models["Author"]?.file == "runtime:Author.yaml")
        #expect(registry.models["Pen"]?.file == "runtime:Pen.json")
        #expect(registry.models["Pen"]?.properties.count == 2)
    }

    @Test func aDirectoryThatNoLongerFitsIsRefusedNamingTheRuntimeModel() throws {
        let overlay = try SchemaOverlay().putting(model: "Pet", source: Self.pet).get()
        let withoutAuthor = SchemaSource(file: "library.yaml", text: "Series:\n  properties:\n    name: string\n")
        let engine = try Self.engine(overlay)
        let generation = engine.statistics.generation
        guard case .invalid(let errors)? = Fixture.refusal(engine.load(overlay.laid(over: [withoutAuthor]))) else {
            Testing.Issue.record("expected invalid")
            return
        }
        #expect(errors.errors.map { SchemaErrorTests.Location($0) } == [SchemaErrorTests.Location("runtime:Pet.yaml", "Pet", "owner")])
        #expect(engine.statistics.generation == generation)
        #expect(engine.registry.models["Pet"] != nil && engine.registry.models["Book"] != nil)
    }

    @Test func aDirectoryModelUsingADeletedModelSaysItWasDeletedAtRunTime() throws {
        var overlay = SchemaOverlay()
        for model in ["Ebook", "Book"] {
            overlay = try overlay.deleting(model: model, servedFrom: Self.engine(overlay).registry).get()
        }
        let shelf = SchemaSource(file: "shelf.yaml", text: "Shelf:\n  properties:\n    first: Book\n")
        guard case .invalid(let errors)? = Fixture.refusal(Engine().load(overlay.laid(over: Self.directory + [shelf])).mapError(overlay.explaining)) else {
            Testing.Issue.record("expected invalid")
            return
        }
        #expect(errors.errors.map(\.message) == ["unknown type or model 'Book' ('Book' was deleted at run time: PUT it again to serve it)"])
    }
}
