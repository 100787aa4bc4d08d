import Testing
@testable import MappingEngine

/// SPEC §9: which JSON types each union branch takes, and the load error for two branches that
/// take the same one, which names both and shows a payload value reaching both.
@Suite struct UnionLoadTests {
    /// (branch type, the JSON types it takes) — its strict converter's natural types.
    static let takes: [(String, [String])] = [
        ("bool", ["boolean"]),
        ("int8", ["number"]), ("int64", ["number"]), ("uint64", ["number"]),
        ("float", ["number"]), ("double", ["number"]),
        ("decimal", ["number", "string"]),
        ("string", ["string"]), ("date", ["string"]), ("url", ["string"]), ("data", ["string"]),
        ("any", ["boolean", "number", "string", "array", "object"]),
        ("N", ["object"]), ("map<int64>", ["object"]),
        ("array<string>", ["array"]), ("set<N>", ["array"]),
    ]

    @Test(arguments: takes)
    func eachBranchTakesItsStrictNaturalTypes(_ branch: String, _ types: [String]) throws {
        let type = try TypeRef(parsing: branch)
        #expect(UnionBranches.types(of: type, formats: nil).names == types)
    }

    @Test func aDateWhoseFormatsNameAnEpochFormTakesNumbersToo() throws {
        #expect(UnionBranches.types(of: TypeRef(.date), formats: [.epoch]).names == ["number", "string"])
        #expect(UnionBranches.types(of: TypeRef(.date), formats: [.rfc3339]).names == ["string"])
    }

    /// The one error of loading model `M` with property `v` of `type` (and extra options).
    static func loadError(_ type: String, options: String = "", sourceLocation: SourceLocation = #_sourceLocation) -> SchemaError? {
        let schema = EngineFixture.singlePropertySchema("{ type: \"\(type)\"\(options) }")
        let errors = SchemaErrorTests.errors([(file: "m.yaml", text: schema)], sourceLocation: sourceLocation)
        #expect(errors.count == 1, "\(errors)", sourceLocation: sourceLocation)
        #expect(errors.first.map { ($0.file, $0.model, $0.property) } ?? ("", nil, nil) == ("m.yaml", "M", "v"), sourceLocation: sourceLocation)
        return errors.first
    }

    /// (union, the two branches named, the JSON type they share, the witness)
    static let overlaps: [(String, String, String, String)] = [
        ("int64 | double", "'int64' and 'double'", "number", "1"),
        ("int32 | decimal", "'int32' and 'decimal'", "number", "1"),
        ("float | double", "'float' and 'double'", "number", "1"),
        ("decimal | string", "'decimal' and 'string'", "string", #""1""#),
        ("string | url", "'string' and 'url'", "string", #""https://example.com/""#),
        ("date | string", "'date' and 'string'", "string", #""2024-05-17T00:00:00Z""#),
        ("string | string", "'string' and 'string'", "string", #""text""#),
        ("N | map<string>", "'N' and 'map<string>'", "object", "{}"),
        ("array<int64> | set<string>", "'array<int64>' and 'set<string>'", "array", "[]"),
        ("bool | any", "'bool' and 'any'", "boolean", "true"),
        ("int64 | string | bool | N | array<N> | double", "'int64' and 'double'", "number", "1"),
    ]

    @Test(arguments: overlaps)
    func twoBranchesTakingOneJSONTypeAreRefusedWithAWitness(_ union: String, _ branches: String, _ shared: String, _ witness: String) throws {
        let error = try #require(Self.loadError(union))
        #expect(error.message.contains("union '\(union)'"), "\(error.message)")
        #expect(error.message.contains("branches \(branches) both take a JSON \(shared)"), "\(error.message)")
        #expect(error.message.contains("(\(witness) reaches both)"), "\(error.message)")
    }

    @Test func anOverlapInsideAContainerIsRefusedToo() throws {
        let error = try #require(Self.loadError("array<int64 | uint8>"))
        #expect(error.message.contains("branches 'int64' and 'uint8' both take a JSON number"), "\(error.message)")
        #expect(error.message.contains("(1 reaches both)"))
    }

    @Test func epochFormatsMakeADateBranchOverlapANumberBranch() throws {
        let error = try #require(Self.loadError("date | int64", options: ", formats: [epoch]"))
        #expect(error.message.contains("branches 'date' and 'int64' both take a JSON number"), "\(error.message)")
    }

    /// (options, a part of the message): scalar checks would mean different things per branch.
    static let unfitting: [(String, String)] = [
        (", minimum: 1", "minimum/maximum do not fit"),
        (", maxLength: 3", "minLength/maxLength do not fit"),
        (", pattern: \"^a\"", "pattern does not fit"),
        (", enum: [a]", "enum/values do not fit"),
        (", values: { \"1\": one }", "enum/values do not fit"),
        (", maxItems: 3", "minItems/maxItems do not fit"),
        (", wrapSingle: true", "wrapSingle does not fit"),
        (", formats: [epoch]", "formats do not fit"),
    ]

    @Test(arguments: unfitting)
    func scalarOptionsDoNotFitAUnion(_ options: String, _ expected: String) throws {
        let error = try #require(Self.loadError("int64 | string", options: options))
        #expect(error.message.contains(expected), "\(error.message)")
    }

    @Test func formatsFitAUnionWithADateBranchAndADefaultMustConvert() throws {
        let schema = EngineFixture.singlePropertySchema(#"{ type: "date | bool", formats: ["dd.MM.yyyy"], default: true }"#)
        _ = try EngineFixture.registry(schema)
        let error = try #require(Self.loadError("int64 | string?", options: ", default: [1]"))
        #expect(error.message.contains("default [1] does not convert"), "\(error.message)")
        #expect(error.message.contains("expected int64 | string, got array"), "\(error.message)")
    }

    @Test func aMissingModelInABranchIsNamed() throws {
        let error = try #require(Self.loadError("string | Missing"))
        #expect(error.message.contains("Missing"), "\(error.message)")
    }
}
