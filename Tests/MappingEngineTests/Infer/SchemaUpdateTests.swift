import Testing
@testable import MappingEngine

/// `SchemaUpdate`: the smallest change of a schema file that makes its model take given samples
/// or what a drift report saw; every updated file loads and converts the samples that asked for it.
@Suite("Schema update")
struct SchemaUpdateTests {
    /// The update of `model` in the YAML `schema` after `samples` (JSON texts) and `reports`.
    static func update(_ schema: String, model: String = "Book", samples: [String], reports: [String] = [],
                       file: String = "book.yaml", others: [SchemaSource] = []) throws -> SchemaUpdate {
        var update = try SchemaUpdate(source: SchemaSource(file: file, text: schema), model: model, sources: others)
        for sample in samples { update.add(sample: try EngineFixture.json(sample)) }
        for report in reports { try update.add(driftReport: try EngineFixture.json(report)) }
        return update
    }

    /// The updated file's tree.
    static func tree(_ update: SchemaUpdate) throws -> JSONValue {
        try update.updatedSource().root()
    }

    /// The definition of `property` in `model` of the updated file.
    static func property(_ name: String, of model: String = "Book", in update: SchemaUpdate) throws -> JSONValue? {
        try tree(update)[model]?["properties"]?[name]
    }

    /// Expects every sample to convert with the updated file (and `others`), without an error.
    static func expectConverts(_ update: SchemaUpdate, _ samples: [String], model: String = "Book", others: [SchemaSource] = [],
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let engine = try Engine(sources: [try update.updatedSource()] + others)
        for sample in samples {
            let result = engine.convert(Array(sample.utf8), model: model)
            if case .success = result { continue }
            Issue.record("\(sample): \(EngineFixture.describe(result))", sourceLocation: sourceLocation)
        }
    }

    static let book = """
        # A book.
        Book:
          properties:
            id: { type: int64, required: true }
            title: string

        """

    @Test func unknownKeysBecomeOptionalPropertiesOfTheTypesInferenceGives() throws {
        let samples = [#"{"id": 1, "title": "Dune", "pages": 412, "price": 9.5, "inStock": true, "tags": ["sf", "classic"], "subtitle": "x"}"#,
                       #"{"id": 2, "pages": 20, "subtitle": null}"#]
        let update = try Self.update(Self.book, samples: samples)
        #expect(try Self.property("pages", in: update) == .string("int64"))
        #expect(try Self.property("price", in: update) == .string("double"))
        #expect(try Self.property("inStock", in: update) == .string("bool"))
        #expect(try Self.property("tags", in: update) == .string("array<string>"))
        #expect(try Self.property("subtitle", in: update)?.jsonText.contains("string") == true)
        // Existing properties keep their place and form; new ones follow, none required.
        guard case .object(let members)? = try Self.tree(update)["Book"]?["properties"] else {
            Issue.record("no properties")
            return
        }
        #expect(members.map(\.key) == ["id", "title", "pages", "price", "inStock", "tags", "subtitle"])
        #expect(try Self.tree(update).jsonText.contains("required\":true") == true)
        #expect(!(try update.updatedSource().text.contains("required: false")))
        try Self.expectConverts(update, samples)
    }

    @Test func aLaterSampleWidensTheTypeOfAnAddedProperty() throws {
        let samples = [#"{"id": 1, "code": 12}"#, #"{"id": 2, "code": "A-7"}"#]
        let update = try Self.update(Self.book, samples: samples)
        #expect(try Self.property("code", in: update) == .string("string"))
        try Self.expectConverts(update, samples)
    }

    @Test func keysTheKeyStyleCannotGiveGetAFrom() throws {
        let snake = """
            Book:
              keys: snake_case
              properties:
                id: int64

            """
        let sample = #"{"id": 1, "first_name": "Ann", "Weird-Key": 2, "a.b": "dot"}"#
        let update = try Self.update(snake, samples: [sample])
        #expect(try Self.property("firstName", in: update) == .string("string"))
        #expect(try Self.property("weirdKey", in: update)?["from"] == .string("Weird-Key"))
        // As inference names it: a key with no word boundary keeps its text as the name.
        #expect(try Self.property("a.b", in: update) == .string("string"))
        try Self.expectConverts(update, [sample])

        let asIs = try Self.update(Self.book, samples: [#"{"id": 1, "user_id": 7, "first-name": "Ann"}"#])
        #expect(try Self.property("user_id", in: asIs) == .string("int64"))
        #expect(try Self.property("firstName", in: asIs)?["from"] == .string("first-name"))
    }

    @Test func nestedObjectsAreNotAddedButKeysOfNestedModelsAre() throws {
        let schema = """
            Book:
              properties:
                id: int64
                author: Author
                chapters: array<Chapter>
            Author:
              properties:
                name: string
            Chapter:
              properties:
                title: string

            """
        let sample = #"{"id": 1, "meta": {"a": 1}, "author": {"name": "Ann", "born": 1950}, "chapters": [{"title": "I", "pages": 3}]}"#
        let update = try Self.update(schema, samples: [sample])
        #expect(try Self.property("meta", in: update) == nil)
        #expect(update.notes.contains { $0.contains("'meta' holds objects") })
        #expect(try Self.property("born", of: "Author", in: update) == .string("int64"))
        #expect(try Self.property("pages", of: "Chapter", in: update) == .string("int64"))
        try Self.expectConverts(update, [sample])
    }

    @Test func aValueOutsideTheEnumJoinsIt() throws {
        let schema = """
            Book:
              properties:
                status: { type: string, enum: [draft, published] }
                level: { type: int32, enum: [1, 2] }

            """
        let samples = [#"{"status": "archived", "level": 3}"#, #"{"status": "retired"}"#]
        let update = try Self.update(schema, samples: samples)
        #expect(try Self.property("status", in: update)?["enum"] == .array([.string("draft"), .string("published"), .string("archived"), .string("retired")]))
        #expect(try Self.property("level", in: update)?["enum"] == .array([.number("1"), .number("2"), .number("3")]))
        try Self.expectConverts(update, samples)
    }

    @Test func aMissingRequiredPropertyBecomesOptional() throws {
        let samples = [#"{"title": "Dune"}"#]
        let update = try Self.update(Self.book, samples: samples)
        #expect(try Self.property("id", in: update) == .object([JSONValue.Member("type", .string("int64"))]))
        try Self.expectConverts(update, samples)

        let all = """
            Book:
              required: all
              properties:
                id: int64
                title: string

            """
        let relaxed = try Self.update(all, samples: [#"{"id": 1, "title": null}"#])
        #expect(try Self.property("title", in: relaxed)?["required"] == .bool(false))
        #expect(try Self.property("id", in: relaxed) == .string("int64"))
        try Self.expectConverts(relaxed, [#"{"id": 1, "title": null}"#])
    }

    @Test func anIntegerOutOfRangeWidensToTheNarrowestTypeThatHoldsIt() throws {
        let schema = """
            Book:
              properties:
                pages: int8
                count: uint8
                sizes: array<int16?>
                big: int64

            """
        let samples = [#"{"pages": 300, "count": -1, "sizes": [1, 70000]}"#, #"{"big": 99999999999999999999}"#]
        let update = try Self.update(schema, samples: samples)
        #expect(try Self.property("pages", in: update) == .string("int16"))
        #expect(try Self.property("count", in: update) == .string("int16"))
        #expect(try Self.property("sizes", in: update) == .string("array<int32?>"))
        #expect(try Self.property("big", in: update) == .string("int64"))
        #expect(update.notes.contains { $0.contains("Book.big: int64 cannot widen") })
        #expect(update.notes.contains("left: /big out_of_range"))
    }

    @Test func aBoundIsRelaxedToTheValueSeen() throws {
        let schema = """
            Book:
              properties:
                pages: { type: int32, minimum: 1, maximum: 100 }
                rating: { type: double, exclusiveMaximum: 5 }
                title: { type: string, minLength: 2, maxLength: 5 }
                tags: { type: array<string>, maxItems: 1 }

            """
        let samples = [#"{"pages": 0, "rating": 5, "title": "Dune Messiah", "tags": ["a", "b", "c"]}"#, #"{"pages": 500, "title": "I"}"#]
        let update = try Self.update(schema, samples: samples)
        let pages = try Self.property("pages", in: update)
        #expect(pages?["minimum"] == .number("0") && pages?["maximum"] == .number("500"))
        #expect(try Self.property("rating", in: update) == .object([JSONValue.Member("type", .string("double")), JSONValue.Member("maximum", .number("5"))]))
        let title = try Self.property("title", in: update)
        #expect(title?["minLength"] == .number("1") && title?["maxLength"] == .number("12"))
        #expect(try Self.property("tags", in: update)?["maxItems"] == .number("3"))
        try Self.expectConverts(update, samples)
    }

    @Test func otherErrorsAreLeftWithANote() throws {
        let schema = """
            Book:
              properties:
                isbn: { type: string, pattern: "^[0-9]+$" }

            """
        let update = try Self.update(schema, samples: [#"{"isbn": "abc", "extra": 1}"#])
        #expect(!update.changed)
        #expect(update.notes == ["left: /isbn pattern_mismatch"])
    }

    @Test func aDriftReportAddsKeysWidensEnumsAndFixesWhatItsCodesAllow() throws {
        let schema = """
            Book:
              properties:
                id: { type: int8, required: true }
                status: { type: string, enum: [draft] }
                price: { type: decimal, minimum: 0 }

            """
        let report = """
            {"model":"Book","version":3,"window":{"seconds":3600,"from":"2026-11-27T10:00:00Z","to":"2026-11-27T11:00:00Z"},
             "sampleEvery":16,"conversions":1234,"sampled":77,
             "unknownKeys":[{"path":"/subtitle","count":12,"kinds":["string"],"example":"\\"A tale\\""},
                            {"path":"/score","count":3,"kinds":["integer","number"],"example":"1.5"},
                            {"path":"/meta","count":1,"kinds":["object"],"example":"{}"}],
             "coercions":[{"path":"/price","rule":"string_to_decimal","count":5}],
             "recoveries":[],
             "errors":[{"path":"/id","code":"out_of_range","count":2},{"path":"/id","code":"missing","count":1},
                       {"path":"/price","code":"below_minimum","count":1}],
             "outsideEnum":[{"path":"/status","value":"\\"archived\\"","count":4}],
             "omitted":{"unknownKeys":0,"coercions":0,"recoveries":0,"errors":0,"outsideEnum":0},
             "limits":{"entries":256,"buckets":12}}
            """
        let update = try Self.update(schema, samples: [], reports: [report])
        #expect(try Self.property("subtitle", in: update) == .string("string"))
        #expect(try Self.property("score", in: update) == .string("double"))
        #expect(try Self.property("meta", in: update) == nil)
        #expect(try Self.property("status", in: update)?["enum"] == .array([.string("draft"), .string("archived")]))
        #expect(try Self.property("id", in: update) == .object([JSONValue.Member("type", .string("int16"))]))
        #expect(try Self.property("price", in: update)?["minimum"] == .number("0"))
        #expect(update.notes.contains("left: /price below_minimum"))
        try Self.expectConverts(update, [#"{"subtitle": "A tale", "score": 1.5, "status": "archived", "id": 200}"#, "{}"])

        let other = #"{"model": "Author", "unknownKeys": []}"#
        #expect(throws: SchemaUpdateError.self) { try Self.update(schema, samples: [], reports: [other]) }
        #expect(throws: SchemaUpdateError.self) { try Self.update(schema, samples: [], reports: [#"{"errors": 1}"#]) }
    }

    @Test func aModelThatTakesTheSamplesAlreadyIsLeftAsItIs() throws {
        let update = try Self.update(Self.book, samples: [#"{"id": 1, "title": "Dune"}"#, #"[{"id": 2}, 3]"#])
        #expect(!update.changed)
        #expect(try update.updatedSource() == SchemaSource(file: "book.yaml", text: Self.book))
        #expect(update.notes.isEmpty)
        #expect(update.sampleCount == 2 && update.skippedCount == 1)
    }

    @Test func aJSONFileStaysJSONAndOtherFilesAreNotChanged() throws {
        let json = #"{"Book": {"properties": {"id": "int64", "author": "Author"}}}"#
        let others = [SchemaSource(file: "author.yaml", text: "Author:\n  properties:\n    name: string\n")]
        let sample = #"{"id": 1, "isbn": "978-3", "author": {"name": "Ann", "born": 1950}}"#
        let update = try Self.update(json, samples: [sample], file: "book.json", others: others)
        let updated = try update.updatedSource()
        #expect(updated.text.hasPrefix("{\n"))
        #expect(try Self.property("isbn", in: update) == .string("string"))
        #expect(update.notes.contains { $0.contains("'born' of Author: the model is defined in author.yaml") })
        try Self.expectConverts(update, [sample], others: others)
    }

    @Test func aFileThatDoesNotDefineTheModelIsRefused() {
        #expect(throws: SchemaUpdateError.self) { try Self.update(Self.book, model: "Author", samples: []) }
        #expect(throws: SchemaUpdateError.self) { try Self.update("Book: 1\n", samples: []) }
    }
}
