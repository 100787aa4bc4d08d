import Foundation
import Testing
@testable import MappingEngine

/// SPEC §11: what breaks a model's contract between two versions, on the input side (the new
/// version converts every payload the old one did) and the output side (the new output
/// validates against the old output schema), each change with its path and stable kind.
@Suite struct CompatibilityCheckTests {
    /// A registry loaded through the public pipeline.
    static func registry(_ schema: String) throws -> SchemaRegistry {
        try EngineFixture.engine(schema).registry
    }

    /// The changes of `model` from `old` to `new` as `kind@path`, in the order listed.
    static func changes(_ old: String, _ new: String, _ level: CompatibilityLevel, model: String = "Book") throws -> [String] {
        try details(old, new, level, model: model).map { "\($0.kind)@\($0.path)" }
    }

    /// The changes of `model` from `old` to `new`.
    static func details(_ old: String, _ new: String, _ level: CompatibilityLevel, model: String = "Book") throws -> [BreakingChange] {
        CompatibilityCheck.changes(of: model, from: try registry(old), to: try registry(new), level: level)
    }

    /// A `Book` with one property `name` declared as `declaration`, and others around it.
    static func book(_ declaration: String, unknownKeys: String = "ignore") -> String {
        """
        Book:
          unknownKeys: \(unknownKeys)
          properties:
            id: { type: int64, required: true }
            \(declaration)
        """
    }

    static let levels: [(CompatibilityLevel, input: Bool, output: Bool, transitive: Bool)] = [
        (.none, false, false, false), (.backward, true, false, false), (.forward, false, true, false), (.full, true, true, false),
        (.backwardTransitive, true, false, true), (.forwardTransitive, false, true, true), (.fullTransitive, true, true, true),
    ]

    @Test(arguments: levels)
    func eachLevelSaysWhichSidesItChecksAndAgainstWhichVersions(_ level: CompatibilityLevel, input: Bool, output: Bool, transitive: Bool) {
        #expect(level.checksInput == input)
        #expect(level.checksOutput == output)
        #expect(level.isTransitive == transitive)
        #expect(CompatibilityLevel(text: level.rawValue.lowercased()) == level)
        #expect(CompatibilityLevel(rawValue: level.rawValue) == level)
    }

    @Test func levelsAreReadInAnyCaseAndNothingElse() {
        #expect(CompatibilityLevel.allCases.map(\.rawValue) ==
                ["NONE", "BACKWARD", "FORWARD", "FULL", "BACKWARD_TRANSITIVE", "FORWARD_TRANSITIVE", "FULL_TRANSITIVE"])
        #expect(CompatibilityLevel(text: "Full_Transitive") == .fullTransitive)
        #expect(CompatibilityLevel(text: "backwards") == nil)
        #expect(CompatibilityLevel(text: "") == nil)
        #expect(CompatibilityLevel(text: " FULL") == nil)
    }

    @Test func aChangeIsWrittenAsTheDesignsObject() {
        let change = BreakingChange(side: .output, path: "/properties/id", kind: "output_became_optional", old: "required",
                                    new: "optional", message: "It may be missing.")
        #expect(change.json.jsonText ==
                #"{"side":"output","path":"/properties/id","kind":"output_became_optional","old":"required","new":"optional","message":"It may be missing."}"#)
    }

    @Test func anUnchangedModelBreaksNothing() throws {
        let schema = """
            Book:
              unknownKeys: reject
              properties:
                id: { type: int64, required: true }
                title: { type: string, minLength: 1, pattern: "^[A-Z]" }
                status: { type: string, enum: [draft, published] }
                author: Author
                tags: "set<string>"
                scores: "map<double?>"
                kind: "int64 | string"
              rules:
                - rule: "self.id > 0"
            Author:
              properties:
                name: { type: string, required: true }
            """
        for level in CompatibilityLevel.allCases {
            #expect(try Self.changes(schema, schema, level) == [])
        }
    }

    @Test func anOptionalPropertyAddedKeepsTheInputAndAddsToTheOutput() throws {
        let old = Self.book("title: string"), new = Self.book("title: string\n    subtitle: string")
        #expect(try Self.changes(old, new, .backward) == [])
        // The old output schema says additionalProperties false: a new member breaks it.
        #expect(try Self.changes(old, new, .forward) == ["output_property_added@/properties/subtitle"])
    }

    @Test func aPropertyThatBecameRequiredBreaksTheInputOnly() throws {
        let old = Self.book("title: string"), new = Self.book("title: { type: string, required: true }")
        let changes = try Self.details(old, new, .backward)
        #expect(changes.map { "\($0.kind)@\($0.path)" } == ["became_required@/properties/title"])
        #expect(changes.first?.old == "optional")
        #expect(changes.first?.new == "required")
        #expect(try Self.changes(old, new, .forward) == [])
        // The other way round, the output loses a member it always had.
        #expect(try Self.changes(new, old, .forward) == ["output_became_optional@/properties/title"])
        #expect(try Self.changes(new, old, .backward) == [])
    }

    @Test func aNarrowerIntegerIsANarrowedType() throws {
        let changes = try Self.details(Self.book("pages: int64"), Self.book("pages: int32"), .backward)
        #expect(changes.map { "\($0.kind)@\($0.path)" } == ["type_narrowed@/properties/pages"])
        #expect(changes.first?.side == .input)
        #expect(changes.first?.old == "int64")
        #expect(changes.first?.new == "int32")
    }

    @Test func aStringThatBecameANumberIsANarrowedType() throws {
        let changes = try Self.details(Self.book("code: string"), Self.book("code: int64"), .backward)
        #expect(changes.map { "\($0.kind)@\($0.path)" } == ["type_narrowed@/properties/code"])
        #expect(changes.first?.old == "string")
        #expect(changes.first?.new == "integer")
        // A number read as a string's text is converted in lax mode, and the output can take it.
        #expect(try Self.changes(Self.book("code: int32"), Self.book("code: string"), .backward) == [])
    }

    @Test func aWiderIntegerKeepsTheInputAndWidensTheOutput() throws {
        let old = Self.book("pages: int32"), new = Self.book("pages: int64")
        #expect(try Self.changes(old, new, .backward) == [])
        let changes = try Self.details(old, new, .forward)
        #expect(changes.map { "\($0.kind)@\($0.path)" } == ["output_type_widened@/properties/pages"])
        #expect(changes.first?.old == "int32")
        #expect(changes.first?.new == "int64")
    }

    @Test func declaredBoundsAreCompared() throws {
        let old = Self.book("pages: { type: uint32, minimum: 1, maximum: 5000 }")
        let new = Self.book("pages: { type: uint32, minimum: 1, maximum: 2000 }")
        let changes = try Self.details(old, new, .backward)
        #expect(changes.map { "\($0.kind)@\($0.path)" } == ["constraint_tightened@/properties/pages"])
        #expect(changes.first?.old == "maximum 5000")
        #expect(changes.first?.new == "maximum 2000")
        #expect(try Self.changes(new, old, .forward) == ["output_constraint_loosened@/properties/pages"])
        #expect(try Self.changes(new, old, .backward) == [])
    }

    @Test func stringConstraintsThatCannotBeProvenAreReported() throws {
        let old = Self.book("title: { type: string, maxLength: 100, pattern: \"^[A-Z]\" }")
        let new = Self.book("title: { type: string, maxLength: 50, pattern: \"^[A-Z][a-z]\" }")
        let changes = try Self.details(old, new, .backward)
        #expect(changes.map { "\($0.kind)@\($0.path)" } == ["constraint_tightened@/properties/title", "constraint_tightened@/properties/title"])
        #expect(Set(changes.map(\.new)) == ["maxLength 50", "^[A-Z][a-z]"])
    }

    @Test func anEnumValueRemovedBreaksTheInputAndOneAddedBreaksTheOutput() throws {
        let two = Self.book("status: { type: string, enum: [draft, published] }")
        let three = Self.book("status: { type: string, enum: [draft, published, archived] }")
        let removed = try Self.details(three, two, .full)
        #expect(removed.map { "\($0.kind)@\($0.path)" } == ["enum_value_removed@/properties/status"])
        #expect(removed.first?.message.contains("\"archived\"") == true)
        #expect(try Self.changes(two, three, .full) == ["output_enum_value_added@/properties/status"])
        // An enum where there was none narrows what the input may hold.
        #expect(try Self.changes(Self.book("status: string"), two, .backward) == ["constraint_tightened@/properties/status"])
    }

    @Test func unknownKeysRejectedWhereTheyWereIgnoredTightenTheInput() throws {
        let old = Self.book("title: string"), new = Self.book("title: string", unknownKeys: "reject")
        #expect(try Self.changes(old, new, .backward) == ["unknown_keys_tightened@"])
        #expect(try Self.changes(old, new, .forward) == [])
        // Kept unknown keys reach the output, which the old output schema refused.
        #expect(try Self.changes(old, Self.book("title: string", unknownKeys: "keep"), .forward) == ["output_property_added@"])
    }

    @Test func aKeyNoLongerReadUnderRejectIsARemovedKey() throws {
        let old = Self.book("title: string\n    subtitle: string", unknownKeys: "reject")
        let new = Self.book("title: string", unknownKeys: "reject")
        #expect(try Self.changes(old, new, .backward) == ["key_removed@/properties/subtitle"])
        // Under `ignore` the key is simply not read any more.
        #expect(try Self.changes(Self.book("title: string\n    subtitle: string"), Self.book("title: string"), .backward) == [])
        // An optional member gone from the output still validates against the old schema.
        #expect(try Self.changes(old, new, .forward) == [])
    }

    @Test func aRequiredMemberGoneFromTheOutputIsARemovedProperty() throws {
        let old = Self.book("title: { type: string, required: true }"), new = Self.book("")
        #expect(try Self.changes(old, new, .forward) == ["output_property_removed@/properties/title"])
    }

    @Test func nullRefusedIsARemovedNullableAndNullWrittenAnAddedOne() throws {
        let nullable = Self.book("note: \"string?\""), plain = Self.book("note: string")
        #expect(try Self.changes(nullable, plain, .backward) == ["nullable_removed@/properties/note"])
        #expect(try Self.changes(nullable, plain, .forward) == [])
        #expect(try Self.changes(plain, nullable, .forward) == ["output_nullable_added@/properties/note"])
        #expect(try Self.changes(plain, nullable, .backward) == [])
    }

    @Test func aRuleAddedBreaksTheInput() throws {
        let old = Self.book("pages: int32")
        let new = old + "\n  rules:\n    - rule: \"self.pages > 0\"\n      code: no_pages"
        let changes = try Self.details(old, new, .backward)
        #expect(changes.map { "\($0.kind)@\($0.path)" } == ["rule_added@/x-convertd-rules/0"])
        #expect(changes.first?.new == "self.pages > 0")
        // Without the rule the new output may hold what the old rule forbade.
        #expect(try Self.changes(new, old, .forward) == ["output_constraint_loosened@/x-convertd-rules/0"])
        #expect(try Self.changes(new, old, .backward) == [])
    }

    @Test func aUnionBranchRemovedIsARemovedVariantAndOneAddedAnAddedVariant() throws {
        let three = Self.book("ref: \"int64 | string | bool\""), two = Self.book("ref: \"int64 | string\"")
        #expect(try Self.changes(three, two, .backward).contains("variant_removed@/properties/ref"))
        #expect(try Self.changes(two, three, .backward) == [])
        #expect(try Self.changes(two, three, .forward) == ["output_variant_added@/properties/ref"])
    }

    static let nested = """
        Book:
          properties:
            id: { type: int64, required: true }
            author: Author
            editors: "array<Author>"
        Author:
          properties:
            name: { type: string, required: true }
            age: AGE
        """

    @Test func aNestedModelsNarrowingIsFoundThroughTheProperty() throws {
        let old = Self.nested.replacingOccurrences(of: "AGE", with: "int64")
        let new = Self.nested.replacingOccurrences(of: "AGE", with: "int32")
        // Author is compared once, at the first property (in name order) that holds it.
        #expect(try Self.changes(old, new, .backward) == ["type_narrowed@/properties/author/properties/age"])
        #expect(try Self.changes(new, old, .forward) == ["output_type_widened@/properties/author/properties/age"])
        #expect(try Self.changes(old, new, .backward, model: "Author") == ["type_narrowed@/properties/age"])
    }

    @Test func aRecursiveModelIsComparedOnce() throws {
        let tree = """
            Node:
              properties:
                label: LABEL
                children: "array<Node>"
                parent: "Node?"
            """
        let old = tree.replacingOccurrences(of: "LABEL", with: "int64")
        let new = tree.replacingOccurrences(of: "LABEL", with: "int16")
        #expect(try Self.changes(old, new, .full, model: "Node") == ["type_narrowed@/properties/label"])
        #expect(try Self.changes(new, old, .full, model: "Node") == ["output_type_widened@/properties/label"])
        #expect(try Self.changes(old, old, .full, model: "Node") == [])
    }

    static let pets = """
        Pet:
          discriminator:
            from: kind
            mapping: { dog: Dog, cat: Cat }
          properties:
            name: string
            owner: "Owner?"
        Dog:
          extends: Pet
          properties:
            barks: bool
        Cat:
          extends: Pet
          properties:
            lives: uint8
        Owner:
          properties:
            name: { type: string, required: true }
        """

    @Test func aPickedModelIsComparedWithItselfAndATagGoneIsARemovedVariant() throws {
        let narrowed = Self.pets.replacingOccurrences(of: "lives: uint8", with: "lives: int8")
        #expect(try Self.changes(Self.pets, narrowed, .full, model: "Pet") ==
                ["type_narrowed@/properties/lives", "output_type_widened@/properties/lives"])
        let fewer = Self.pets.replacingOccurrences(of: "mapping: { dog: Dog, cat: Cat }", with: "mapping: { dog: Dog }")
        let changes = try Self.details(Self.pets, fewer, .full, model: "Pet")
        #expect(changes.map { "\($0.kind)@\($0.path)" } == ["variant_removed@"])
        #expect(changes.first?.old == #"kind = "cat""#)
        #expect(try Self.changes(fewer, Self.pets, .full, model: "Pet") == ["output_variant_added@"])
    }

    @Test func noneAcceptsEveryChange() throws {
        #expect(try Self.changes(Self.book("pages: int64"), Self.book("pages: \"int8?\""), .none) == [])
        #expect(try Self.changes(Self.book("pages: int64"), "Other:\n  properties:\n    x: string", .none) == [])
    }

    @Test func fullListsBothSidesInputFirst() throws {
        let old = Self.book("pages: int32"), new = Self.book("pages: { type: int64, required: true }")
        let changes = try Self.details(old, new, .fullTransitive)
        #expect(changes.map { "\($0.side.rawValue) \($0.kind)@\($0.path)" } ==
                ["input became_required@/properties/pages", "output output_type_widened@/properties/pages"])
    }

    @Test func aModelGoneIsARemovedModelAndANewModelBreaksNothing() throws {
        let other = "Other:\n  properties:\n    x: string"
        let changes = try Self.details(Self.book("pages: int32"), other, .backward)
        #expect(changes.map { "\($0.side.rawValue) \($0.kind)@\($0.path)" } == ["input model_removed@"])
        #expect(try Self.changes(other, Self.book("pages: int32"), .full) == [])
    }

    @Test func changesAreListedInPathOrderWhateverTheDeclarationOrder() throws {
        let old = Self.book("zeta: int64\n    alpha: int64\n    mid: string")
        let new = Self.book("zeta: int8\n    alpha: int8\n    mid: { type: string, required: true }")
        #expect(try Self.changes(old, new, .backward) ==
                ["type_narrowed@/properties/alpha", "became_required@/properties/mid", "type_narrowed@/properties/zeta"])
    }

    @Test func everyShippedModelIsWalkedAsASubsetOfItself() throws {
        // Without the shortcut for equal documents: the walk itself finds nothing to list.
        let registry = try Engine(directory: EngineFixture.schemasDirectory).registry
        #expect(!registry.names.isEmpty)
        for name in registry.names {
            let input = try #require(SchemaDocument.input(of: name, in: registry))
            let output = try #require(SchemaDocument.output(of: name, in: registry))
            var inputWalk = SchemaSubset(side: .input, sub: input, sup: input)
            var valuesWalk = SchemaSubset(side: .input, sub: output, sup: output, valuesOnly: true)
            var outputWalk = SchemaSubset(side: .output, sub: output, sup: output)
            #expect(inputWalk.run() == [], "\(name) input")
            #expect(valuesWalk.run() == [], "\(name) values")
            #expect(outputWalk.run() == [], "\(name) output")
        }
    }

    @Test func aSchemaNestedPastTheLimitStopsWithOneChange() {
        // Hand-made schemas: a client may send any nesting, which the walk must bound.
        var old: JSONValue = ["type": "string"], new: JSONValue = ["type": "integer"]
        for _ in 0..<200 {
            old = ["type": "array", "items": old]
            new = ["type": "array", "items": new]
        }
        var walk = SchemaSubset(side: .input, sub: SchemaDocument(root: old, defs: [:]), sup: SchemaDocument(root: new, defs: [:]))
        let changes = walk.run()
        #expect(changes.count == 1)
        #expect(changes.first?.kind == "constraint_tightened")
        #expect(changes.first?.path.hasPrefix("/items/items") == true)
    }

    @Test func noMoreThanTheCapOfChangesIsListed() {
        let count = SchemaSubset.maxChanges + 50
        let names = (0..<count).map { "p\($0)" }
        let old = JSONValue.object([.init("type", "object"), .init("properties", .object(names.map { .init($0, ["type": "string"]) }))])
        let new = JSONValue.object([.init("type", "object"), .init("properties", .object(names.map { .init($0, ["type": "boolean"]) }))])
        var walk = SchemaSubset(side: .input, sub: SchemaDocument(root: old, defs: [:]), sup: SchemaDocument(root: new, defs: [:]))
        #expect(walk.run().count == SchemaSubset.maxChanges)
    }

    @Test func referencesThatLoopOnBothSidesEnd() {
        // A ↔ B on one side, A alone on the other: each pair is walked once.
        let a: JSONValue = ["type": "object", "properties": ["next": ["$ref": "#/$defs/B"], "n": ["type": "integer"]]]
        let b: JSONValue = ["type": "object", "properties": ["next": ["$ref": "#/$defs/A"], "n": ["type": "integer"]]]
        let looped: JSONValue = ["type": "object", "properties": ["next": ["$ref": "#/$defs/A"], "n": ["type": "string"]]]
        var walk = SchemaSubset(side: .output, sub: SchemaDocument(root: ["$ref": "#/$defs/A"], defs: ["A": a, "B": b]),
                                sup: SchemaDocument(root: ["$ref": "#/$defs/A"], defs: ["A": looped]))
        let changes = walk.run()
        #expect(changes.map { "\($0.kind)@\($0.path)" } == ["output_type_widened@/properties/n", "output_type_widened@/properties/next/properties/n"])
    }
}
